// What the Today procedure answers: the breeder's three lists, and which sources could not load.

/** One line of Today: the shape of lib/server/today.ts's TodayItem, which the browser may not import. */
export interface TodayItem {
  group: 'action' | 'scheduled' | 'activity';
  source: string;
  title: string;
  at: string;
  /** A line due on a day ('YYYY-MM-DD'), shown as that day. */
  day?: string;
  href: string;
  overdue?: boolean;
}

export interface TodayAnswer {
  /** What needs her: oldest (most overdue) first. */
  action: TodayItem[];
  /** What is coming: soonest first. */
  scheduled: TodayItem[];
  /** What happened: newest first. */
  activity: TodayItem[];
  /** The sources that failed this time (their lines are missing), e.g. ['payments']. */
  unavailable: string[];
  /** When the answer was made (an offline copy says how old it is). */
  at: string;
}

export const TODAY_LABELS: Record<string, string> = {
  applications: 'applications',
  inquiries: 'inquiries',
  mail: 'failed e-mails',
  litters: 'litters',
  portal: 'pickups',
  subscribers: 'subscribers',
  messages: 'messages',
  contracts: 'contracts',
  payments: 'payments',
  visits: 'visits',
  health: 'care items',
  jobs: 'background jobs',
};
