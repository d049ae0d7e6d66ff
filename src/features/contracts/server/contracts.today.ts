// Today: contracts the family signed that wait for the breeder's countersignature, and countersigned ones whose
// seal waits for the timestamp server (retried in the background; overdue after a day).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TodaySource } from '../../../lib/server/today.ts';
import { Contract } from './contract.entity.ts';

/** Waiting more than this long for the countersignature is overdue. */
const OVERDUE_MS = 2 * 86_400_000;

export const contractsToday: TodaySource = async (em: EntityManager, now: Date) => {
  const rows = await em.find(
    Contract,
    { status: { $in: ['signed', 'sealing'] } },
    { orderBy: { familySignedAt: 'asc', id: 'asc' }, limit: 50 },
  );
  return rows.map((c) =>
    c.status === 'sealing'
      ? {
          group: 'action' as const,
          source: 'contracts',
          title: `The contract for ${c.puppyName} (${c.familyName}) waits for the timestamp server to be sealed`,
          at: (c.sealWaitingSince ?? c.updatedAt).toISOString(),
          href: `/admin/contracts?contract=${c.id}`,
          overdue: now.getTime() - (c.sealWaitingSince ?? c.updatedAt).getTime() > 86_400_000,
        }
      : {
          group: 'action' as const,
          source: 'contracts',
          title: `${c.familyName} signed the contract for ${c.puppyName}: countersign it`,
          at: (c.familySignedAt ?? c.updatedAt).toISOString(),
          href: `/admin/contracts?contract=${c.id}`,
          overdue: now.getTime() - (c.familySignedAt ?? c.updatedAt).getTime() > OVERDUE_MS,
        },
  );
};
