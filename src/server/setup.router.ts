// appRouter.setup: the first-run page's one call (/setup?token=…, issue 48). Public (no admin exists yet), gated by
// the one-time token the start logged, limited per address.
import { AppError } from '../lib/server/errors.ts';
import { publicProcedure, rateLimited, router } from '../lib/server/trpc.ts';
import { NewAdminSchema } from '../features/auth/auth.schema.ts';
import { upsertAdmin } from '../features/auth/server/auth.service.ts';
import { createSession, SESSION_COOKIE, sessionCookieOptions } from '../features/auth/server/session.service.ts';
import { policyOf } from '../features/auth/server/auth.service.ts';
import { SetupSchema } from '../features/site-health/site-health.schema.ts';
import { setupTokenStatus, useSetupToken } from '../features/site-health/server/setup-token.ts';
import { mergeState, readState } from '../features/site-health/server/site-state.ts';
import { applySiteIdentity, emptySite } from './setup.ts';

export const SETUP_MESSAGES = {
  gone: 'This setup link has been used: sign in instead.',
  invalid: 'This setup link is not valid. Use the address the server logged.',
} as const;

export const setupRouter = router({
  complete: publicProcedure
    .use(rateLimited('setup', 10, 15 * 60_000))
    .input(SetupSchema)
    .mutation(async ({ ctx, input }) => {
      const account = NewAdminSchema.safeParse({ username: input.username, password: input.password });
      if (!account.success) {
        const issue = account.error.issues[0]!;
        throw new AppError('BAD_REQUEST', issue.message, { [String(issue.path[0])]: [issue.message] });
      }
      const status = await setupTokenStatus(ctx.em, input.token);
      if (status !== 'open')
        throw new AppError(status === 'used' ? 'CONFLICT' : 'NOT_FOUND', status === 'used' ? SETUP_MESSAGES.gone : SETUP_MESSAGES.invalid);
      // Taken first, by one request only: a second submit meanwhile is refused before anything changes.
      if (!(await useSetupToken(ctx.em, input.token))) throw new AppError('CONFLICT', SETUP_MESSAGES.gone);
      try {
        // A site that never had an admin has nothing of hers yet: "empty" removes the demo content the start seeded.
        // (Never on a site set up before whose admins all went: its content is hers.)
        const before = await readState<{ at: string }>(ctx.em, 'setup-done');
        if (input.content === 'empty' && !before.at) await emptySite(ctx.em);
        await applySiteIdentity(
          ctx.em,
          { kennelName: input.kennelName, town: input.town, email: input.email, phone: input.phone },
          input.content,
        );
        const { user } = await upsertAdmin(ctx.em, { username: input.username, password: input.password });
        const policy = policyOf(ctx);
        const { token } = await createSession(ctx.em, user.id, policy);
        ctx.req.setCookie?.(SESSION_COOKIE, token, sessionCookieOptions(policy));
        await mergeState(ctx.em, 'setup-done', { at: new Date().toISOString(), by: 'browser' });
        ctx.services.publicCache.clear();
        return { username: user.username };
      } catch (error) {
        // Nothing of hers was kept: the same link opens the form again.
        await mergeState(ctx.em, 'setup', { usedAt: null }).catch(() => undefined);
        throw error;
      }
    }),
});
