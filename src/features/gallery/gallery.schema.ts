// Gallery image shapes, shared by the server and the forms.
import { z } from 'zod';
import { requiredImagePath } from '../media/media.schema.ts';

export interface GalleryImageDto {
  id: number;
  imageUrl: string;
  title: string;
  description: string;
  featured: boolean;
}

// Admin (dashboard) shapes.

export interface GalleryImageAdminDto extends GalleryImageDto {
  sortOrder: number;
}

export const GalleryImageInputSchema = z.object({
  imageUrl: requiredImagePath('Upload a photo.'),
  title: z.string().trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
  description: z.string().trim().max(2000, 'Description must be at most 2,000 characters.').default(''),
  featured: z.boolean().default(false),
});
export type GalleryImageInput = z.input<typeof GalleryImageInputSchema>;
export const GalleryImageUpdateSchema = GalleryImageInputSchema.extend({ id: z.number().int().positive() });

/** The new order of some gallery images (for example one page of the list), first to last. */
export const GalleryReorderSchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, 'Nothing to reorder.')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Each image may appear only once.'),
});
