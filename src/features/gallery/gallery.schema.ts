// Gallery image shapes, shared by the server and the forms.
export interface GalleryImageDto {
  id: number;
  imageUrl: string;
  title: string;
  description: string;
  featured: boolean;
}
