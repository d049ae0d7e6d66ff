import { Migration } from '@mikro-orm/migrations';

/** Files sent with an outbox message (issue 31: the sealed contract's PDF, e-mailed to both). */
export class Migration20261128141100_outbox_attachments extends Migration {
  override name = 'Migration20261128141100_outbox_attachments';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" add column "attachments" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" drop column "attachments";`);
  }
}
