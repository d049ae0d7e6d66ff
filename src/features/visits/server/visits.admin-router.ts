// The breeder's visits procedures: hours, bookings (move or cancel with a message) and the calendar feed.
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { AdminBookingListSchema, AdminCancelSchema, AdminMoveSchema, AvailabilitySettingsSchema } from '../visits.schema.ts';
import { getSettings, listBookings, saveSettings } from './visits.admin-service.ts';
import { adminCancel, adminMove } from './visits.service.ts';
import { createFeed, revokeFeed } from './visits-feed.ts';

export const visitsAdminRouter = router({
  settings: adminProcedure.query(({ ctx }) => getSettings(ctx.em)),
  saveSettings: adminProcedure.input(AvailabilitySettingsSchema).mutation(({ ctx, input }) => saveSettings(ctx.em, input)),
  list: adminProcedure.input(AdminBookingListSchema).query(({ ctx, input }) => listBookings(ctx.em, input)),
  cancel: adminProcedure.input(AdminCancelSchema).mutation(({ ctx, input }) => adminCancel(ctx.em, ctx.services, input.id, input.message)),
  move: adminProcedure.input(AdminMoveSchema).mutation(({ ctx, input }) => adminMove(ctx.em, ctx.services, input)),
  createFeed: adminProcedure.mutation(({ ctx }) => createFeed(ctx.em, ctx.services.env.appOrigin)),
  revokeFeed: adminProcedure.mutation(({ ctx }) => revokeFeed(ctx.em)),
});
