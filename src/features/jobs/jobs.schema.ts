// What the dashboard shows of the background jobs: each job's last run, next run and failures (lib/server/jobs.ts).
export interface JobLine {
  name: string;
  description: string;
  /** The cron expression and its zone, or null for a job sent by something that happens (a pick-day window). */
  schedule: string | null;
  timeZone: string | null;
  lastRunAt: string | null;
  nextRunAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
  queued: number;
  active: number;
  failed: number;
}

/** "every 15 minutes", "every hour at :07", "daily at 03:15": the common shapes in words, the rest as written. */
export function scheduleInWords(cron: string): string {
  const [min, hour, dom, mon, dow] = cron.trim().split(/\s+/);
  if (dom !== '*' || mon !== '*' || dow !== '*') return cron;
  if (min === '*' && hour === '*') return 'every minute';
  const every = /^\*\/(\d+)$/.exec(min ?? '');
  if (every && hour === '*') return `every ${every[1]} minutes`;
  if (/^\d+$/.test(min ?? '') && hour === '*') return `every hour at :${min!.padStart(2, '0')}`;
  if (/^\d+$/.test(min ?? '') && /^\d+$/.test(hour ?? '')) return `daily at ${hour!.padStart(2, '0')}:${min!.padStart(2, '0')}`;
  return cron;
}
