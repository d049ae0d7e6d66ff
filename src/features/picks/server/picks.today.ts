// Today: a litter whose answers are due (set the order and open picks), and the family choosing now (until when).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodaySource } from '../../../lib/server/today.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { PickEntry, PickRound } from './picks.entity.ts';

const HREF = (litterId: number) => `/admin/picks?litter=${litterId}`;

export const picksToday: TodaySource = async (em: EntityManager, now: Date) => {
  const rounds = await em.find(PickRound, { status: { $in: ['answers', 'open', 'paused'] } }, { orderBy: { id: 'asc' }, limit: 20 });
  if (!rounds.length) return [];
  const litters = await em.find(Litter, { id: { $in: rounds.map((r) => r.litter.id) } }, { fields: ['name'] });
  const current = rounds.flatMap((r) => (r.currentEntryId ? [r.currentEntryId] : []));
  const entries = current.length ? await em.find(PickEntry, { id: { $in: current } }, { fields: ['name'] }) : [];
  return rounds.map((r) => {
    const litter = litters.find((l) => l.id === r.litter.id)?.name ?? 'litter';
    if (r.status === 'answers') {
      const due = r.answerDeadline.getTime() <= now.getTime();
      return {
        group: due ? ('action' as const) : ('scheduled' as const),
        source: 'picks',
        title: due ? `Answers for the ${litter} litter are in: open picks` : `Answers for the ${litter} litter are due`,
        at: r.answerDeadline.toISOString(),
        href: HREF(r.litter.id),
      };
    }
    const who = entries.find((e) => e.id === r.currentEntryId)?.name ?? 'Nobody';
    return {
      group: 'scheduled' as const,
      source: 'picks',
      title:
        r.status === 'paused'
          ? `Pick day for the ${litter} litter is paused (${who}’s turn)`
          : `Pick day: ${who} is choosing from the ${litter} litter`,
      at: (r.deadline ?? now).toISOString(),
      href: HREF(r.litter.id),
    };
  });
};
