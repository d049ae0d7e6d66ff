// appRouter.admin.siteHealth: the Site health screen (issue 48). The app passes the checks of every feature.
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import type { HealthSource } from '../../../lib/server/site-health.ts';
import { DismissGoLiveSchema, TestEmailSchema, type HealthReport } from '../site-health.schema.ts';
import { gatherHealth } from './checks.ts';
import { dismissGoLive, goLiveList } from './go-live.ts';
import { backupState, listBackups } from './backups.ts';

export function createSiteHealthAdminRouter(sources: readonly HealthSource[]) {
  return router({
    report: adminProcedure.query(async ({ ctx }): Promise<HealthReport> => {
      const checks = await gatherHealth(ctx.em, ctx.services.env.site, sources, ctx.req.proxy ?? null);
      const state = checks.some((c) => c.state === 'fail') ? 'fail' : checks.some((c) => c.state === 'warn') ? 'warn' : 'ok';
      return { state, at: new Date().toISOString(), checks };
    }),
    /** A test message through the outbox, to see the mail arrive (and what its headers say). */
    sendTestEmail: adminProcedure.input(TestEmailSchema).mutation(async ({ ctx, input }) => {
      const { appOrigin, mailFrom } = ctx.services.env.site;
      ctx.services.mail.enqueue(ctx.em, {
        lane: 'account',
        to: input.to,
        subject: 'Test e-mail from your website',
        text: `This is the test e-mail you asked for on ${appOrigin}/admin/site-health.\n\nIt was sent as ${mailFrom}. If it reached your inbox (not spam), outgoing e-mail works.`,
      });
      await ctx.em.flush();
      return { queued: true as const };
    }),
    goLive: adminProcedure.query(async ({ ctx }) => ({ items: (await goLiveList(ctx.em))?.lines ?? [] })),
    dismissGoLive: adminProcedure.input(DismissGoLiveSchema).mutation(async ({ ctx, input }) => {
      await dismissGoLive(ctx.em, input.item);
      return { ok: true as const };
    }),
    backups: adminProcedure.query(async ({ ctx }) => {
      const { backupDir, backupSchedule } = ctx.services.env.site;
      const [files, state] = await Promise.all([listBackups(backupDir), backupState(ctx.em)]);
      const newest = files[0]?.at.getTime() ?? 0;
      const failure = state.lastFailure && Date.parse(state.lastFailure.at) > newest ? state.lastFailure : null;
      return {
        dir: backupDir,
        schedule: backupSchedule,
        backups: files.slice(0, 20).map((f) => ({ name: f.name, at: f.at.toISOString(), bytes: f.bytes })),
        lastFailure: failure ? { at: failure.at, error: failure.error } : null,
      };
    }),
  });
}
