// The one place pick day reads temperament (issue 50 items 1–2, decision 170): the test in words, whether the breeder
// shows it to families, and the fit of a family with each puppy (a puppy marked "not for this family" is blocked).
import type { EntityManager } from '@mikro-orm/postgresql';
import { fitFor, temperamentFor } from '../../temperament/server/temperament.reads.ts';

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

export async function temperamentWords(em: EntityManager, puppyIds: readonly number[]): Promise<PuppyTemperamentWords[]> {
  return (await temperamentFor(em, puppyIds)).map((t) => ({ puppyId: t.puppyId, words: t.words, shownToFamilies: t.shownToFamilies }));
}

export async function fitOf(em: EntityManager, familyUserId: number, puppyIds: readonly number[]): Promise<PuppyFitFace[]> {
  return fitFor(em, familyUserId, puppyIds);
}
