// Today: contracts the family signed that wait for the breeder's countersignature.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodaySource } from '../../../lib/server/today.ts';
import { Contract } from './contract.entity.ts';

/** Waiting more than this long for the countersignature is overdue. */
const OVERDUE_MS = 2 * 86_400_000;

export const contractsToday: TodaySource = async (em: EntityManager, now: Date) => {
  const rows = await em.find(Contract, { status: 'signed' }, { orderBy: { familySignedAt: 'asc', id: 'asc' }, limit: 50 });
  return rows.map((c) => ({
    group: 'action' as const,
    source: 'contracts',
    title: `${c.familyName} signed the contract for ${c.puppyName}: countersign it`,
    at: (c.familySignedAt ?? c.updatedAt).toISOString(),
    href: `/admin/contracts?contract=${c.id}`,
    overdue: now.getTime() - (c.familySignedAt ?? c.updatedAt).getTime() > OVERDUE_MS,
  }));
};
