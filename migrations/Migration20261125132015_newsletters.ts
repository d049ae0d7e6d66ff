import { Migration } from '@mikro-orm/migrations';

export class Migration20261125132015_newsletters extends Migration {
  override name = 'Migration20261125132015_newsletters';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "app_secrets" ("name" varchar(50) not null, "value" varchar(200) not null, "created_at" timestamptz not null, primary key ("name"));`,
    );

    this.addSql(
      `create table "newsletters" ("id" serial primary key, "subject" varchar(200) not null, "preheader" varchar(200) not null default '', "body" text not null, "audience" jsonb not null, "status" text not null default 'draft', "scheduled_at" timestamptz null, "sent_at" timestamptz null, "recipient_count" int not null default 0, "dismissed_count" int not null default 0, "article_id" int null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `create index "newsletters_scheduled_at_index" on "newsletters" ("scheduled_at") where "status" in ('scheduled', 'sending');`,
    );

    this.addSql(`alter table "outbox_messages" add "headers" jsonb null, add "newsletter_id" int null, add "claimed_at" timestamptz null;`);
    this.addSql(`create index "outbox_messages_claimed_at_index" on "outbox_messages" ("claimed_at");`);
    this.addSql(
      `alter table "outbox_messages" add constraint "outbox_messages_newsletter_recipient_unique" unique ("newsletter_id", "to");`,
    );

    this.addSql(`alter table "subscribers" drop constraint "subscribers_status_check";`);
    this.addSql(`alter table "subscribers" add "pending_since" timestamptz null, add "confirmed_at" timestamptz null;`);
    this.addSql(`alter table "subscribers" alter column "status" set default 'pending';`);
    this.addSql(`create index "subscribers_pending_since_index" on "subscribers" ("pending_since");`);
    this.addSql(
      `alter table "subscribers" add constraint "subscribers_status_check" check ("status" in ('pending', 'active', 'unsubscribed'));`,
    );
    // Addresses already on the list stay active (they subscribed under the old rules; confirmed_at stays
    // empty, which marks them as subscribed before double opt-in). New ones start pending.

    this.addSql(
      `alter table "newsletters" add constraint "newsletters_status_check" check ("status" in ('draft', 'scheduled', 'sending', 'sent'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "app_secrets" cascade;`);
    this.addSql(`drop table if exists "newsletters" cascade;`);

    this.addSql(`drop index "outbox_messages_claimed_at_index";`);
    this.addSql(`alter table "outbox_messages" drop constraint "outbox_messages_newsletter_recipient_unique";`);
    this.addSql(`alter table "outbox_messages" drop column "headers", drop column "newsletter_id", drop column "claimed_at";`);

    // The old schema has no pending state: addresses that never confirmed are not subscribers there.
    this.addSql(`delete from "subscribers" where "status" = 'pending';`);
    this.addSql(`drop index "subscribers_pending_since_index";`);
    this.addSql(`alter table "subscribers" drop constraint "subscribers_status_check";`);
    this.addSql(`alter table "subscribers" drop column "pending_since", drop column "confirmed_at";`);
    this.addSql(`alter table "subscribers" alter column "status" set default 'active';`);
    this.addSql(`alter table "subscribers" add constraint "subscribers_status_check" check ("status" in ('active', 'unsubscribed'));`);
  }
}
