import { publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { ConfirmSchema, SubscribeSchema, UnsubscribeLinkRequestSchema, UnsubscribeSchema } from '../subscribers.schema.ts';
import { confirmSubscription, subscribe, unsubscribe } from './subscribers.service.ts';
import { sendUnsubscribeLink } from './unsubscribe-link.service.ts';

export const SUBSCRIBE_RATE_LIMIT = { limit: 5, windowMs: 60_000 };
export const UNSUBSCRIBE_LINK_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

export const subscribersRouter = router({
  subscribe: publicProcedure
    .use(rateLimited('subscribers', SUBSCRIBE_RATE_LIMIT.limit, SUBSCRIBE_RATE_LIMIT.windowMs))
    .input(SubscribeSchema)
    .mutation(({ ctx, input }) => subscribe(ctx.em, input, ctx.services)),
  confirm: publicProcedure
    .use(rateLimited('confirm', 20, 60_000))
    .input(ConfirmSchema)
    .mutation(({ ctx, input }) => confirmSubscription(ctx.em, input.token)),
  unsubscribe: publicProcedure
    .use(rateLimited('unsubscribe', 20, 60_000))
    .input(UnsubscribeSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx.em, input.token)),
  requestUnsubscribeLink: publicProcedure
    .use(rateLimited('unsubscribe-link', UNSUBSCRIBE_LINK_RATE_LIMIT.limit, UNSUBSCRIBE_LINK_RATE_LIMIT.windowMs))
    .input(UnsubscribeLinkRequestSchema)
    .mutation(({ ctx, input }) => sendUnsubscribeLink(ctx.em, input, ctx.services)),
});
