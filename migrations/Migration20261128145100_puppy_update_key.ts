import { Migration } from '@mikro-orm/migrations';

/** A puppy update's idempotency key, unique, stored with the row: an offline queue's replays store one update (issue 34). */
export class Migration20261128145100_puppy_update_key extends Migration {
  override name = 'Migration20261128145100_puppy_update_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "puppy_updates" add column "idempotency_key" varchar(64) null;`);
    this.addSql(`alter table "puppy_updates" add constraint "puppy_updates_idempotency_key_unique" unique ("idempotency_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "puppy_updates" drop constraint "puppy_updates_idempotency_key_unique";`);
    this.addSql(`alter table "puppy_updates" drop column "idempotency_key";`);
  }
}
