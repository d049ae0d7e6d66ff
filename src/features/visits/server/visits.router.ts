// The family's visits procedures: every one for a signed-in account about its own bookings; the feed is public behind its secret token.
import { authedProcedure, publicProcedure, router } from '../../../lib/server/trpc.ts';
import { AvailabilityQuerySchema, BookSchema, BookingIdSchema, FeedTokenSchema, RescheduleSchema } from '../visits.schema.ts';
import { availability, book, bookingOptions, cancelMine, feed, myBookingIcs, myBookings, rescheduleMine } from './visits.service.ts';

export const visitsRouter = router({
  options: authedProcedure.query(({ ctx }) => bookingOptions(ctx.em, ctx.user.id)),
  availability: authedProcedure.input(AvailabilityQuerySchema).query(({ ctx, input }) => availability(ctx.em, input, new Date(), ctx.user.id)),
  book: authedProcedure.input(BookSchema).mutation(({ ctx, input }) => book(ctx.em, ctx.services, ctx.user, input)),
  mine: authedProcedure.query(({ ctx }) => myBookings(ctx.em, ctx.user.id)),
  reschedule: authedProcedure.input(RescheduleSchema).mutation(({ ctx, input }) => rescheduleMine(ctx.em, ctx.services, ctx.user.id, input)),
  cancel: authedProcedure.input(BookingIdSchema).mutation(({ ctx, input }) => cancelMine(ctx.em, ctx.services, ctx.user.id, input.id)),
  ics: authedProcedure.input(BookingIdSchema).query(({ ctx, input }) => myBookingIcs(ctx.em, ctx.services, ctx.user.id, input.id)),
  feed: publicProcedure.input(FeedTokenSchema).query(({ ctx, input }) => feed(ctx.em, ctx.services, input.token)),
});
