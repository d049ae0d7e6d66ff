// The one place pick day reads temperament (issue 50 items 1–2, the temperament feature's reads): the test in words and
// the fit of a family with each puppy. Until that feature lands this answers "not shown" and "no rule decided".
import type { EntityManager } from '@mikro-orm/postgresql';

export interface PuppyTemperamentWords {
  puppyId: number;
  words: string;
  shownToFamilies: boolean;
}

export interface PuppyFitFace {
  puppyId: number;
  suits: boolean;
  reason: string;
  blocked: boolean;
}

export async function temperamentWords(_em: EntityManager, puppyIds: readonly number[]): Promise<PuppyTemperamentWords[]> {
  return puppyIds.map((puppyId) => ({ puppyId, words: '', shownToFamilies: false }));
}

export async function fitOf(_em: EntityManager, _familyUserId: number, puppyIds: readonly number[]): Promise<PuppyFitFace[]> {
  return puppyIds.map((puppyId) => ({ puppyId, suits: true, reason: '', blocked: false }));
}
