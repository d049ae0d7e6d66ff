import { Migration } from '@mikro-orm/migrations';

/** The sender holding an outbox message's claim, so a restart releases a dead sender's claim at once (decision 109). */
export class Migration20261128013000_outbox_claimed_by extends Migration {
  override name = 'Migration20261128013000_outbox_claimed_by';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" add column "claimed_by" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" drop column "claimed_by";`);
  }
}
