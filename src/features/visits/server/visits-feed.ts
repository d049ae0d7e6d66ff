// The breeder's private calendar feed: made, revoked, and read with its token.
// Bookings: who may book what, free slots from the breeder's hours, booking, moving and cancelling with an
// invitation e-mail each time, the family's .ics and the breeder's private feed. The database's exclusion
// constraint (bookings_no_overlap) is the last word on double booking: a race loses with a clear CONFLICT.
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { DELETED_FAMILY, VISITS_MESSAGES } from '../visits.schema.ts';
import { buildCalendar } from './ics.ts';
import { Booking } from './visits.entity.ts';
import { familyName, icsEvent } from './booking-mail.ts';
import { HOUR, loadSettings } from './visits.service.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new secret feed address (the old one stops working). The token is shown once; only its hash is kept. */
export async function createFeed(em: EntityManager, appOrigin: string): Promise<{ url: string }> {
  const settings = await loadSettings(em);
  const token = randomBytes(24).toString('base64url');
  settings.feedTokenHash = hashToken(token);
  await em.flush();
  return { url: `${appOrigin}/api/visits/feed/${token}.ics` };
}

export async function revokeFeed(em: EntityManager): Promise<void> {
  const settings = await loadSettings(em);
  settings.feedTokenHash = null;
  await em.flush();
}

/** The breeder's calendar: every live booking from 30 days back, as a subscribable iCalendar feed. */
export async function feed(em: EntityManager, services: AppServices, token: string, now = new Date()): Promise<string> {
  const settings = await loadSettings(em);
  const bare = token.replace(/\.ics$/, '');
  if (!settings.feedTokenHash || !/^[A-Za-z0-9_-]{20,64}$/.test(bare) || hashToken(bare) !== settings.feedTokenHash) {
    throw new AppError('NOT_FOUND', VISITS_MESSAGES.feedNotFound);
  }
  // Cancelled bookings stay in the feed as STATUS:CANCELLED with their raised SEQUENCE, so a subscribed
  // calendar learns of the cancellation (and a family's deleted account) rather than only losing the event.
  const rows = await em.find(
    Booking,
    { startsAt: { $gte: new Date(now.getTime() - 30 * 24 * HOUR) } },
    { populate: ['family'], orderBy: { startsAt: 'asc' }, limit: 2000 },
  );
  const breeder = await services.mail.breeder(em);
  return buildCalendar({
    method: 'PUBLISH',
    name: `${breeder.name}: visits and pickups`,
    timeZone: settings.timeZone,
    events: rows.map((b) => icsEvent(b, breeder, { name: b.family ? familyName(b.family) : DELETED_FAMILY, email: null }, true)),
  });
}
