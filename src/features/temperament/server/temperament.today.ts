// Today (issue 34's contract): "temperament tests due" for each litter seven weeks old (49 days, the FAQ's "temperament
// testing is done at 7 weeks"; on the public site or not) whose puppies are not all tested, until two weeks on; past
// day 52 it is overdue, since the families' pick and go-home day at 8 weeks wait for it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { isComplete } from '../temperament.schema.ts';
import { testsOf } from './temperament.core.ts';

const DAY = 86_400_000;
const TEST_AGE_DAYS = 49;
const WINDOW_DAYS = 14;
const GRACE_DAYS = 3;

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const temperamentToday: TodaySource = async (em: EntityManager, now: Date): Promise<TodayItem[]> => {
  const today = Date.parse(`${ymd(now.getTime())}T00:00:00Z`);
  const litters = await em.find(
    Litter,
    { birthDate: { $lte: ymd(today - TEST_AGE_DAYS * DAY), $gte: ymd(today - (TEST_AGE_DAYS + WINDOW_DAYS) * DAY) } },
    { orderBy: { birthDate: 'asc', id: 'asc' }, limit: 50 },
  );
  if (!litters.length) return [];
  const puppies = await em.find(Puppy, { litter: { $in: litters.map((l) => l.id) } }, { fields: ['id', 'litter'] });
  const tests = await testsOf(
    em,
    puppies.map((p) => p.id),
  );
  const items: TodayItem[] = [];
  for (const litter of litters) {
    const mine = puppies.filter((p) => p.litter?.id === litter.id);
    const untested = mine.filter((p) => !isComplete(tests.get(p.id)?.scores ?? {})).length;
    if (!untested) continue;
    const dueMs = Date.parse(`${litter.birthDate}T00:00:00Z`) + TEST_AGE_DAYS * DAY;
    const name = /litter$/i.test(litter.name.trim()) ? litter.name.trim() : `${litter.name.trim()} litter`;
    items.push({
      group: 'action',
      source: 'temperament',
      title: `Temperament tests due: ${name}, ${untested} of ${mine.length} ${mine.length === 1 ? 'puppy' : 'puppies'} to test`,
      at: `${ymd(dueMs)}T12:00:00.000Z`,
      day: ymd(dueMs),
      href: `/admin/temperament?edit=${litter.id}`,
      overdue: today > dueMs + GRACE_DAYS * DAY,
    });
  }
  return items;
};
