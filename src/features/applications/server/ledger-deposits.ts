// The deposit as the payments ledger records it (issue 45, decision 141): the ledger is the one record of money, so
// an application and the waitlist show a family's deposit from it: its first payment, and the refunds after it. Read
// through the payments feature's entity (the sanctioned cross-feature read, eslint.config.js).
import type { EntityManager } from '@mikro-orm/postgresql';
import { Payment } from '../../payments/server/payments.entity.ts';
import type { PaymentMethod } from '../../payments/payments.schema.ts';
import type { DepositDto } from '../applications.schema.ts';
import type { IApplication } from './application.entity.ts';

const METHOD: Record<PaymentMethod, DepositDto['method']> = {
  cash: 'cash',
  check: 'check',
  card: 'card',
  'bank-transfer': 'bank_transfer',
  'payment-link': 'other',
};

/** Each family's deposit in the ledger, by account id (families with no payment recorded are absent). */
export async function ledgerDeposits(em: EntityManager, userIds: number[]): Promise<Map<number, DepositDto>> {
  const ids = [...new Set(userIds)];
  const out = new Map<number, DepositDto>();
  if (!ids.length) return out;
  const rows = await em.find(
    Payment,
    { family: { $in: ids } },
    { fields: ['family', 'amountCents', 'paidOn', 'method'], orderBy: { paidOn: 'asc', id: 'asc' } },
  );
  for (const p of rows) {
    const family = p.family?.id;
    if (family == null) continue;
    const d = out.get(family);
    if (!d) {
      if (p.amountCents > 0)
        out.set(family, {
          amount: p.amountCents / 100,
          receivedOn: p.paidOn,
          method: METHOD[p.method],
          nonRefundable: true,
          notes: '',
          refundedOn: null,
          refundAmount: null,
          fromLedger: true,
        });
    } else if (p.amountCents < 0) {
      d.refundedOn = p.paidOn;
      d.refundAmount = (d.refundAmount ?? 0) + -p.amountCents / 100;
    }
  }
  return out;
}

/** The deposit an application shows: the ledger's when it has one, else what was recorded on the application before. */
export function depositOf(a: IApplication, ledger: Map<number, DepositDto>): DepositDto | null {
  const fromLedger = a.user ? ledger.get(a.user.id) : undefined;
  if (fromLedger) return fromLedger;
  if (a.depositAmount == null || !a.depositReceivedOn || !a.depositMethod) return null;
  return {
    amount: a.depositAmount,
    receivedOn: a.depositReceivedOn,
    method: a.depositMethod,
    nonRefundable: a.depositNonRefundable,
    notes: a.depositNotes,
    refundedOn: a.depositRefundedOn ?? null,
    refundAmount: a.depositRefundAmount ?? null,
    fromLedger: false,
  };
}

export const userIdsOf = (apps: IApplication[]) => apps.flatMap((a) => (a.user ? [a.user.id] : []));
