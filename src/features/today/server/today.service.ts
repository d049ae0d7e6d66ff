// Gathers the Today screen: every source asked once, in parallel; one failing source leaves a line saying so, not a blank screen.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import type { TodayAnswer } from '../today.schema.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';

/** A source registered under the name the screen shows when it fails. */
export interface NamedTodaySource {
  name: string;
  source: TodaySource;
}

const PER_SOURCE = 50;
const ACTIVITY_LINES = 30;

export async function gatherToday(
  em: EntityManager,
  sources: readonly NamedTodaySource[],
  now: Date,
  log: { warn: (obj: object, msg: string) => void },
  services?: AppServices,
): Promise<TodayAnswer> {
  // Each source on its own fork: parallel queries must not share one entity manager's identity map.
  const settled = await Promise.allSettled(sources.map(({ source }) => source(em.fork(), now, services)));
  const answer: TodayAnswer = { action: [], scheduled: [], activity: [], unavailable: [], at: now.toISOString() };
  settled.forEach((result, i) => {
    const { name } = sources[i]!;
    if (result.status === 'rejected') {
      log.warn({ err: result.reason, source: name }, 'a Today source failed');
      answer.unavailable.push(name);
      return;
    }
    for (const item of result.value.slice(0, PER_SOURCE)) answer[item.group].push(item);
  });
  const time = (item: TodayItem) => Date.parse(item.at);
  // Overdue first, then oldest: what has waited longest is the most urgent.
  answer.action.sort((a, b) => Number(!!b.overdue) - Number(!!a.overdue) || time(a) - time(b));
  answer.scheduled.sort((a, b) => time(a) - time(b));
  answer.activity.sort((a, b) => time(b) - time(a));
  answer.activity = answer.activity.slice(0, ACTIVITY_LINES);
  return answer;
}
