// Reads and merges the site_state rows (site-state.entity.ts) with plain SQL: every instance sees the same facts.
import type { EntityManager } from '@mikro-orm/postgresql';

export async function readState<T extends object>(em: EntityManager, name: string): Promise<Partial<T>> {
  const [row] = await em.execute<Array<{ value: T }>>(`select "value" from "site_state" where "name" = ?`, [name]);
  return row?.value ?? {};
}

/** Merges `patch` into the row's JSON object (top-level keys replaced), creating the row when missing. */
export async function mergeState(em: EntityManager, name: string, patch: object): Promise<void> {
  await em.execute(
    `insert into "site_state" ("name", "value", "updated_at") values (?, ?::jsonb, now())
     on conflict ("name") do update set "value" = "site_state"."value" || excluded."value", "updated_at" = now()`,
    [name, JSON.stringify(patch)],
  );
}
