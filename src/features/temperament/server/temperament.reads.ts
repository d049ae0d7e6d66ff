// Temperament's face for other features (issue 47's reads): plain objects about puppies' tests, the fit of a family
// with puppies, and the breeder's "not for this family" marks. Pick day (issue 50, items 3–6) reads these.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isComplete, wordsSentence, type TestScores } from '../temperament.schema.ts';
import { allRules, blockedFor, fitsOf, latestFacts, familyLitters, shownLitters, testsOf } from './temperament.core.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';

export interface PuppyTemperament {
  puppyId: number;
  /** Whether any test is scored. */
  tested: boolean;
  /** All ten scored. */
  complete: boolean;
  scores: TestScores;
  /** The scores in words ("Calm with noise, follows readily, content to be held."), '' when untested. */
  words: string;
  summary: string;
  /** Whether the breeder has switched the puppy's litter on for families. */
  shownToFamilies: boolean;
}

/** The tests of these puppies (every id gets an answer; an untested or unknown puppy is `tested: false`). */
export async function temperamentFor(em: EntityManager, puppyIds: readonly number[]): Promise<PuppyTemperament[]> {
  const tests = await testsOf(em, puppyIds);
  const puppies = puppyIds.length ? await em.find(Puppy, { id: { $in: [...puppyIds] } }, { fields: ['id', 'litter'] }) : [];
  const litterOf = new Map(puppies.map((p) => [p.id, p.litter?.id ?? null]));
  const shown = await shownLitters(
    em,
    [...litterOf.values()].filter((id): id is number => id !== null),
  );
  return puppyIds.map((puppyId) => {
    const t = tests.get(puppyId);
    const scores = t?.scores ?? {};
    const litterId = litterOf.get(puppyId);
    return {
      puppyId,
      tested: Object.keys(scores).length > 0,
      complete: isComplete(scores),
      scores,
      words: wordsSentence(scores),
      summary: t?.summary ?? '',
      shownToFamilies: litterId != null && shown.has(litterId),
    };
  });
}

export interface PuppyFit {
  puppyId: number;
  suits: boolean;
  /** One sentence: the deciding rule's, or why none decided. */
  reason: string;
  /** The breeder marked it "not for this family": the family cannot choose it. */
  blocked: boolean;
}

/**
 * The fit of one family with these puppies, by the breeder's rules, from the answers of the application that puts the
 * family in the puppy's litter (else its newest application).
 */
export async function fitFor(em: EntityManager, familyUserId: number, puppyIds: readonly number[]): Promise<PuppyFit[]> {
  if (!puppyIds.length) return [];
  const [rules, tests, blocked, litters, fallback] = [
    await allRules(em),
    await testsOf(em, puppyIds),
    await blockedFor(em, familyUserId, puppyIds),
    await familyLitters(em, familyUserId),
    await latestFacts(em, familyUserId),
  ];
  const puppies = await em.find(Puppy, { id: { $in: [...puppyIds] } }, { fields: ['id', 'litter'] });
  const litterOf = new Map(puppies.map((p) => [p.id, p.litter?.id ?? null]));
  return puppyIds.map((puppyId) => {
    const inLitter = litters.find((l) => l.litterId === litterOf.get(puppyId));
    const facts = inLitter ? inLitter.facts : fallback;
    const [fit] = fitsOf(rules, facts, [puppyId], tests, blocked);
    return { puppyId, suits: fit!.suits, reason: fit!.reason, blocked: fit!.blocked };
  });
}

/** Whether the breeder marked this puppy "not for this family". */
export async function isBlocked(em: EntityManager, familyUserId: number, puppyId: number): Promise<boolean> {
  return (await blockedFor(em, familyUserId, [puppyId])).has(puppyId);
}

/** The puppies the breeder marked "not for this family", of these. */
export async function blockedPuppies(em: EntityManager, familyUserId: number, puppyIds: readonly number[]): Promise<number[]> {
  return [...(await blockedFor(em, familyUserId, puppyIds))];
}
