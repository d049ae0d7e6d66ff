import { Migration } from '@mikro-orm/migrations';

/**
 * A contract countersigned while the configured timestamp server cannot be reached waits, status "sealing", and
 * is sealed by a retry when it answers (decision 121): when it started waiting and the last failure.
 */
export class Migration20261128151100_contract_seal_waiting extends Migration {
  override name = 'Migration20261128151100_contract_seal_waiting';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contracts" add column "seal_waiting_since" timestamptz null, add column "seal_error" varchar(300) null;`);
    this.addSql(`alter table "contracts" drop constraint "contracts_status_check";`);
    this.addSql(
      `alter table "contracts" add constraint "contracts_status_check" check ("status" in ('draft', 'sent', 'signed', 'sealing', 'sealed', 'voided'));`,
    );
    this.addSql(`alter table "contract_events" drop constraint "contract_events_kind_check";`);
    this.addSql(
      `alter table "contract_events" add constraint "contract_events_kind_check" check ("kind" in ('prepared', 'edited', 'sent', 'opened', 'signed', 'countersigned', 'seal-waiting', 'sealed', 'voided', 'signatures-voided'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "contract_events" where "kind" = 'seal-waiting';`);
    this.addSql(`alter table "contract_events" drop constraint "contract_events_kind_check";`);
    this.addSql(
      `alter table "contract_events" add constraint "contract_events_kind_check" check ("kind" in ('prepared', 'edited', 'sent', 'opened', 'signed', 'countersigned', 'sealed', 'voided', 'signatures-voided'));`,
    );
    this.addSql(`update "contracts" set "status" = 'signed' where "status" = 'sealing';`);
    this.addSql(`alter table "contracts" drop constraint "contracts_status_check";`);
    this.addSql(
      `alter table "contracts" add constraint "contracts_status_check" check ("status" in ('draft', 'sent', 'signed', 'sealed', 'voided'));`,
    );
    this.addSql(`alter table "contracts" drop column "seal_waiting_since", drop column "seal_error";`);
  }
}
