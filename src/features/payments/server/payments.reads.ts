// The payments ledger's face for other features (issue 47): what a family's deposit is.
import type { EntityManager } from '@mikro-orm/postgresql';

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
