// Today (issue 34's contract): the care due this week or overdue for puppies not yet home, one line per litter and
// protocol item ("Spring Litter: Vet check, 8 puppies"), so a litter of twelve is one line, not twelve.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { addDays, dueItems } from '../due.ts';
import { doneByPuppy, todayUtc } from './health.service.ts';
import { plansForLitters } from './protocols.service.ts';
import { littersBornBetween } from '../../dogs/server/dogs.reads.ts';
import { pickupTimes } from '../../portal/server/portal.reads.ts';
import { puppiesOfLitters } from '../../puppies/server/puppies.reads.ts';

/** Litters born this long ago or less are looked at (the demo protocol ends at go-home, day 56). */
const RECENT_DAYS = 120;
const MAX_LINES = 50;

export const healthToday: TodaySource = async (em: EntityManager, now: Date): Promise<TodayItem[]> => {
  const today = todayUtc(now);
  const weekAhead = addDays(today, 7);
  // Puppies of litters born in the window that are not home yet: by birth date, then id, at most 500.
  const litters = await littersBornBetween(em, addDays(today, -RECENT_DAYS), today);
  const litterById = new Map(litters.map((l) => [l.id, l]));
  const ofLitters = await puppiesOfLitters(
    em,
    litters.map((l) => l.id),
  );
  const pickups = await pickupTimes(
    em,
    ofLitters.map((p) => p.id),
  );
  const puppies = ofLitters
    .filter((p) => {
      const at = pickups.get(p.id);
      return !at || at > now;
    })
    .map((p) => {
      const l = litterById.get(p.litterId!)!;
      return { id: p.id, litter_id: l.id, litter_name: l.name, birth_date: l.birthDate! };
    })
    .sort((a, b) => a.birth_date.localeCompare(b.birth_date) || a.id - b.id)
    .slice(0, 500);
  if (!puppies.length) return [];
  // Each litter's own protocol (or none), the breeder's items only.
  const plans = await plansForLitters(em, [...new Set(puppies.map((p) => Number(p.litter_id)))]);
  const done = await doneByPuppy(
    em,
    puppies.map((p) => Number(p.id)),
  );
  const lines = new Map<string, { litterId: number; litterName: string; label: string; dueOn: string; overdue: boolean; count: number }>();
  for (const p of puppies) {
    const items = (plans.get(Number(p.litter_id)) ?? []).filter((i) => !i.afterGoHome);
    for (const d of dueItems(p.birth_date, items, done.get(Number(p.id)) ?? [], today)) {
      if (d.dueOn > weekAhead) continue;
      const key = `${p.litter_id}:${d.scheduleItemId ?? d.label}`;
      const line = lines.get(key) ?? {
        litterId: Number(p.litter_id),
        litterName: p.litter_name,
        label: d.label,
        dueOn: d.dueOn,
        overdue: false,
        count: 0,
      };
      line.count++;
      if (d.dueOn < line.dueOn) line.dueOn = d.dueOn;
      line.overdue ||= d.overdue;
      lines.set(key, line);
    }
  }
  return [...lines.values()]
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.label.localeCompare(b.label))
    .slice(0, MAX_LINES)
    .map((l) => ({
      group: 'action' as const,
      source: 'health',
      title: `${l.litterName}: ${l.label}${l.overdue ? ' (overdue)' : ''}, ${l.count} ${l.count === 1 ? 'puppy' : 'puppies'}`,
      at: `${l.dueOn}T00:00:00.000Z`,
      day: l.dueOn,
      href: `/admin/health?litter=${l.litterId}`,
      ...(l.overdue ? { overdue: true } : {}),
    }));
};
