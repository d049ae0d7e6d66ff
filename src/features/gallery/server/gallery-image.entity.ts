import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';

export const GalleryImage = defineEntity({
  name: 'GalleryImage',
  tableName: 'gallery_images',
  properties: {
    id: p.integer().primary().autoincrement(),
    imageUrl: p.string().length(500),
    title: p.string().length(200),
    description: p.text().default(''),
    featured: p.boolean().default(false),
    sortOrder: p.integer().default(0).index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IGalleryImage = InstanceType<typeof GalleryImage.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const galleryImageMediaRefs = mediaReference(GalleryImage, ['imageUrl']);
