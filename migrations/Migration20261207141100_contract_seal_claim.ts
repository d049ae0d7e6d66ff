import { Migration } from '@mikro-orm/migrations';

/**
 * Sealing outside the lock (issue 44, decision 140): a contract is claimed for sealing in a short transaction (a
 * token and when), signed and time-stamped outside any transaction, and recorded only by the holder of the claim.
 * A claim left by a process that died half-way expires, and the retry takes the contract again.
 */
export class Migration20261207141100_contract_seal_claim extends Migration {
  override name = 'Migration20261207141100_contract_seal_claim';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contracts" add column "seal_claim" varchar(64) null, add column "seal_claimed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contracts" drop column "seal_claim", drop column "seal_claimed_at";`);
  }
}
