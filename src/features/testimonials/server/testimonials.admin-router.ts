import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema, PageInputSchema } from '../../../lib/shared/paging.ts';
import { TestimonialInputSchema, TestimonialUpdateSchema } from '../testimonials.schema.ts';
import {
  createTestimonial,
  getTestimonialAdmin,
  listTestimonialsAdmin,
  removeTestimonial,
  updateTestimonial,
} from './testimonials.admin-service.ts';

export const testimonialsAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listTestimonialsAdmin(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getTestimonialAdmin(ctx.em, input.id)),
  create: adminProcedure.input(TestimonialInputSchema).mutation(({ ctx, input }) => createTestimonial(ctx.em, input)),
  update: adminProcedure.input(TestimonialUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { testimonial, releasedUrl } = await updateTestimonial(ctx.em, id, data);
    await ctx.services.media.release([releasedUrl]);
    return testimonial;
  }),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrl } = await removeTestimonial(ctx.em, input.id);
    await ctx.services.media.release([releasedUrl]);
    return { ok: true as const };
  }),
});
