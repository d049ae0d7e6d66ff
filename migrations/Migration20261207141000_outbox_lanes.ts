import { Migration } from '@mikro-orm/migrations';

/**
 * Mail in lanes (issue 44, decision 140): account mail, sale mail, notifications and newsletters each have their
 * own queue the sender takes turns on, so a flood of one never holds up another; and a notification's digest key
 * (its kind, to the breeder), under which many in a short time go as one e-mail.
 */
export class Migration20261207141000_outbox_lanes extends Migration {
  override name = 'Migration20261207141000_outbox_lanes';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "outbox_messages" add column "lane" varchar(20) not null default 'notification', add column "digest_key" varchar(100) null;`,
    );
    this.addSql(`update "outbox_messages" set "lane" = 'newsletter' where "newsletter_id" is not null;`);
    this.addSql(
      `create index "outbox_messages_lane_due_index" on "outbox_messages" ("lane", "next_attempt_at") where "status" = 'queued';`,
    );
    this.addSql(
      `create index "outbox_messages_digest_index" on "outbox_messages" ("digest_key", "to", "sent_at") where "digest_key" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "outbox_messages_digest_index";`);
    this.addSql(`drop index "outbox_messages_lane_due_index";`);
    this.addSql(`alter table "outbox_messages" drop column "lane", drop column "digest_key";`);
  }
}
