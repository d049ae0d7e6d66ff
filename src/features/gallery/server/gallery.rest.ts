import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import type { GalleryImageDto } from '../gallery.schema.ts';
import { galleryRouter } from './gallery.router.ts';

export const GalleryImageResponseSchema = z
  .strictObject({
    id: z.number().int(),
    imageUrl: z.string(),
    title: z.string(),
    description: z.string(),
    featured: z.boolean(),
  })
  .meta({ id: 'GalleryImage' }) satisfies z.ZodType<GalleryImageDto>;

export const galleryRest = restRoutes(galleryRouter, [
  {
    method: 'GET',
    url: '/api/gallery',
    call: (c) => c.list(),
    doc: { tag: 'Gallery', summary: 'Every gallery image in the breeder’s order', response: z.array(GalleryImageResponseSchema) },
  },
]);
