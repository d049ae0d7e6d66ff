// The family's visits procedures: every one for a signed-in account about its own bookings; the feed is public behind its secret token.
import { authedProcedure, publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { AvailabilityQuerySchema, BookSchema, BookingIdSchema, FeedTokenSchema, RescheduleSchema } from '../visits.schema.ts';
import { availability, book, bookingOptions, cancelMine, myBookingIcs, myBookings, rescheduleMine } from './visits.service.ts';
import { feed } from './visits-feed.ts';

/** Bookings made, moved or cancelled, per account (each mails the family and tells the breeder): a family books a few a year; a script cannot take the calendar. */
export const BOOKING_CHANGE_RATE_LIMIT = { limit: 60, windowMs: 60 * 60_000 };
const bookingChanges = rateLimited('visits-change', BOOKING_CHANGE_RATE_LIMIT.limit, BOOKING_CHANGE_RATE_LIMIT.windowMs, 'account');

export const visitsRouter = router({
  options: authedProcedure.query(({ ctx }) => bookingOptions(ctx.em, ctx.user.id)),
  availability: authedProcedure
    .input(AvailabilityQuerySchema)
    .query(({ ctx, input }) => availability(ctx.em, input, new Date(), ctx.user.id)),
  book: authedProcedure
    .use(bookingChanges)
    .input(BookSchema)
    .mutation(({ ctx, input }) => book(ctx.em, ctx.services, ctx.user, input)),
  mine: authedProcedure.query(({ ctx }) => myBookings(ctx.em, ctx.user.id)),
  reschedule: authedProcedure
    .use(bookingChanges)
    .input(RescheduleSchema)
    .mutation(({ ctx, input }) => rescheduleMine(ctx.em, ctx.services, ctx.user.id, input)),
  cancel: authedProcedure
    .use(bookingChanges)
    .input(BookingIdSchema)
    .mutation(({ ctx, input }) => cancelMine(ctx.em, ctx.services, ctx.user.id, input.id)),
  ics: authedProcedure.input(BookingIdSchema).query(({ ctx, input }) => myBookingIcs(ctx.em, ctx.services, ctx.user.id, input.id)),
  feed: publicProcedure.input(FeedTokenSchema).query(({ ctx, input }) => feed(ctx.em, ctx.services, input.token)),
});
