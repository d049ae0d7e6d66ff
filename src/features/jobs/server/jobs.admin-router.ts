// appRouter.admin.jobs: the background jobs as the breeder sees them (last run, next run, failures).
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import type { JobLine } from '../jobs.schema.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const jobsAdminRouter = router({
  list: adminProcedure.query(async ({ ctx }): Promise<JobLine[]> => {
    const status = await ctx.services.jobs.status();
    return status.map((s) => ({
      ...s,
      lastRunAt: iso(s.lastRunAt),
      nextRunAt: iso(s.nextRunAt),
      lastFailureAt: iso(s.lastFailureAt),
    }));
  }),
});
