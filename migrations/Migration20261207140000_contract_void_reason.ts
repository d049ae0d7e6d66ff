import { Migration } from '@mikro-orm/migrations';

/**
 * Voiding a contract asks for a reason, which the family reads (decision 141); a contract that was never sent leaves
 * no trace in the family's view, one that was sent shows the reason: when it was first sent, taken from its events.
 */
export class Migration20261207140000_contract_void_reason extends Migration {
  override name = 'Migration20261207140000_contract_void_reason';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "contracts" add column "first_sent_at" timestamptz null, add column "void_reason" varchar(500) null, add column "voided_at" timestamptz null;`,
    );
    this.addSql(
      `update "contracts" c set "first_sent_at" = (select min(e."at") from "contract_events" e where e."contract_id" = c."id" and e."kind" = 'sent');`,
    );
    this.addSql(
      `update "contracts" c set "voided_at" = (select max(e."at") from "contract_events" e where e."contract_id" = c."id" and e."kind" = 'voided') where c."status" = 'voided';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "contracts" drop column "first_sent_at", drop column "void_reason", drop column "voided_at";`);
  }
}
