import { restRoutes } from '../../../lib/server/rest.ts';
import { testimonialsRouter } from './testimonials.router.ts';

export const testimonialsRest = restRoutes(testimonialsRouter, [
  { method: 'GET', url: '/api/testimonials/featured', call: (c) => c.featured() },
]);
