// Testimonial shapes, shared by the server and the forms.
import { z } from 'zod';
import { optionalImagePath } from '../media/media.schema.ts';

export interface TestimonialDto {
  id: number;
  name: string;
  content: string;
  rating: number;
  location: string;
  imageUrl: string | null;
}

// Admin (dashboard) shapes.

export interface TestimonialAdminDto extends TestimonialDto {
  featured: boolean;
  createdAt: string;
}

export const TestimonialInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  content: z.string().trim().min(1, 'The testimonial text is required.').max(5000, 'Text must be at most 5,000 characters.'),
  rating: z
    .number('Rating must be from 1 to 5.')
    .int('Rating must be from 1 to 5.')
    .min(1, 'Rating must be from 1 to 5.')
    .max(5, 'Rating must be from 1 to 5.')
    .default(5),
  location: z.string().trim().max(100, 'Location must be at most 100 characters.').default(''),
  imageUrl: optionalImagePath(),
  featured: z.boolean().default(true),
});
export type TestimonialInput = z.input<typeof TestimonialInputSchema>;
export const TestimonialUpdateSchema = TestimonialInputSchema.extend({ id: z.number().int().positive() });
