// Which puppies health may show and to whom: a puppy's facts from its owners' reads faces, the access rules, and small query helpers.
// The care records: recording for one puppy or a litter (one transaction), who may read a puppy's record, the
// record with what comes next, the breeder's list and protocol. Puppies, litters, pickups and weights belong to
// other features: they are read through those features' reads faces (issue 47).
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { HEALTH_MESSAGES } from '../health.schema.ts';
import { littersByIds } from '../../dogs/server/dogs.reads.ts';
import { pickupTimes } from '../../portal/server/portal.reads.ts';
import { puppiesByIds, puppiesOfFamilies, puppiesOfLitters, type PuppyFact } from '../../puppies/server/puppies.reads.ts';

export interface PuppyFacts {
  id: number;
  name: string;
  familyId: number | null;
  litterId: number | null;
  litterName: string | null;
  birthDate: string | null;
  pickupAt: Date | null;
}

/** Puppies with their litter and pickup, in the order given by `puppies` (by id). */
export async function withLitterAndPickup(em: EntityManager, puppies: PuppyFact[]): Promise<PuppyFacts[]> {
  const litterIds = [...new Set(puppies.map((p) => p.litterId).filter((id): id is number => id !== null))];
  const [litters, pickups] = await Promise.all([
    littersByIds(em, litterIds),
    pickupTimes(
      em,
      puppies.map((p) => p.id),
    ),
  ]);
  const byId = new Map(litters.map((l) => [l.id, l]));
  return puppies.map((p) => {
    const litter = p.litterId === null ? undefined : byId.get(p.litterId);
    return {
      id: p.id,
      name: p.name,
      familyId: p.familyId,
      litterId: litter?.id ?? null,
      litterName: litter?.name ?? null,
      birthDate: litter?.birthDate ?? null,
      pickupAt: pickups.get(p.id) ?? null,
    };
  });
}

export async function puppyFacts(em: EntityManager, ids: number[]): Promise<PuppyFacts[]> {
  if (!ids.length) return [];
  return withLitterAndPickup(em, await puppiesByIds(em, ids));
}

export async function litterFacts(em: EntityManager, litterId: number): Promise<PuppyFacts[]> {
  return withLitterAndPickup(em, await puppiesOfLitters(em, [litterId]));
}

/**
 * The puppy, if this user may read its record: the breeder always; a family only for a puppy matched to it. This
 * mirrors the portal's rule (portal/server/portal-access.ts familyScope: puppies whose family is the user), in SQL.
 * Anyone else's puppy is as missing as one that does not exist.
 */
export async function readablePuppy(em: EntityManager, user: SessionUser, puppyId: number): Promise<PuppyFacts> {
  const [puppy] = await puppyFacts(em, [puppyId]);
  if (!puppy || (!user.isAdmin && puppy.familyId !== user.id)) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.puppyNotFound);
  return puppy;
}

export const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });

/** `column in (?, …)` for these ids (their values go in the parameters), or false for none. */
export const inList = (column: string, ids: readonly number[]) =>
  ids.length ? `${column} in (${ids.map(() => '?').join(', ')})` : 'false';

/** The family's puppies with a health record to show (the same matched puppies the portal shows). */
export async function myHealthPuppies(em: EntityManager, userId: number): Promise<{ id: number; name: string }[]> {
  return (await puppiesOfFamilies(em, [userId])).map((p) => ({ id: p.id, name: p.name }));
}

/** Whether this upload is attached to one of this puppy's care records (what the vet's link may open). */
export async function isCareFileOf(em: EntityManager, puppyId: number, uploadUrl: string): Promise<boolean> {
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as "one" from "health_care_items" where "puppy_id" = ? and "attachments" @> ?::jsonb limit 1`,
    [puppyId, JSON.stringify([uploadUrl])],
  );
  return rows.length > 0;
}
