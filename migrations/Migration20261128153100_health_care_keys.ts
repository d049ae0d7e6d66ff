import { Migration } from '@mikro-orm/migrations';

/**
 * A care record's idempotency key (issue 34's offline queue): one row per recording request, its key unique, written
 * in the same transaction as the care items it made (one per puppy), which point to it. A replay stores nothing new.
 */
export class Migration20261128153100_health_care_keys extends Migration {
  override name = 'Migration20261128153100_health_care_keys';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "health_care_requests" ("id" serial primary key, "idempotency_key" varchar(64) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(
      `alter table "health_care_requests" add constraint "health_care_requests_idempotency_key_unique" unique ("idempotency_key");`,
    );
    this.addSql(`alter table "health_care_items" add column "request_id" int null;`);
    this.addSql(`create index "health_care_items_request_id_index" on "health_care_items" ("request_id");`);
    this.addSql(
      `alter table "health_care_items" add constraint "health_care_items_request_id_foreign" foreign key ("request_id") references "health_care_requests" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "health_care_items" drop constraint "health_care_items_request_id_foreign";`);
    this.addSql(`drop index "health_care_items_request_id_index";`);
    this.addSql(`alter table "health_care_items" drop column "request_id";`);
    this.addSql(`drop table if exists "health_care_requests" cascade;`);
  }
}
