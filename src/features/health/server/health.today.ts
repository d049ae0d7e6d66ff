// Today (issue 34's contract): the care due this week or overdue for puppies not yet home, one line per litter and
// protocol item ("Spring Litter: Vet check, 8 puppies"), so a litter of twelve is one line, not twelve.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { addDays, dueItems } from '../due.ts';
import { doneByPuppy, plansForLitters, todayUtc } from './health.service.ts';

/** Litters born this long ago or less are looked at (the demo protocol ends at go-home, day 56). */
const RECENT_DAYS = 120;
const MAX_LINES = 50;

export const healthToday: TodaySource = async (em: EntityManager, now: Date): Promise<TodayItem[]> => {
  const today = todayUtc(now);
  const weekAhead = addDays(today, 7);
  const puppies = await em.execute<{ id: number; litter_id: number; litter_name: string; birth_date: string }[]>(
    `select p."id", l."id" as "litter_id", l."name" as "litter_name", l."birth_date"
       from "puppies" p join "litters" l on l."id" = p."litter_id" left join "puppy_pickups" k on k."puppy_id" = p."id"
      where l."birth_date" is not null and l."birth_date" >= ? and l."birth_date" <= ? and (k."at" is null or k."at" > ?)
      order by l."birth_date", p."id" limit 500`,
    [addDays(today, -RECENT_DAYS), today, now],
  );
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
