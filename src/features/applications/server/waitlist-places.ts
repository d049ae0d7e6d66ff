// The waitlist places: one writer at a time (a transaction-scoped advisory lock), positions rewritten
// 1..n in one transaction, so no two families ever share a place and no list has a gap.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Any number that no other feature uses for pg_advisory_xact_lock. */
const WAITLIST_LOCK = 0x7761_6974; // "wait"

/** Takes the waitlist lock until the surrounding transaction ends. Call first inside em.transactional. */
export async function lockWaitlists(em: EntityManager): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(?)', [WAITLIST_LOCK]);
}

/** The ids on one list (litterId null: the general list), first place first. */
export async function listIds(em: EntityManager, litterId: number | null): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    'select id from applications where waitlist_position is not null and coalesce(waitlist_litter_id, 0) = ? order by waitlist_position, id',
    [litterId ?? 0],
  );
  return rows.map((r) => Number(r.id));
}

/** Writes the list as exactly these ids in this order (places 1..n). Needs the lock. */
export async function writeList(em: EntityManager, litterId: number | null, ids: readonly number[]): Promise<void> {
  // Off to negative places first, so the unique place index never sees two rows at one place mid-way.
  await em.execute(
    'update applications set waitlist_position = -waitlist_position where waitlist_position > 0 and coalesce(waitlist_litter_id, 0) = ?',
    [litterId ?? 0],
  );
  for (const [i, id] of ids.entries()) {
    await em.execute('update applications set waitlist_litter_id = ?, waitlist_position = ? where id = ?', [litterId, i + 1, id]);
  }
}

/** Takes an application off whatever list it is on and closes the gap. Needs the lock. */
export async function leaveList(em: EntityManager, id: number): Promise<void> {
  const [row] = await em.execute<{ litter: number | null; position: number | null }[]>(
    'select waitlist_litter_id as litter, waitlist_position as position from applications where id = ?',
    [id],
  );
  if (!row || row.position === null) return;
  const litterId = row.litter === null ? null : Number(row.litter);
  await em.execute('update applications set waitlist_position = null, waitlist_litter_id = null where id = ?', [id]);
  await writeList(em, litterId, await listIds(em, litterId));
}

/** Puts an application at the end of a list. Needs the lock. */
export async function joinList(em: EntityManager, id: number, litterId: number | null): Promise<void> {
  await leaveList(em, id);
  const ids = await listIds(em, litterId);
  await writeList(em, litterId, [...ids, id]);
}

/** Moves an application to a place (clamped to the list) on its own list. Needs the lock. */
export async function moveTo(em: EntityManager, id: number, litterId: number | null, position: number): Promise<void> {
  const ids = (await listIds(em, litterId)).filter((x) => x !== id);
  const at = Math.min(Math.max(position, 1), ids.length + 1) - 1;
  ids.splice(at, 0, id);
  await writeList(em, litterId, ids);
}
