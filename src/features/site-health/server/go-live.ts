// The go-live checklist (issue 48): after the first-run setup, Today lists what stands between the new site and a
// live one; each item is done by itself when it becomes true, or dismissed by the breeder.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';
import { GO_LIVE_ITEMS, GO_LIVE_TITLES, type GoLiveItem } from '../site-health.schema.ts';
import { mergeState, readState } from './site-state.ts';
import { setupCompletedAt } from './setup-token.ts';
import { backupState } from './backups.ts';
import { storySetSince } from '../../settings/server/settings.reads.ts';
import { dogsAddedSince } from '../../dogs/server/dogs.reads.ts';
import { mailSentSince } from '../../mail/server/mail.reads.ts';
import { BACKUP_MAX_AGE_HOURS } from './checks.ts';

const HREF: Record<GoLiveItem, string> = {
  story: '/admin/settings',
  litter: '/admin/litters',
  mail: '/admin/site-health',
  domain: '/admin/site-health',
  backups: '/admin/site-health',
};

export interface GoLiveLine {
  item: GoLiveItem;
  title: string;
  href: string;
  done: boolean;
  dismissed: boolean;
}

/** The checklist, or null on a site not set up through /setup or `npm run setup` (an older site has no list). */
export async function goLiveList(em: EntityManager): Promise<{ since: Date; lines: GoLiveLine[] } | null> {
  const since = await setupCompletedAt(em);
  if (!since) return null;
  const facts = { story: await storySetSince(em, since), litter: await dogsAddedSince(em, since), mail: await mailSentSince(em, since) };
  const { origin } = await readState<{ origin: string }>(em, 'origin');
  const host = origin ? new URL(origin).hostname : 'localhost';
  const backups = await backupState(em);
  const done: Record<GoLiveItem, boolean> = {
    story: facts.story,
    litter: facts.litter,
    mail: facts.mail,
    domain: origin?.startsWith('https://') === true && host !== 'localhost' && !host.endsWith('.localhost'),
    backups: backups.lastOk !== undefined,
  };
  const { dismissed = [] } = await readState<{ dismissed: string[] }>(em, 'go-live');
  return {
    since,
    lines: GO_LIVE_ITEMS.map((item) => ({
      item,
      title: GO_LIVE_TITLES[item],
      href: HREF[item],
      done: done[item],
      dismissed: dismissed.includes(item),
    })),
  };
}

export async function dismissGoLive(em: EntityManager, item: GoLiveItem): Promise<void> {
  const { dismissed = [] } = await readState<{ dismissed: string[] }>(em, 'go-live');
  if (!dismissed.includes(item)) await mergeState(em, 'go-live', { dismissed: [...dismissed, item] });
}

/** Today's lines: the open go-live items, and a failed or missing backup (none in 36 hours). */
export const siteHealthToday: TodaySource = async (em, now) => {
  const items: TodayItem[] = [];
  const list = await goLiveList(em);
  if (list) {
    for (const line of list.lines) {
      if (!line.done && !line.dismissed)
        items.push({ group: 'action', source: 'site', title: line.title, at: list.since.toISOString(), href: line.href });
    }
  }
  const state = await backupState(em);
  const lastOk = state.lastOk ? Date.parse(state.lastOk.at) : null;
  if (state.lastFailure && (lastOk === null || Date.parse(state.lastFailure.at) > lastOk)) {
    items.push({
      group: 'action',
      source: 'site',
      title: `The last backup failed: ${state.lastFailure.error}`,
      at: state.lastFailure.at,
      href: '/admin/site-health',
      overdue: true,
    });
    return items;
  }
  // Missing: none in 36 hours, counted from the last backup or, before the first, from when the site was set up.
  const [first] = await em.execute<Array<{ at: Date | null }>>(`select min("executed_at") as at from "mikro_orm_migrations"`);
  const from = lastOk ?? (first?.at ? new Date(first.at).getTime() : now.getTime());
  if (now.getTime() - from > BACKUP_MAX_AGE_HOURS * 3_600_000) {
    items.push({
      group: 'action',
      source: 'site',
      title: lastOk === null ? 'No backup has been made yet' : `No backup in ${BACKUP_MAX_AGE_HOURS} hours`,
      at: new Date(from + BACKUP_MAX_AGE_HOURS * 3_600_000).toISOString(),
      href: '/admin/site-health',
      overdue: true,
    });
  }
  return items;
};
