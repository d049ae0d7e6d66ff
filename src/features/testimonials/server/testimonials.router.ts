import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listFeaturedTestimonials } from './testimonials.service.ts';

export const testimonialsRouter = router({
  featured: publicProcedure.query(({ ctx }) =>
    ctx.services.publicCache.wrap('testimonials.featured', () => listFeaturedTestimonials(ctx.em)),
  ),
});
