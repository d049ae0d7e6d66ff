// Visits (issue 32): free slots for 60 days with 500 existing bookings, as the server computes them for
// GET /api/availability (the service call behind it, on a fresh embedded database). Target: p95 ≤ 30 ms.
import os from 'node:os';
import { closeDatabase, migrate, openDatabase } from '../src/server/db.ts';
import { availability, loadSettings } from '../src/features/visits/server/visits.service.ts';
import { check, heading, ms, note, table } from './lib/report.ts';

const DAY = 86_400_000;

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function run() {
  heading('Visits: GET /api/availability for 60 days with 500 bookings (embedded PGlite)');
  const orm = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrate(orm);
    const em = orm.em.fork();
    const [user] = await em.execute<Array<{ id: number }>>(
      `insert into "users" ("username", "username_key", "password_hash", "is_admin", "created_at") values ('bench_family', 'bench_family', 'x', false, now()) returning "id"`,
    );
    const settings = await loadSettings(em);
    settings.openings = Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '08:00', end: '20:00' }));
    settings.kinds = { ...settings.kinds, video: { ...settings.kinds.video, slotMinutes: 30, bufferMinutes: 0, enabled: true } };
    settings.cutoffHours = 0;
    await em.flush();
    // 500 bookings spread over the next 60 days: every third half hour of the opening hours (UTC here: only the count matters).
    const start = Math.ceil(Date.now() / DAY) * DAY;
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < 500; i++) {
      const day = i % 60;
      const slot = Math.floor(i / 60) * 3;
      const s = new Date(start + day * DAY + 15 * 3_600_000 + slot * 30 * 60_000);
      const e = new Date(s.getTime() + 30 * 60_000);
      values.push(`(?, 'video', ?, ?, ?, 'America/Denver', 'America/Denver', ?, now(), now())`);
      params.push(user!.id, s, e, e, `bench-${i}@bench`);
    }
    await em.execute(
      `insert into "bookings" ("family_id", "kind", "starts_at", "ends_at", "block_ends_at", "time_zone", "family_time_zone", "uid", "created_at", "updated_at") values ${values.join(', ')}`,
      params,
    );
    const input = { kind: 'video' as const, from: new Date().toISOString(), to: new Date(Date.now() + 60 * DAY).toISOString() };
    let slots = 0;
    for (let i = 0; i < 20; i++) slots = (await availability(orm.em.fork(), input)).length;
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await availability(orm.em.fork(), input);
      times.push(performance.now() - t0);
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    table([
      ['free slots', 'p50', 'p95', ''],
      [String(slots), ms(p50, 1), ms(p95, 1), check('availability, 60 days, 500 bookings (p95)', ms(p95, 1), p95 <= 30, '≤ 30 ms')],
    ]);
    note(
      'the service call behind GET /api/availability (one query for the settings and the bookings’ blocks in range, slot generation); HTTP adds the adapter only',
    );
    note(
      `load average while measuring: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ')} (1, 5, 15 min) on ${os.cpus().length} cores`,
    );
  } finally {
    await closeDatabase(orm);
  }
}
