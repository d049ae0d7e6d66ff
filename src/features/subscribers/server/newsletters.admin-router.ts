import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import {
  AudienceSchema,
  NewsletterInputSchema,
  NewsletterListSchema,
  NewsletterSendSchema,
  NewsletterStartSchema,
  NewsletterUpdateSchema,
} from '../newsletters.schema.ts';
import {
  audienceOptions,
  countAudience,
  createNewsletter,
  dismissNewsletterFailures,
  getNewsletter,
  listNewsletters,
  previewNewsletter,
  publishAsPost,
  removeNewsletter,
  retryNewsletterFailures,
  sendNewsletter,
  sendTestNewsletter,
  startNewsletter,
  unscheduleNewsletter,
  updateNewsletter,
} from './newsletters.admin-service.ts';

export const newslettersAdminRouter = router({
  list: adminProcedure.input(NewsletterListSchema).query(({ ctx, input }) => listNewsletters(ctx.em, input, ctx.services)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getNewsletter(ctx.em, input.id, ctx.services)),
  audiences: adminProcedure.query(({ ctx }) => audienceOptions(ctx.em)),
  create: adminProcedure.input(NewsletterInputSchema).mutation(({ ctx, input }) => createNewsletter(ctx.em, input)),
  start: adminProcedure.input(NewsletterStartSchema).mutation(({ ctx, input }) => startNewsletter(ctx.em, input, ctx.services)),
  update: adminProcedure
    .input(NewsletterUpdateSchema)
    .mutation(({ ctx, input }) => updateNewsletter(ctx.em, input.id, input.data, ctx.services)),
  remove: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => removeNewsletter(ctx.em, input.id)),
  preview: adminProcedure.input(NewsletterInputSchema).mutation(({ ctx, input }) => previewNewsletter(ctx.em, input, ctx.services)),
  sendTest: adminProcedure.input(NewsletterInputSchema).mutation(({ ctx, input }) => sendTestNewsletter(ctx.em, input, ctx.services)),
  send: adminProcedure.input(NewsletterSendSchema).mutation(({ ctx, input }) => sendNewsletter(ctx.em, input, ctx.services)),
  unschedule: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => unscheduleNewsletter(ctx.em, input.id, ctx.services)),
  retryFailed: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => retryNewsletterFailures(ctx.em, input.id, ctx.services)),
  dismissFailed: adminProcedure
    .input(IdInputSchema)
    .mutation(({ ctx, input }) => dismissNewsletterFailures(ctx.em, input.id, ctx.services)),
  /** How many addresses an audience reaches now: shown under the audience while composing. */
  countAudience: adminProcedure.input(AudienceSchema).query(({ ctx, input }) => countAudience(ctx.em, input)),
  /** A sent newsletter as a published blog post, once (a second call is refused). */
  publishAsPost: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => publishAsPost(ctx.em, input.id, ctx.services)),
});
