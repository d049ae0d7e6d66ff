// The family's side: for each litter it is in (waitlisted on its list, or matched to one of its puppies) whose results
// the breeder has switched on, the litter's open puppies in words, with the fit and the breeder's marks. Nothing else:
// another family's litter, a litter still switched off, a puppy matched to someone else are not in the answer.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { wordsSentence, type FamilyLitterTemperamentDto } from '../temperament.schema.ts';
import { allRules, blockedFor, familyLitters, fitsOf, shownLitters, testsOf } from './temperament.core.ts';

export async function myTemperament(em: EntityManager, userId: number): Promise<FamilyLitterTemperamentDto[]> {
  const inLitters = await familyLitters(em, userId);
  const shown = await shownLitters(
    em,
    inLitters.map((l) => l.litterId),
  );
  const visible = inLitters.filter((l) => shown.has(l.litterId));
  if (!visible.length) return [];
  const litters = await em.find(Litter, { id: { $in: visible.map((l) => l.litterId) } }, { orderBy: { birthDate: 'desc', id: 'desc' } });
  const puppies = await em.find(
    Puppy,
    { litter: { $in: litters.map((l) => l.id) }, $or: [{ family: userId }, { family: null, visible: true }] },
    { orderBy: { id: 'asc' }, limit: 200 },
  );
  const ids = puppies.map((p) => p.id);
  const [rules, tests, blocked] = [await allRules(em), await testsOf(em, ids), await blockedFor(em, userId, ids)];
  return litters.map((litter) => {
    const facts = visible.find((v) => v.litterId === litter.id)!.facts;
    const mine = puppies.filter((p) => p.litter?.id === litter.id);
    const fits = fitsOf(
      rules,
      facts,
      mine.map((p) => p.id),
      tests,
      blocked,
    );
    return {
      litterId: litter.id,
      litterName: litter.name,
      puppies: mine.map((p, i) => {
        const t = tests.get(p.id);
        return {
          puppyId: p.id,
          name: p.name,
          imageUrl: p.imageUrl ?? null,
          words: t && Object.keys(t.scores).length ? wordsSentence(t.scores) : null,
          summary: t?.summary ?? '',
          fit: { suits: fits[i]!.suits, reason: fits[i]!.reason },
          blocked: fits[i]!.blocked,
        };
      }),
    };
  });
}
