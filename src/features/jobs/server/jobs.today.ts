// What the job runner puts on Today: a background job that failed after its retries in the last two days (a reminder
// that did not go out); the jobs screen keeps the older ones.
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';

export const jobsToday: TodaySource = async (_em, now, services) => {
  if (!services) return [];
  const status = await services.jobs.status();
  return status
    .filter((s) => s.failed > 0 && s.lastFailureAt && now.getTime() - s.lastFailureAt.getTime() < 2 * 86_400_000)
    .map((s): TodayItem => ({
      group: 'action',
      source: 'jobs',
      title: `A background job failed: ${s.description}${s.lastFailure ? ` (${s.lastFailure})` : ''}`,
      at: (s.lastFailureAt ?? now).toISOString(),
      href: '/admin/jobs',
      overdue: true,
    }));
};
