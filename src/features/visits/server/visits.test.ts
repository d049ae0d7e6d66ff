// Visits through the real app: hours, free slots, booking through REST with an .ics invitation to a real SMTP
// server, no double booking under concurrent requests (PGlite, and PostgreSQL with TEST_DATABASE_URL), privacy,
// bad input, cut-off, the breeder's feed, pickups setting the portal's countdown and the reminder the day before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { buildApp } from '../../../server/app.ts';
import { appRouter } from '../../../server/router.ts';
import { testEnv, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../server/testing/test-db.ts';
import { signIn, TEST_PASSWORD } from '../../../server/testing/auth.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../server/testing/smtp.ts';
import type { Context, SessionUser } from '../../../lib/server/trpc.ts';
import { DELETED_FAMILY, VISITS_MESSAGES, type AvailabilitySettingsInput, type BookingDto } from '../visits.schema.ts';
import { addDays, localDate, zonedToInstant } from './slots.ts';
import { runReminders } from './visits.service.ts';
import {
  bookingFamily,
  DENVER,
  denverAt as at,
  OPEN_EVERY_DAY as SETTINGS,
  type BookingFamily as Family,
} from '../../../server/testing/visits.ts';

const DAY = 86_400_000;
const BREEDER = 'breeder@example.com';

describe('visits and go-home day', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let admin: Family;
  let approved: Family;
  let applicant: Family;
  let stranger: Family;
  let matched: Family;
  let young: Family;
  let matchedPuppyId: number;

  const caller = (user: SessionUser | null) =>
    appRouter.createCaller({
      em: db.orm.em.fork(),
      user,
      sessionId: null,
      services: app.services,
      req: { ip: '127.0.0.1' },
    } satisfies Context);
  const sql = <T = unknown>(text: string, params: unknown[] = []) => db.orm.em.fork().getConnection().execute<T[]>(text, params);
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload: payload ? JSON.stringify(payload) : undefined,
    });
  const book = (who: Family, startsAt: string, kind = 'visit', extra: Record<string, unknown> = {}) =>
    send('POST', '/api/bookings', who.cookie, { kind, startsAt, ...extra });

  /** The first message (arrived or arriving) that matches: waits for each next one, never by time. */
  async function mailMatching(pred: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
    for (let n = 1; ; n++) {
      const got = await smtp.waitFor(n, 15_000);
      const found = got.find(pred);
      if (found) return found;
      n = Math.max(n, got.length);
    }
  }
  async function calendarOf(mail: ReceivedMail) {
    const parsed = await simpleParser(mail.raw);
    const part = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(part, 'a text/calendar part').toBeTruthy();
    const comp = new ICAL.Component(ICAL.parse(part!.content.toString('utf8')));
    for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
    return { comp, event: new ICAL.Event(comp.getFirstSubcomponent('vevent')!) };
  }

  const family = (name: string, status: string | null) => bookingFamily(db.orm, caller, name, status);

  async function puppyFor(f: Family, bornDaysAgo: number): Promise<number> {
    const born = new Date(Date.now() - bornDaysAgo * DAY).toISOString().slice(0, 10);
    const [litter] = await sql<{ id: number }>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('L', 'M', 'F', ?, now(), now()) returning "id"`,
      [born],
    );
    const [puppy] = await sql<{ id: number }>(
      `insert into "puppies" ("name", "gender", "color", "litter_id", "family_id", "status", "created_at", "updated_at") values ('Biscuit', 'male', 'red', ?, ?, 'reserved', now(), now()) returning "id"`,
      [litter!.id, f.user.id],
    );
    return puppy!.id;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    app = await buildApp({ orm: db.orm, env: testEnv({ SMTP_URL: smtp.url }), closeOrm: false, logger: false });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/settings' });
    await sql(`update "site_settings" set "email" = ?`, [BREEDER]);
    admin = { ...(await signIn(db.orm, { isAdmin: true })), email: BREEDER };
    approved = await family('approved_fam', 'approved');
    applicant = await family('applicant_fam', 'submitted');
    stranger = await family('stranger_fam', null);
    matched = await family('matched_fam', 'matched');
    young = await family('young_fam', 'matched');
    matchedPuppyId = await puppyFor(matched, 70);
    await puppyFor(young, 20);
    await caller(admin.user).admin.visits.saveSettings(SETTINGS);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  it('lists free times on the grid of the hours, in the breeder’s zone, and says who may book what', async () => {
    const res = await send(
      'GET',
      `/api/availability?kind=visit&from=${encodeURIComponent(at(3, '00:00'))}&to=${encodeURIComponent(at(4, '00:00'))}`,
      approved.cookie,
    );
    expect(res.statusCode).toBe(200);
    const slots = res.json() as { startsAt: string; endsAt: string }[];
    expect(slots.map((s) => s.startsAt)).toEqual(['09:00', '10:15', '11:30', '12:45', '14:00', '15:15'].map((t) => at(3, t)));
    expect(await caller(approved.user).visits.options()).toMatchObject({
      timeZone: DENVER,
      kinds: { visit: true, video: true, pickup: false },
    });
    expect(await caller(applicant.user).visits.options()).toMatchObject({ kinds: { visit: false, video: true, pickup: false } });
    expect(await caller(stranger.user).visits.options()).toMatchObject({ kinds: { visit: false, video: false, pickup: false } });
    expect(await caller(matched.user).visits.options()).toMatchObject({ kinds: { visit: true, pickup: true } });
  });

  it('answers bad availability questions with a clear 400 (range over 90 days, unknown kind, reversed range) and 401 without a session', async () => {
    const q = (kind: string, from: string, to: string, cookie: string | undefined = approved.cookie) =>
      send('GET', `/api/availability?kind=${kind}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, cookie);
    const long = await q('visit', at(1, '00:00'), at(92, '00:00'));
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to).toEqual([VISITS_MESSAGES.rangeTooLong]);
    const kind = await q('picnic', at(1, '00:00'), at(2, '00:00'));
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fieldErrors.kind).toEqual([VISITS_MESSAGES.kind]);
    expect((await q('visit', at(2, '00:00'), at(1, '00:00'))).json().fieldErrors.to).toEqual([VISITS_MESSAGES.rangeOrder]);
    expect((await q('visit', 'tomorrow', at(1, '00:00'))).json().fieldErrors.from).toEqual([VISITS_MESSAGES.instant]);
    expect((await q('visit', at(1, '00:00'), at(2, '00:00'), '')).statusCode).toBe(401);
  });

  it('books a visit: 201, an e-mail with a METHOD:REQUEST invitation ical.js reads, and the time is gone from the list', async () => {
    const startsAt = at(2, '10:15');
    const res = await book(approved, startsAt, 'visit', { timeZone: 'Europe/London', note: 'We will bring the kids' });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json() as BookingDto;
    expect(booking).toMatchObject({
      kind: 'visit',
      status: 'confirmed',
      startsAt,
      timeZone: DENVER,
      note: 'We will bring the kids',
      changeable: true,
    });
    const mail = await mailMatching((m) => m.to.includes(approved.email) && m.subject === 'Your visit is booked');
    expect(mail.text).toMatch(/MST|MDT/);
    expect(mail.text).toMatch(/GMT|BST/);
    const { comp, event } = await calendarOf(mail);
    expect(comp.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.sequence).toBe(0);
    expect(event.uid).toMatch(/^booking-[0-9a-f]{24}@localhost$/);
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60_000);
    const slots = await caller(approved.user).visits.availability({ kind: 'visit', from: at(2, '00:00'), to: at(3, '00:00') });
    expect(slots.map((s) => s.startsAt)).not.toContain(startsAt);
    // The visit's buffer keeps the next half hour from a video call too.
    const video = await caller(approved.user).visits.availability({ kind: 'video', from: at(2, '00:00'), to: at(3, '00:00') });
    expect(video.map((s) => s.startsAt)).not.toContain(at(2, '11:00'));
    expect(video.map((s) => s.startsAt)).toContain(at(2, '11:30'));
  });

  it('gives one booking and one "that time was just taken" to two families taking the same time at once', async () => {
    const startsAt = at(4, '09:00');
    const [a, b] = await Promise.all([book(approved, startsAt), book(matched, startsAt)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(VISITS_MESSAGES.taken);
    const [{ n }] = (await sql<{ n: string | number }>(
      `select count(*) as "n" from "bookings" where "starts_at" = ? and "status" <> 'cancelled'`,
      [startsAt],
    )) as [{ n: string | number }];
    expect(Number(n)).toBe(1);
  });

  it('keeps bookings of different lengths from overlapping under concurrent requests, and in the database itself', async () => {
    // A visit at 10:15 blocks 10:15-11:30; a video call at 10:30 falls inside it.
    const [visit, video] = await Promise.all([book(approved, at(5, '10:15')), book(applicant, at(5, '10:30'), 'video')]);
    expect([visit.statusCode, video.statusCode].sort()).toEqual([201, 409]);
    const rows = await sql<{ starts_at: Date; block_ends_at: Date }>(
      `select "starts_at", "block_ends_at" from "bookings" where "starts_at" >= ? and "starts_at" < ? and "status" <> 'cancelled'`,
      [at(5, '00:00'), at(6, '00:00')],
    );
    expect(rows).toHaveLength(1);
    // Written past the service, the constraint still refuses an overlap with whichever won (SQLSTATE 23P01).
    await expect(
      sql(
        `insert into "bookings" ("family_id", "kind", "starts_at", "ends_at", "block_ends_at", "time_zone", "family_time_zone", "uid", "created_at", "updated_at")
         values (?, 'video', ?, ?, ?, 'UTC', 'UTC', 'raw-1', now(), now())`,
        [stranger.user.id, at(5, '10:40'), at(5, '10:50'), at(5, '10:50')],
      ),
    ).rejects.toMatchObject({ code: '23P01' });
  });

  it('refuses a time in the past, off the grid, outside the hours, on a closed day, a kind the family may not book and an unknown zone: nothing booked', async () => {
    const before = await sql<{ n: string }>(`select count(*) as "n" from "bookings"`);
    const cases: [Family, string, string, Record<string, unknown>, number, string][] = [
      [approved, at(-1, '10:15'), 'visit', {}, 400, VISITS_MESSAGES.past],
      [approved, at(6, '10:20'), 'visit', {}, 400, VISITS_MESSAGES.offGrid],
      [approved, at(6, '19:00'), 'visit', {}, 400, VISITS_MESSAGES.offGrid],
      [applicant, at(6, '09:00'), 'visit', {}, 403, VISITS_MESSAGES.notAllowed.visit],
      [stranger, at(6, '09:00'), 'video', {}, 403, VISITS_MESSAGES.notAllowed.video],
      [approved, at(6, '09:00'), 'pickup', {}, 403, VISITS_MESSAGES.notAllowed.pickup],
      [young, at(6, '09:00'), 'pickup', {}, 403, VISITS_MESSAGES.notAllowed.pickup],
    ];
    for (const [who, startsAt, kind, extra, status, message] of cases) {
      const res = await book(who, startsAt, kind, extra);
      expect(res.statusCode, `${kind} at ${startsAt}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const zone = await book(approved, at(6, '09:00'), 'visit', { timeZone: 'Mars/Olympus_Mons' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fieldErrors.timeZone).toEqual([VISITS_MESSAGES.timeZone]);
    await caller(admin.user).admin.visits.saveSettings({
      ...SETTINGS,
      closures: [
        {
          startsOn: localDate(Date.parse(at(6, '12:00')), DENVER),
          endsOn: localDate(Date.parse(at(6, '12:00')), DENVER),
          reason: 'Whelping',
        },
      ],
    });
    const closed = await book(approved, at(6, '09:00'));
    await caller(admin.user).admin.visits.saveSettings(SETTINGS);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(VISITS_MESSAGES.offGrid);
    expect(await sql<{ n: string }>(`select count(*) as "n" from "bookings"`)).toEqual(before);
  });

  it('shows a family only its own bookings: another family’s booking is 404 to cancel, download or move', async () => {
    const own = (await book(approved, at(7, '09:00'))).json() as BookingDto;
    const mine = (await send('GET', '/api/bookings/mine', matched.cookie)).json() as BookingDto[];
    expect(mine.map((b) => b.id)).not.toContain(own.id);
    const del = await send('DELETE', `/api/bookings/${own.id}`, matched.cookie);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(VISITS_MESSAGES.notFound);
    expect((await send('GET', `/api/bookings/${own.id}/ics`, matched.cookie)).statusCode).toBe(404);
    await expect(caller(matched.user).visits.reschedule({ id: own.id, startsAt: at(7, '10:15') })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await send('DELETE', `/api/bookings/abc`, approved.cookie)).statusCode).toBe(400);
    const ics = await send('GET', `/api/bookings/${own.id}/ics`, approved.cookie);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(own.startsAt);
  });

  it('reschedules with SEQUENCE raised and cancels with METHOD:CANCEL and the same UID; the time is free again', async () => {
    const first = (await book(approved, at(8, '09:00'))).json() as BookingDto;
    const booked = await calendarOf(
      await mailMatching(
        (m) =>
          m.subject === 'Your visit is booked' &&
          m.text.includes(new Date(first.startsAt).toLocaleDateString('en-US', { timeZone: DENVER, month: 'short', day: 'numeric' })),
      ),
    );
    const moved = await caller(approved.user).visits.reschedule({ id: first.id, startsAt: at(8, '11:30') });
    expect(moved.startsAt).toBe(at(8, '11:30'));
    app.services.mail.wake();
    const movedCal = await calendarOf(await mailMatching((m) => m.subject === 'Your visit has moved'));
    expect(movedCal.event.uid).toBe(booked.event.uid);
    expect(movedCal.event.sequence).toBe(1);
    const del = await send('DELETE', `/api/bookings/${first.id}`, approved.cookie);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().status).toBe('cancelled');
    const cancel = await calendarOf(await mailMatching((m) => m.subject === 'Your visit is cancelled'));
    expect(cancel.comp.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.uid).toBe(booked.event.uid);
    expect(cancel.event.sequence).toBe(2);
    expect((await send('DELETE', `/api/bookings/${first.id}`, approved.cookie)).statusCode).toBe(409);
    expect((await book(matched, at(8, '11:30'))).statusCode).toBe(201);
  });

  it('stops online changes at the breeder’s cut-off; the breeder can still move or cancel with a message', async () => {
    const b = (await book(approved, at(2, '14:00'))).json() as BookingDto;
    await caller(admin.user).admin.visits.saveSettings({ ...SETTINGS, cutoffHours: 24 * 7 });
    try {
      const del = await send('DELETE', `/api/bookings/${b.id}`, approved.cookie);
      expect(del.statusCode).toBe(400);
      expect(del.json().message).toBe(VISITS_MESSAGES.pastCutoff);
      await caller(admin.user).admin.visits.move({ id: b.id, startsAt: at(2, '16:00'), message: 'Our vet comes at two.' });
      app.services.mail.wake();
      const moved = await mailMatching((m) => m.subject === 'Your visit has moved' && m.text.includes('Our vet comes at two.'));
      expect((await calendarOf(moved)).event.startDate.toJSDate().toISOString()).toBe(at(2, '16:00'));
      await caller(admin.user).admin.visits.cancel({ id: b.id, message: 'A storm is coming.' });
      app.services.mail.wake();
      const cancelled = await mailMatching((m) => m.subject === 'Your visit is cancelled' && m.text.includes('A storm is coming.'));
      expect((await calendarOf(cancelled)).comp.getFirstPropertyValue('method')).toBe('CANCEL');
    } finally {
      await caller(admin.user).admin.visits.saveSettings(SETTINGS);
    }
  });

  it('books a pickup for a puppy of 8 weeks and sets the portal’s countdown to it', async () => {
    const startsAt = at(3, '09:00');
    const res = await book(matched, startsAt, 'pickup');
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await sql<{ at: Date }>(`select "at" from "puppy_pickups" where "puppy_id" = ?`, [matchedPuppyId]);
    expect(new Date(row!.at).toISOString()).toBe(startsAt);
    await caller(matched.user).visits.cancel({ id: (res.json() as BookingDto).id });
    expect(await sql(`select "at" from "puppy_pickups" where "puppy_id" = ?`, [matchedPuppyId])).toEqual([]);
  });

  it('gives the breeder a private feed with every booking, and revoking it closes it', async () => {
    const b = (await book(approved, at(9, '12:45'))).json() as BookingDto;
    const { url } = await caller(admin.user).admin.visits.createFeed();
    const path = new URL(url).pathname;
    const res = await send('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const comp = new ICAL.Component(ICAL.parse(res.body));
    const events = comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const mine = events.find((e) => e.startDate.toJSDate().toISOString() === b.startsAt);
    expect(mine?.summary).toBe('Visit: Jamie Rivera');
    expect((await send('GET', path.replace(/.{6}\.ics$/, 'xxxxxx.ics'))).statusCode).toBe(404);
    await caller(admin.user).admin.visits.revokeFeed();
    expect((await send('GET', path)).statusCode).toBe(404);
  });

  it('sends the reminder the day before once, however often the job runs', async () => {
    const b = (await book(approved, at(10, '15:15'))).json() as BookingDto;
    const dayBefore = new Date(Date.parse(b.startsAt) - 20 * 3_600_000);
    const em = db.orm.em.fork();
    const first = await runReminders(em, app.services.mail, TEST_ORIGIN, dayBefore);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await runReminders(db.orm.em.fork(), app.services.mail, TEST_ORIGIN, dayBefore)).toBe(0);
    const mail = await mailMatching((m) => m.subject === 'Reminder: your visit is tomorrow');
    expect((await calendarOf(mail)).event.startDate.toJSDate().toISOString()).toBe(b.startsAt);
  });

  it('lists bookings for the breeder, paged and searched on the server', async () => {
    const page = await caller(admin.user).admin.visits.list({ page: 1, search: 'matched_fam' });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((i) => i.familyId === matched.user.id)).toBe(true);
    const cancelled = await caller(admin.user).admin.visits.list({ when: 'cancelled' });
    expect(cancelled.items.every((i) => i.status === 'cancelled')).toBe(true);
    await expect(caller(approved.user).admin.visits.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets the breeder choose who may book each kind: every rule is enforced on the server with a 403 that says why, and the portal is told', async () => {
    const withRule = (kind: 'visit' | 'pickup' | 'video', who: string, puppyWeeks = 0): AvailabilitySettingsInput => ({
      ...SETTINGS,
      kinds: { ...SETTINGS.kinds, [kind]: { ...SETTINGS.kinds[kind], who, puppyWeeks } },
    });
    const refused = async (who: Family, startsAt: string, kind: string, message: string) => {
      const res = await book(who, startsAt, kind);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(message);
    };
    try {
      // The defaults are the old fixed rules, and the portal hears the reason for each kind a family may not book.
      expect(await caller(admin.user).admin.visits.settings()).toMatchObject({
        kinds: {
          visit: { who: 'approved', puppyWeeks: 0 },
          pickup: { who: 'matched', puppyWeeks: 8 },
          video: { who: 'applicants', puppyWeeks: 0 },
        },
      });
      expect(await caller(stranger.user).visits.options()).toMatchObject({
        kinds: { visit: false, pickup: false, video: false },
        reasons: {
          visit: VISITS_MESSAGES.notAllowed.visit,
          pickup: VISITS_MESSAGES.notAllowed.pickup,
          video: VISITS_MESSAGES.notAllowed.video,
        },
      });

      // Anyone signed in.
      await caller(admin.user).admin.visits.saveSettings(withRule('visit', 'anyone'));
      expect((await caller(stranger.user).visits.options()).kinds.visit).toBe(true);
      expect((await book(stranger, at(11, '09:00'))).statusCode).toBe(201);

      // Anyone with an application.
      await caller(admin.user).admin.visits.saveSettings(withRule('visit', 'applicants'));
      await refused(stranger, at(11, '10:15'), 'visit', 'Visits can be booked once you have sent an application.');
      expect((await caller(stranger.user).visits.options()).reasons.visit).toBe('Visits can be booked once you have sent an application.');
      expect((await book(applicant, at(11, '10:15'))).statusCode).toBe(201);

      // Families matched with a puppy, of any age: an approved family without a puppy may not; one with a young puppy may.
      await caller(admin.user).admin.visits.saveSettings(withRule('visit', 'matched', 0));
      await refused(approved, at(11, '11:30'), 'visit', 'Visits can be booked once a puppy is matched to your family.');
      expect((await book(young, at(11, '11:30'))).statusCode).toBe(201);

      // Video calls for approved applicants only: the applicant who may book a visit above may not call.
      await caller(admin.user).admin.visits.saveSettings(withRule('video', 'approved'));
      await refused(applicant, at(11, '14:00'), 'video', 'Video calls can be booked once your application is approved.');

      // The pickup age is the breeder's too: at 2 weeks the young puppy (20 days) may go home…
      await caller(admin.user).admin.visits.saveSettings(withRule('pickup', 'matched', 2));
      expect((await caller(young.user).visits.options()).kinds.pickup).toBe(true);
      const early = await book(young, at(12, '09:00'), 'pickup');
      expect(early.statusCode, early.body).toBe(201);
      await caller(young.user).visits.cancel({ id: (early.json() as BookingDto).id });
      // …at 4 weeks, not before its 4-week day, and the portal and the free times start on that day.
      await caller(admin.user).admin.visits.saveSettings(withRule('pickup', 'matched', 4));
      const born = new Date(Date.now() - 20 * DAY).toISOString().slice(0, 10);
      const readyOn = addDays(born, 28);
      const readyAt = new Date(zonedToInstant(readyOn, '00:00', DENVER)).toISOString();
      await refused(young, at(2, '09:00'), 'pickup', 'A pickup can be booked once your matched puppy is 4 weeks old.');
      const options = await caller(young.user).visits.options();
      expect(options.kinds.pickup).toBe(true);
      expect(options.bookableFrom.pickup).toBe(readyAt);
      const slots = await caller(young.user).visits.availability({ kind: 'pickup', from: at(0, '00:00'), to: at(20, '00:00') });
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.every((x) => localDate(Date.parse(x.startsAt), DENVER) >= readyOn)).toBe(true);
      // The breeder's own view of the hours is not cut by any family's rule.
      expect(
        (await caller(approved.user).visits.availability({ kind: 'pickup', from: at(0, '00:00'), to: at(20, '00:00') }))[0]!.startsAt <
          slots[0]!.startsAt,
      ).toBe(true);

      // A rule that is not one of the four is a 400 with the field's message.
      await expect(caller(admin.user).admin.visits.saveSettings(withRule('visit', 'neighbours'))).rejects.toThrow(VISITS_MESSAGES.rule);
      await expect(caller(admin.user).admin.visits.saveSettings(withRule('pickup', 'matched', 30))).rejects.toThrow(
        VISITS_MESSAGES.puppyWeeks,
      );
    } finally {
      await caller(admin.user).admin.visits.saveSettings(SETTINGS);
    }
  });

  it('honours a closing of some hours ("closed Friday 2-5 pm") and an extra opening on a normally closed day, in the free times and in booking', async () => {
    const day = localDate(Date.parse(at(13, '12:00')), DENVER);
    const closedDay = localDate(Date.parse(at(14, '12:00')), DENVER);
    const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    try {
      await caller(admin.user).admin.visits.saveSettings({
        ...SETTINGS,
        openings: SETTINGS.openings.filter((o) => o.weekday !== weekdayOf(closedDay)),
        closures: [{ startsOn: day, endsOn: day, from: '14:00', until: '17:00', reason: 'Vet visit' }],
        extraOpenings: [{ date: closedDay, start: '10:00', end: '12:00' }],
      });
      const free = async (d: number) =>
        (await caller(approved.user).visits.availability({ kind: 'visit', from: at(d, '00:00'), to: at(d + 1, '00:00') })).map(
          (x) => x.startsAt,
        );
      expect(await free(13)).toEqual(['09:00', '10:15', '11:30', '12:45'].map((t) => at(13, t)));
      expect(await free(14)).toEqual(['10:00'].map((t) => at(14, t)));
      const inClosing = await book(approved, at(13, '14:00'));
      expect(inClosing.statusCode).toBe(400);
      expect(inClosing.json().message).toBe(VISITS_MESSAGES.offGrid);
      const extra = await book(approved, at(14, '10:00'));
      expect(extra.statusCode, extra.body).toBe(201);
      const settings = await caller(admin.user).admin.visits.settings();
      expect(settings.closures).toEqual([{ startsOn: day, endsOn: day, from: '14:00', until: '17:00', reason: 'Vet visit' }]);
      expect(settings.extraOpenings).toEqual([{ date: closedDay, start: '10:00', end: '12:00' }]);
      // A closing that ends before it starts is refused with its message.
      await expect(
        caller(admin.user).admin.visits.saveSettings({
          ...SETTINGS,
          closures: [{ startsOn: day, endsOn: day, from: '17:00', until: '14:00' }],
        }),
      ).rejects.toThrow(VISITS_MESSAGES.closureOrder);
    } finally {
      await caller(admin.user).admin.visits.saveSettings(SETTINGS);
    }
  });

  it('cancels a deleted family’s future bookings properly (time freed, countdown gone, METHOD:CANCEL, the feed says cancelled) and keeps every booking anonymised', async () => {
    const leaving = await family('leaving_fam', 'matched');
    const puppyId = await puppyFor(leaving, 80);
    const booked = await book(leaving, at(15, '09:00'), 'visit', { note: 'Our names are in this note', timeZone: 'Europe/London' });
    const pickedUp = await book(leaving, at(15, '11:00'), 'pickup');
    expect([booked.statusCode, pickedUp.statusCode], pickedUp.body).toEqual([201, 201]);
    const visit = booked.json() as BookingDto;
    const pickup = pickedUp.json() as BookingDto;
    expect(await sql(`select 1 from "puppy_pickups" where "puppy_id" = ?`, [puppyId])).toHaveLength(1);
    const invitation = await calendarOf(await mailMatching((m) => m.to.includes(leaving.email) && m.subject === 'Your visit is booked'));
    const [past] = await sql<{ id: number }>(
      `insert into "bookings" ("family_id", "kind", "starts_at", "ends_at", "block_ends_at", "time_zone", "family_time_zone", "note", "uid", "created_at", "updated_at")
       values (?, 'visit', ?, ?, ?, ?, 'Europe/London', 'Came with grandma', 'past-visit@test', now(), now()) returning "id"`,
      [leaving.user.id, at(-20, '09:00'), at(-20, '10:00'), at(-20, '10:15'), DENVER],
    );
    const other = (await book(approved, at(16, '09:00'))).json() as BookingDto;
    const { url } = await caller(admin.user).admin.visits.createFeed();

    await caller(leaving.user).auth.deleteAccount({ currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    app.services.mail.wake();

    const rows = await sql<{
      id: number;
      family_id: number | null;
      status: string;
      sequence: number;
      note: string;
      family_time_zone: string;
    }>(`select "id", "family_id", "status", "sequence", "note", "family_time_zone" from "bookings" where "id" in (?, ?, ?) order by "id"`, [
      visit.id,
      pickup.id,
      past!.id,
    ]);
    expect(rows.map((r) => [r.id, r.family_id, r.status, r.sequence, r.note, r.family_time_zone])).toEqual([
      [visit.id, null, 'cancelled', 1, '', DENVER],
      [pickup.id, null, 'cancelled', 1, '', DENVER],
      [past!.id, null, 'confirmed', 0, '', DENVER],
    ]);
    // Another family's booking is untouched; the freed times can be booked again; the countdown is gone.
    expect((await sql<{ family_id: number }>(`select "family_id" from "bookings" where "id" = ?`, [other.id]))[0]!.family_id).toBe(
      approved.user.id,
    );
    expect(
      (await caller(approved.user).visits.availability({ kind: 'visit', from: at(15, '00:00'), to: at(16, '00:00') })).map(
        (x) => x.startsAt,
      ),
    ).toContain(at(15, '09:00'));
    expect((await book(matched, at(15, '09:00'))).statusCode).toBe(201);
    expect(await sql(`select 1 from "puppy_pickups" where "puppy_id" = ?`, [puppyId])).toEqual([]);
    // The family's calendar drops the event: METHOD:CANCEL with the invitation's UID and a higher SEQUENCE.
    const cancel = await calendarOf(await mailMatching((m) => m.to.includes(leaving.email) && m.subject === 'Your visit is cancelled'));
    expect(cancel.comp.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.event.uid).toBe(invitation.event.uid);
    expect(cancel.event.sequence).toBe(1);
    // The breeder's calendar gets the cancellation: the feed keeps the event as CANCELLED, without the family's name.
    const feed = new ICAL.Component(ICAL.parse((await send('GET', new URL(url).pathname)).body));
    const listed = feed.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('uid') === invitation.event.uid)!;
    expect(listed.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(listed.getFirstPropertyValue('summary')).toBe(`Visit: ${DELETED_FAMILY}`);
    expect(String(listed.getFirstPropertyValue('description') ?? '')).not.toContain('Our names');
    const list = await caller(admin.user).admin.visits.list({ when: 'cancelled' });
    expect(list.items.find((i) => i.id === visit.id)).toMatchObject({
      familyId: null,
      familyName: DELETED_FAMILY,
      familyEmail: null,
      note: '',
    });
  });
});
