import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import type { TestimonialDto } from '../testimonials.schema.ts';
import { testimonialsRouter } from './testimonials.router.ts';

export const TestimonialResponseSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    content: z.string(),
    rating: z.number().int().min(1).max(5),
    location: z.string(),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'Testimonial' }) satisfies z.ZodType<TestimonialDto>;

export const testimonialsRest = restRoutes(testimonialsRouter, [
  {
    method: 'GET',
    url: '/api/testimonials/featured',
    call: (c) => c.featured(),
    doc: { tag: 'Testimonials', summary: 'Testimonials shown on the home page', response: z.array(TestimonialResponseSchema) },
  },
]);
