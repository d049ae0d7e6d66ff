// The payments ledger's face for other features (issue 47): what a family's deposit is.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices } from '../../../lib/server/trpc.ts';
import type { PaymentMethod } from '../payments.schema.ts';
import { Payment, type IPayment } from './payments.entity.ts';
import { receiptPdf } from './receipt.ts';

/**
 * The family's deposit in cents as the ledger has it (decision 141): its terms' deposit, else the first payment
 * received; null when the ledger has neither.
 */
export async function ledgerDepositCents(em: EntityManager, familyId: number): Promise<number | null> {
  const [row] = await em.execute<Array<{ deposit_cents: number | null }>>(
    `select coalesce(
        (select t."deposit_cents" from "payment_accounts" t where t."family_id" = ?),
        (select y."amount_cents" from "payments" y where y."family_id" = ? and y."amount_cents" > 0 order by y."paid_on", y."id" limit 1)
      ) as "deposit_cents"`,
    [familyId, familyId],
  );
  return row?.deposit_cents == null ? null : Number(row.deposit_cents);
}

export interface ImportedPayment {
  familyId: number;
  familyName: string;
  familyEmail: string | null;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reason: string | null;
}

/**
 * A payment into the ledger with its receipt PDF, as recordPayment makes it, but without the receipt e-mail (the
 * money was paid long ago; the family reads it in My Family) and without payment terms, which are set at the match.
 * Flushed by the caller, in its transaction.
 */
export async function recordImportedPayment(
  em: EntityManager,
  services: Pick<AppServices, 'mail'>,
  input: ImportedPayment,
): Promise<IPayment> {
  const [{ id }] = (await em.execute<Array<{ id: number }>>(`select nextval(pg_get_serial_sequence('payments', 'id'))::int as "id"`)) as [
    { id: number },
  ];
  const breeder = await services.mail.breeder(em);
  const pdf = await receiptPdf({
    paymentId: id,
    breederName: breeder.name,
    town: breeder.town,
    familyName: input.familyName,
    amountCents: input.amountCents,
    paidOn: input.paidOn,
    method: input.method,
    reason: input.reason,
    totals: null,
  });
  return em.create(Payment, {
    id,
    family: input.familyId,
    familyName: input.familyName.slice(0, 200),
    familyEmail: input.familyEmail,
    amountCents: input.amountCents,
    paidOn: input.paidOn,
    method: input.method,
    reason: input.reason,
    recordedAt: new Date(),
    receiptPdf: Buffer.from(pdf),
  });
}
