import { Migration } from '@mikro-orm/migrations';

/**
 * What Today asks of the biggest tables (issue 34), as small partial indexes: the failed e-mails among the sent ones,
 * the unread inquiries, the undecided applications and this week's unsubscribes. At N = 100 (200,000 e-mails, 100,000
 * inquiries) each of these was a scan of the table, or of its date index past every row already dealt with.
 */
export class Migration20261128161000_today_indexes extends Migration {
  override name = 'Migration20261128161000_today_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "outbox_messages_failed_index" on "outbox_messages" ("created_at") where "status" = 'failed';`);
    this.addSql(`create index "inquiries_unread_index" on "inquiries" ("created_at") where "read_at" is null;`);
    this.addSql(
      `create index "applications_undecided_index" on "applications" ("created_at") where "status" in ('submitted', 'in_review') and "anonymised_at" is null;`,
    );
    this.addSql(`create index "subscribers_unsubscribed_index" on "subscribers" ("updated_at") where "status" = 'unsubscribed';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "outbox_messages_failed_index";`);
    this.addSql(`drop index if exists "inquiries_unread_index";`);
    this.addSql(`drop index if exists "applications_undecided_index";`);
    this.addSql(`drop index if exists "subscribers_unsubscribed_index";`);
  }
}
