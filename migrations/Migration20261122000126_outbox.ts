import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000126_outbox extends Migration {
  override name = 'Migration20261122000126_outbox';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outbox_messages" ("id" serial primary key, "to" varchar(254) not null, "reply_to" varchar(254) null, "subject" varchar(300) not null, "text" text not null, "html" text null, "status" text not null default 'queued', "attempts" int not null default 0, "last_error" text null, "next_attempt_at" timestamptz not null, "created_at" timestamptz not null, "sent_at" timestamptz null);`,
    );
    this.addSql(`create index "outbox_messages_next_attempt_at_index" on "outbox_messages" ("next_attempt_at") where "status" = 'queued';`);
    this.addSql(
      `alter table "outbox_messages" add constraint "outbox_messages_status_check" check ("status" in ('queued', 'sent', 'failed'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "outbox_messages" cascade;`);
  }
}
