// Testimonial shapes, shared by the server and the forms.
export interface TestimonialDto {
  id: number;
  name: string;
  content: string;
  rating: number;
  location: string;
  imageUrl: string | null;
}
