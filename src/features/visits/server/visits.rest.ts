// The documented visits paths: free slots, booking, the family's bookings and cancelling, the .ics files.
import { z } from 'zod';
import { queryValue, restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { APPOINTMENT_KINDS, BOOKING_STATUSES, BookSchema, KindSchema, type BookingDto, type SlotDto } from '../visits.schema.ts';
import { visitsRouter } from './visits.router.ts';

const SlotSchema = z
  .strictObject({ startsAt: IsoInstantSchema, endsAt: IsoInstantSchema })
  .meta({ id: 'Slot' }) satisfies z.ZodType<SlotDto>;
const BookingSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(APPOINTMENT_KINDS),
    status: z.enum(BOOKING_STATUSES),
    startsAt: IsoInstantSchema,
    endsAt: IsoInstantSchema,
    timeZone: z.string(),
    note: z.string(),
    breederMessage: z.string(),
    changeable: z.boolean(),
  })
  .meta({ id: 'Booking' }) satisfies z.ZodType<BookingDto>;

const calendarHeaders = (filename: string) => ({
  'content-type': 'text/calendar; charset=utf-8',
  'content-disposition': `attachment; filename="${filename}"`,
});

export const visitsRest = restRoutes(visitsRouter, [
  {
    method: 'GET',
    url: '/api/availability',
    // Unknown values pass through so the shared schema answers them with a 400 and its message.
    call: (c, { query }) =>
      c.availability({ kind: queryValue(query.kind) as never, from: queryValue(query.from) as never, to: queryValue(query.to) as never }),
    doc: {
      tag: 'Visits',
      summary: 'Free times of one kind of appointment between two instants (at most 90 days), in the breeder’s hours',
      access: 'signed-in',
      query: z.object({ kind: KindSchema, from: IsoInstantSchema, to: IsoInstantSchema }),
      response: z.array(SlotSchema),
      errors: [400, 401],
    },
  },
  {
    method: 'POST',
    url: '/api/bookings',
    status: 201,
    bodyLimit: 8 * 1024,
    call: (c, { body }) => c.book(body as never),
    doc: {
      tag: 'Visits',
      summary: 'Book a free time (409 when it was just taken); the confirmation e-mail carries an .ics invitation',
      access: 'signed-in',
      body: BookSchema,
      response: BookingSchema,
      errors: [400, 401, 403, 409],
    },
  },
  {
    method: 'GET',
    url: '/api/bookings/mine',
    call: (c) => c.mine(),
    doc: {
      tag: 'Visits',
      summary: 'The signed-in family’s bookings, newest first',
      access: 'signed-in',
      response: z.array(BookingSchema),
      errors: [401],
    },
  },
  {
    method: 'DELETE',
    url: '/api/bookings/:id',
    call: (c, { params }) => c.cancel({ id: params.id }),
    doc: {
      tag: 'Visits',
      summary: 'Cancel one of the family’s bookings up to the breeder’s cut-off; a METHOD:CANCEL e-mail removes it from calendars',
      access: 'signed-in',
      params: z.object({ id: z.string() }),
      response: BookingSchema,
      errors: [400, 401, 404, 409],
    },
  },
  {
    method: 'GET',
    url: '/api/bookings/:id/ics',
    headers: calendarHeaders('booking.ics'),
    call: (c, { params }) => c.ics({ id: params.id }),
    doc: {
      tag: 'Visits',
      summary: 'One of the family’s bookings as an .ics file',
      access: 'signed-in',
      params: z.object({ id: z.string() }),
      response: 'calendar',
      errors: [400, 401, 404],
    },
  },
  {
    method: 'GET',
    url: '/api/visits/feed/:token',
    headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' },
    call: (c, { params }) => c.feed({ token: params.token ?? '' }),
    doc: {
      tag: 'Visits',
      summary: 'The breeder’s private calendar feed (subscribe from Google, Apple or Outlook); the token is secret and revocable',
      params: z.object({ token: z.string() }),
      response: 'calendar',
      errors: [400, 404],
    },
  },
]);
