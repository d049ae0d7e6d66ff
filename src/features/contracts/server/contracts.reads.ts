// The contracts' face for other features (issue 47): the terms of a family's current contract.
import type { EntityManager } from '@mikro-orm/postgresql';

/** The price, deposit and pickup date (YYYY-MM-DD, or '') of each family's latest contract that is not voided. */
export async function latestContractTerms(
  em: EntityManager,
  familyIds: readonly number[],
): Promise<Map<number, { priceCents: number; depositCents: number; pickupDate: string }>> {
  if (!familyIds.length) return new Map();
  const rows = await em.execute<Array<{ family_id: number; price_cents: number; deposit_cents: number; pickup_date: string }>>(
    `select distinct on ("family_id") "family_id", "price_cents", "deposit_cents", "pickup_date" from "contracts"
      where "status" <> 'voided' and "family_id" in (${familyIds.map(() => '?').join(', ')}) order by "family_id", "id" desc`,
    [...familyIds],
  );
  return new Map(
    rows.map((r) => [Number(r.family_id), { priceCents: r.price_cents, depositCents: r.deposit_cents, pickupDate: r.pickup_date }]),
  );
}
