// Who may see what in the portal: a family sees its own puppies, their litters' shared updates and its own documents.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { FamilyDocument, PuppyUpdate, PuppyUpdatePhoto } from './portal.entity.ts';

export interface FamilyScope {
  puppyIds: number[];
  litterIds: number[];
}

export async function familyScope(em: EntityManager, userId: number): Promise<FamilyScope> {
  const puppies = await em.find(Puppy, { family: userId }, { fields: ['id', 'litter'] });
  return {
    puppyIds: puppies.map((p) => p.id),
    litterIds: [...new Set(puppies.map((p) => p.litter?.id).filter((id): id is number => typeof id === 'number'))],
  };
}

/** The filter for updates this family may read (none when it has no puppy). */
export function visibleUpdatesWhere(scope: FamilyScope) {
  const or: object[] = [];
  if (scope.puppyIds.length) or.push({ puppy: { $in: scope.puppyIds } });
  if (scope.litterIds.length) or.push({ litter: { $in: scope.litterIds } });
  return or.length ? { $or: or } : { id: { $in: [] as number[] } };
}

/** The access check behind /private-media: admins see every private upload, a family only what the portal shows it. */
export async function canReadPrivateUpload(em: EntityManager, user: SessionUser, uploadUrl: string): Promise<boolean> {
  if (user.isAdmin) return true;
  if ((await em.count(FamilyDocument, { family: user.id, url: uploadUrl })) > 0) return true;
  const scope = await familyScope(em, user.id);
  if (!scope.puppyIds.length) return false;
  const updates = await em.find(PuppyUpdate, visibleUpdatesWhere(scope), { fields: ['id'] });
  if (!updates.length) return false;
  return (await em.count(PuppyUpdatePhoto, { url: uploadUrl, update: { $in: updates.map((u) => u.id) } })) > 0;
}
