import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import { SubscriberListSchema } from '../subscribers.schema.ts';
import { listSubscribers, removeSubscriber, subscribersCsv } from './subscribers.admin-service.ts';

export const subscribersAdminRouter = router({
  list: adminProcedure.input(SubscriberListSchema).query(({ ctx, input }) => listSubscribers(ctx.em, input)),
  remove: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => removeSubscriber(ctx.em, input.id)),
  exportCsv: adminProcedure
    .input(SubscriberListSchema.omit({ page: true }).default({}))
    .query(({ ctx, input }) => subscribersCsv(ctx.em, input)),
});
