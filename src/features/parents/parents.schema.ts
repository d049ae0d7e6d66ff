// Parent dog shapes, shared by the server and the forms.
export interface ParentDogDto {
  id: number;
  name: string;
  gender: 'female' | 'male';
  breed: string;
  color: string;
  /** pounds */
  weight: number | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  description: string;
  imageUrl: string | null;
}
