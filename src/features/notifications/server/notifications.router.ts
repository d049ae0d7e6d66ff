// appRouter.notifications: this device's push subscription and the topics it chose (any signed-in account, its own devices only).
import { authedProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { DeviceQuerySchema, DeviceSchema, SubscribeSchema, TopicsSchema } from '../notifications.schema.ts';
import { deviceTopics, setDeviceTopics, subscribeDevice, unsubscribeDevice } from './push.service.ts';

/** Device registrations, per account (a browser subscribes once; its renewals are rare). */
export const PUSH_SUBSCRIBE_RATE_LIMIT = { limit: 20, windowMs: 60 * 60_000 };

export const notificationsRouter = router({
  /** The site's VAPID public key, which the browser needs to subscribe. */
  vapidKey: authedProcedure.query(async ({ ctx }) => ({ publicKey: await ctx.services.push.publicKey(ctx.em) })),
  device: authedProcedure.input(DeviceQuerySchema).query(({ ctx, input }) => deviceTopics(ctx.em, ctx.user, input?.endpoint)),
  subscribe: authedProcedure
    .use(rateLimited('push-subscribe', PUSH_SUBSCRIBE_RATE_LIMIT.limit, PUSH_SUBSCRIBE_RATE_LIMIT.windowMs, 'account'))
    .input(SubscribeSchema)
    .mutation(({ ctx, input }) => subscribeDevice(ctx.em, ctx.user, input, ctx.services.push.extraOrigins)),
  setTopics: authedProcedure.input(TopicsSchema).mutation(({ ctx, input }) => setDeviceTopics(ctx.em, ctx.user, input)),
  unsubscribe: authedProcedure.input(DeviceSchema).mutation(({ ctx, input }) => unsubscribeDevice(ctx.em, ctx.user, input.endpoint)),
});
