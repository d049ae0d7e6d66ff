// The dashboard's jobs list and Today's line for a failed job, through the app's own runner.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { scheduleInWords } from '../jobs.schema.ts';

describe('Dashboard → Background jobs', () => {
  const t = useTestApp({ JOBS: 'on' });

  it('lists each job with its schedule in words, its next run, and no failure on a new site; only the breeder may ask', async () => {
    const admin = { id: 1, username: 'breeder', isAdmin: true } as never;
    const jobs = await t.caller(admin).admin.jobs.list();
    const digest = jobs.find((j) => j.name === 'portal.digest')!;
    expect(digest).toMatchObject({ schedule: '*/15 * * * *', failed: 0, lastFailure: null });
    expect(Date.parse(digest.nextRunAt!)).toBeGreaterThan(Date.now());
    expect(scheduleInWords(digest.schedule!)).toBe('every 15 minutes');
    await expect(t.caller({ id: 2, username: 'family', isAdmin: false } as never).admin.jobs.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.caller(null).admin.jobs.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('puts no job line on Today while nothing failed', async () => {
    const today = await t.caller({ id: 1, username: 'breeder', isAdmin: true } as never).admin.today.get();
    expect(today.unavailable).toEqual([]);
    expect(today.action.filter((i) => i.source === 'jobs')).toEqual([]);
  });
});

describe('schedules in words', () => {
  it('says the common shapes in words and leaves the rest as written', () => {
    expect(scheduleInWords('* * * * *')).toBe('every minute');
    expect(scheduleInWords('7 * * * *')).toBe('every hour at :07');
    expect(scheduleInWords('15 3 * * *')).toBe('daily at 03:15');
    expect(scheduleInWords('0 9 * * 1')).toBe('0 9 * * 1');
  });
});

describe("Today's line for a failed job", () => {
  it('shows a job that failed in the last two days, with its reason, and leaves older failures to the jobs screen', async () => {
    const { jobsToday } = await import('./jobs.today.ts');
    const now = new Date('2026-12-07T12:00:00Z');
    const line = (name: string, lastFailureAt: string | null, failed: number) => ({
      name,
      description: `Job ${name}`,
      schedule: '* * * * *',
      timeZone: 'UTC',
      lastRunAt: null,
      nextRunAt: null,
      lastFailureAt: lastFailureAt ? new Date(lastFailureAt) : null,
      lastFailure: failed ? 'the SMTP server refused' : null,
      queued: 0,
      active: 0,
      failed,
    });
    const services = {
      jobs: {
        status: async () => [line('recent', '2026-12-07T02:00:00Z', 1), line('old', '2026-12-01T02:00:00Z', 1), line('fine', null, 0)],
      },
    } as never;
    const items = await jobsToday(null as never, now, services);
    expect(items).toEqual([
      {
        group: 'action',
        source: 'jobs',
        title: 'A background job failed: Job recent (the SMTP server refused)',
        at: '2026-12-07T02:00:00.000Z',
        href: '/admin/jobs',
        overdue: true,
      },
    ]);
  });
});
