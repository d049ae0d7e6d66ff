import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';
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
  indexes: [
    {
      name: 'gallery_images_list_order_index',
      expression: 'create index "gallery_images_list_order_index" on "gallery_images" ("sort_order", "id")',
    },
    ...trigramIndexes('gallery_images', ['title']),
  ],
});
export type IGalleryImage = InstanceType<typeof GalleryImage.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const galleryImageMediaRefs = mediaReference(GalleryImage, ['imageUrl']);
