// The family's health procedures: each answers only about a puppy matched to the signed-in family (the breeder may read any).
import { authedProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { CreateShareLinkSchema, IdSchema, PuppyIdSchema, RemindersSchema } from '../health.schema.ts';
import { recordFor, reminderPreference, setReminderPreference } from './health.service.ts';
import { myHealthPuppies } from './puppy-facts.ts';
import { createShareLink, revokeShareLink, shareLinks } from './share-links.ts';

/** New vet links, per account: a family shares its puppy's record with a vet or two, not hundreds. */
export const SHARE_LINK_RATE_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

export const healthRouter = router({
  puppies: authedProcedure.query(({ ctx }) => myHealthPuppies(ctx.em, ctx.user.id)),
  record: authedProcedure.input(PuppyIdSchema).query(({ ctx, input }) => recordFor(ctx.em, ctx.user, input.puppyId)),
  shareLinks: authedProcedure
    .input(PuppyIdSchema)
    .query(({ ctx, input }) => shareLinks(ctx.em, ctx.user, input.puppyId, ctx.services.env.appOrigin)),
  createShareLink: authedProcedure
    .use(rateLimited('vet-link-create', SHARE_LINK_RATE_LIMIT.limit, SHARE_LINK_RATE_LIMIT.windowMs, 'account'))
    .input(CreateShareLinkSchema)
    .mutation(({ ctx, input }) => createShareLink(ctx.em, ctx.user, input, ctx.services.env.appOrigin)),
  revokeShareLink: authedProcedure.input(IdSchema).mutation(({ ctx, input }) => revokeShareLink(ctx.em, ctx.user, input.id)),
  reminders: authedProcedure.query(({ ctx }) => reminderPreference(ctx.em, ctx.user.id)),
  setReminders: authedProcedure
    .input(RemindersSchema)
    .mutation(({ ctx, input }) => setReminderPreference(ctx.em, ctx.user.id, input.enabled)),
});
