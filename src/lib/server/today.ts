// The contract between the dashboard's Today screen and the features that put work on it (issue 34).
// A feature that creates something due, waiting or worth knowing exports one TodaySource from its
// server folder (e.g. features/visits/server/visits.today.ts); src/server/today-sources.ts lists them and
// the Today procedure asks every source once per request. Features never import each other: only this file.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from './trpc.ts';

/** Which of Today's three lists a line belongs to. */
export type TodayGroup = 'action' | 'scheduled' | 'activity';

export interface TodayItem {
  group: TodayGroup;
  /** The feature that put it there, e.g. 'applications', 'messages', 'payments', 'visits', 'health'. */
  source: string;
  /** One line the breeder reads at a glance, e.g. "The Parkers wrote: Can we visit Saturday?". */
  title: string;
  /** When it happened (activity), is due (action) or starts (scheduled), as an ISO timestamp. */
  at: string;
  /**
   * The calendar day ('YYYY-MM-DD') when the line is due on a day, not at a time (a care item, a balance, a litter):
   * the screen shows that day as it is, never `at` read as a time in the breeder's zone (issue 45).
   */
  day?: string;
  /** Where she acts on it: a dashboard path, e.g. '/admin/messages?conversation=12'. */
  href: string;
  /** Past its due time (balances, care items, unanswered for a day…). */
  overdue?: boolean;
}

/**
 * One feature's contribution. `now` is passed so tests can pin the clock; a source answers with a bounded
 * number of lines (at most 50) and in one or two queries, since Today answers in one request (≤ 50 ms p95).
 */
/** `services`: the app's (the job runner's status, for one); tests that gather Today without the app leave it out. */
export type TodaySource = (em: EntityManager, now: Date, services?: AppServices) => Promise<TodayItem[]>;
