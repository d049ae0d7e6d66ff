import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';

export const Testimonial = defineEntity({
  name: 'Testimonial',
  tableName: 'testimonials',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    content: p.text(),
    rating: p.integer().default(5),
    location: p.string().length(100).default(''),
    imageUrl: p.string().length(500).nullable(),
    featured: p.boolean().default(true),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ITestimonial = InstanceType<typeof Testimonial.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const testimonialMediaRefs = mediaReference(Testimonial, ['imageUrl']);
