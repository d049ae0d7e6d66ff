// The one-time setup link of a new site (issue 48): while no admin exists, the server logs /setup?token=…; the
// token opens /setup once, then answers 410, and /setup stays closed while any admin exists.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readState } from './site-state.ts';
import { adminExists } from '../../auth/server/auth.reads.ts';

interface SetupState {
  token: string;
  createdAt: string;
  usedAt: string | null;
}

export type SetupTokenStatus = 'open' | 'used' | 'invalid';

const same = (a: string, b: string) => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
};

/**
 * The setup address to log, or null when an admin exists. The token is kept until it is used, so every instance
 * and every restart logs the same link; a site whose admins all went gets a fresh one.
 */
export async function openSetupLink(em: EntityManager, origin: string): Promise<string | null> {
  if (await adminExists(em)) return null;
  const state = await readState<SetupState>(em, 'setup');
  if (!state.token || state.usedAt) {
    const token = randomBytes(24).toString('base64url');
    // Two instances starting together: the row keeps the first token written while it is unused.
    await em.execute(
      `insert into "site_state" ("name", "value", "updated_at") values ('setup', ?::jsonb, now())
       on conflict ("name") do update set "value" = excluded."value", "updated_at" = now()
       where "site_state"."value"->>'usedAt' is not null or "site_state"."value"->>'token' is null`,
      [JSON.stringify({ token, createdAt: new Date().toISOString(), usedAt: null } satisfies SetupState)],
    );
  }
  const { token } = await readState<SetupState>(em, 'setup');
  return `${origin}/setup?token=${token}`;
}

export async function setupTokenStatus(em: EntityManager, token: string | undefined): Promise<SetupTokenStatus> {
  if (!token) return 'invalid';
  const state = await readState<SetupState>(em, 'setup');
  if (!state.token || !same(state.token, token)) return 'invalid';
  if (state.usedAt) return 'used';
  return (await adminExists(em)) ? 'used' : 'open';
}

/** Takes the token for this setup (in the caller's transaction): false when it was not open (used meanwhile, or wrong). */
export async function useSetupToken(em: EntityManager, token: string): Promise<boolean> {
  if ((await setupTokenStatus(em, token)) !== 'open') return false;
  const rows = await em.execute<Array<{ name: string }>>(
    `update "site_state" set "value" = "value" || jsonb_build_object('usedAt', now()::text), "updated_at" = now()
     where "name" = 'setup' and "value"->>'token' = ? and "value"->>'usedAt' is null returning "name"`,
    [token],
  );
  return rows.length === 1;
}

/** When setup was completed (the go-live checklist counts from it). */
export async function setupCompletedAt(em: EntityManager): Promise<Date | null> {
  const state = await readState<SetupState>(em, 'setup');
  return state.usedAt ? new Date(state.usedAt) : null;
}
