// The testimonials feature's face to the app (decision 146).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Testimonial, testimonialMediaRefs } from './testimonial.entity.ts';
import { testimonialsRouter } from './testimonials.router.ts';
import { testimonialsAdminRouter } from './testimonials.admin-router.ts';
import { testimonialsRest } from './testimonials.rest.ts';

export const testimonialsModule = defineFeature({
  name: 'testimonials',
  entities: [Testimonial],
  routers: { testimonials: testimonialsRouter },
  adminRouters: { testimonials: testimonialsAdminRouter },
  rest: testimonialsRest,
  mediaReferences: [testimonialMediaRefs],
});
