// The breeder's side of visits: the hours editor's settings and the bookings list (paged and searched in the database).
import type { EntityManager } from '@mikro-orm/postgresql';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import {
  APPOINTMENT_KINDS,
  DELETED_FAMILY,
  type AdminBookingDto,
  type AdminBookingListInput,
  type AppointmentKind,
  type AvailabilitySettings,
  type AvailabilitySettingsDto,
} from '../visits.schema.ts';
import { Booking, type KindSettings } from './visits.entity.ts';
import { loadSettings, toBookingDto } from './visits.service.ts';
import { kindSettings } from './booking-rules.ts';

export async function getSettings(em: EntityManager): Promise<AvailabilitySettingsDto> {
  const s = await loadSettings(em);
  return {
    timeZone: s.timeZone,
    cutoffHours: s.cutoffHours,
    kinds: Object.fromEntries(APPOINTMENT_KINDS.map((k) => [k, kindSettings(s.kinds, k)])) as Record<AppointmentKind, KindSettings>,
    openings: s.openings,
    closures: s.closures.map((c) => ({
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      from: c.from ?? '',
      until: c.until ?? '',
      reason: c.reason ?? '',
    })),
    extraOpenings: s.extraOpenings ?? [],
    hasFeed: s.feedTokenHash !== null,
  };
}

export async function saveSettings(em: EntityManager, input: AvailabilitySettings): Promise<AvailabilitySettingsDto> {
  const s = await loadSettings(em);
  s.timeZone = input.timeZone;
  s.cutoffHours = input.cutoffHours;
  s.kinds = input.kinds;
  s.openings = [...input.openings].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  s.closures = [...input.closures].sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.from.localeCompare(b.from));
  s.extraOpenings = [...input.extraOpenings].sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
  await em.flush();
  return getSettings(em);
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listBookings(
  em: EntityManager,
  input: Required<Pick<AdminBookingListInput, 'page' | 'when'>> & { search?: string },
  now = new Date(),
): Promise<Page<AdminBookingDto>> {
  const settings = await loadSettings(em);
  const where: Record<string, unknown> =
    input.when === 'cancelled'
      ? { status: 'cancelled' }
      : { status: 'confirmed', startsAt: input.when === 'upcoming' ? { $gte: new Date(now.getTime() - 3_600_000) } : { $lt: now } };
  if (input.search) {
    const like = likePattern(input.search);
    where.family = { $or: [{ username: { $ilike: like } }, { displayName: { $ilike: like } }, { email: { $ilike: like } }] };
  }
  const [rows, total] = await em.findAndCount(Booking, where, {
    populate: ['family'],
    orderBy: { startsAt: input.when === 'upcoming' ? 'asc' : 'desc', id: 'asc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return {
    items: rows.map((b) => ({
      ...toBookingDto(b, settings, now),
      familyId: b.family?.id ?? null,
      familyName: b.family ? b.family.displayName || b.family.username : DELETED_FAMILY,
      familyEmail: b.family?.email ?? null,
    })),
    total,
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}
