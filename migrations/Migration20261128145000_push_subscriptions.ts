import { Migration } from '@mikro-orm/migrations';

/** Web Push: each device's subscription and chosen topics (issue 34). The VAPID keys live in app_secrets. */
export class Migration20261128145000_push_subscriptions extends Migration {
  override name = 'Migration20261128145000_push_subscriptions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "push_subscriptions" ("id" serial primary key, "user_id" int not null, "endpoint" varchar(1000) not null, "p256dh" varchar(200) not null, "auth" varchar(100) not null, "topics" jsonb not null, "created_at" timestamptz not null, "last_sent_at" timestamptz null);`,
    );
    this.addSql(`create index "push_subscriptions_user_id_index" on "push_subscriptions" ("user_id");`);
    this.addSql(`alter table "push_subscriptions" add constraint "push_subscriptions_endpoint_unique" unique ("endpoint");`);
    this.addSql(
      `alter table "push_subscriptions" add constraint "push_subscriptions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "push_subscriptions" cascade;`);
  }
}
