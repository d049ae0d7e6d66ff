// Parent dog shapes, shared by the server and the forms.
import { z } from 'zod';
import { optionalImagePath } from '../media/media.schema.ts';
import { IsoDateSchema } from '../litters/litters.schema.ts';

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

// Admin (dashboard) shapes.

export const PARENT_GENDERS = ['female', 'male'] as const;

/** A parent dog as the dashboard sees it: the public shape plus featured and display order. */
export interface ParentDogAdminDto extends ParentDogDto {
  featured: boolean;
  sortOrder: number;
}

export const ParentDogInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  gender: z.enum(PARENT_GENDERS, 'Choose female or male.'),
  breed: z.string().trim().min(1, 'Breed is required.').max(100, 'Breed must be at most 100 characters.'),
  color: z.string().trim().min(1, 'Color is required.').max(100, 'Color must be at most 100 characters.'),
  weight: z.number('Weight must be a number.').positive('Weight must be more than 0.').max(300, 'Weight must be at most 300 lbs.').nullable().default(null),
  birthDate: IsoDateSchema.nullish().transform((v) => v ?? null),
  description: z.string().trim().max(5000, 'Description must be at most 5,000 characters.').default(''),
  imageUrl: optionalImagePath(),
  featured: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type ParentDogInput = z.input<typeof ParentDogInputSchema>;
export const ParentDogUpdateSchema = ParentDogInputSchema.extend({ id: z.number().int().positive() });
