// The demo seed gives the breeder's Today screen every kind of line it has (issue 34): each registered source
// (TODAY_SOURCES, so a new source without demo data fails here), and within them the kinds the screen is for.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from './seed.ts';
import { TEST_ORIGIN, useTestApp } from '../testing/test-app.ts';
import { signIn } from '../testing/auth.ts';
import { TODAY_SOURCES } from '../today-sources.ts';
import type { TodayAnswer, TodayItem } from '../../features/today/today.schema.ts';
import { runReminders as balanceReminders } from '../../features/payments/server/reminders.ts';
import { runReminders as visitReminders } from '../../features/visits/server/visits.service.ts';
import { runGoHomeMails } from '../../features/health/server/go-home-mail.ts';

describe('the demo seed on Today', () => {
  const t = useTestApp();
  let today: TodayAnswer;
  let lines: TodayItem[];
  beforeAll(async () => {
    expect(await seedDemoContent(t.orm.em.fork(), { force: false })).toBe(true);
    // The breeder's one request, as the dashboard makes it.
    const admin = await signIn(t.orm, { isAdmin: true });
    const res = await t.app.inject({ method: 'GET', url: '/trpc/admin.today.get', headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });
    expect(res.statusCode).toBe(200);
    today = (res.json() as { result: { data: TodayAnswer } }).result.data;
    lines = [...today.action, ...today.scheduled, ...today.activity];
  });

  // A failed background job is a real failure of the site's own work, never demo content: its line is proven in
  // features/jobs/server/jobs.admin-router.test.ts. The site's own state (the go-live checklist, a missing backup) is
  // about a real site after its first run (src/server/setup.test.ts, scheduled-backup.test.ts); the demo has no pick day
  // under way (features/picks/server/picks.test.ts proves its line).
  const WITHOUT_DEMO_LINES = ['jobs', 'site', 'picks'];
  it.each(TODAY_SOURCES.map((s) => s.name).filter((name) => !WITHOUT_DEMO_LINES.includes(name)))('has lines from %s', (name) => {
    expect(today.unavailable).toEqual([]);
    expect(lines.filter((l) => l.source === name).map((l) => l.title)).not.toEqual([]);
  });

  it('has what needs her, what is coming and what happened, every line linking into the dashboard', () => {
    const titles = (group: keyof Pick<TodayAnswer, 'action' | 'scheduled' | 'activity'>, source: string) =>
      today[group].filter((l) => l.source === source).map((l) => l.title);
    expect(titles('action', 'applications')).toEqual(['New application from Sam Ellis']);
    expect(titles('action', 'inquiries')).toEqual(['Unread inquiry from Megan Doyle']);
    expect(titles('action', 'messages')).toEqual([expect.stringMatching(/^The Harpers wrote: Can we bring the boys/)]);
    // A balance overdue and one falling due this week.
    expect(titles('action', 'payments')).toEqual([
      expect.stringMatching(/^The Okafors: balance of \$2,300\.00 overdue since /),
      expect.stringMatching(/^The Martins: balance of \$2,300\.00 due /),
    ]);
    expect(today.action.find((l) => l.source === 'payments' && l.title.startsWith('The Okafors'))?.overdue).toBe(true);
    expect(titles('action', 'contracts')).toEqual(['The Martins signed the contract for Rosie: countersign it']);
    expect(titles('action', 'mail')).toEqual([
      expect.stringMatching(/^An e-mail to jenna\.brooks@gmial\.con could not be sent: Please confirm your subscription/),
    ]);
    expect(titles('action', 'health').length).toBeGreaterThan(0);
    expect(titles('action', 'temperament')).toEqual(['Temperament tests due: Summer Litter, 1 of 2 puppies to test']);
    // A visit (today, or tomorrow morning when the seed runs late in the day), a go-home day this week, a litter due.
    expect(titles('scheduled', 'visits')).toEqual([expect.stringMatching(/^Visit: The Harpers, /)]);
    expect(titles('scheduled', 'portal')).toEqual(['Rosie goes home with The Martins']);
    expect(titles('scheduled', 'litters')).toEqual(['The Spring Litter is due']);
    expect(titles('activity', 'applications')).toEqual(['Sam Ellis applied']);
    expect(titles('activity', 'visits')).toEqual([expect.stringMatching(/^The Harpers booked: visit on /)]);
    expect(titles('activity', 'subscribers')).toEqual(['Rob Fischer (rob.fischer@example.com) unsubscribed from the newsletter']);
    for (const line of lines) expect(line.href).toMatch(/^\/admin\//);
  });

  it('queues no e-mail on the first start: reminders, notifications and go-home mails are recorded as sent', async () => {
    const em = t.orm.em.fork();
    const { mail, env } = t.app.services;
    expect(await balanceReminders(em, mail, env.appOrigin)).toBe(0);
    expect(await visitReminders(em, mail, env.appOrigin)).toBe(0);
    expect(await runGoHomeMails(em, mail, env.appOrigin)).toBe(0);
    const waiting = await em.execute<Array<{ to: string; subject: string }>>(
      `select "to", "subject" from "outbox_messages" where "status" <> 'failed'`,
    );
    expect(waiting).toEqual([]);
  });
});
