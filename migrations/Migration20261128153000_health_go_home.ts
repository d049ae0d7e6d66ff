import { Migration } from '@mikro-orm/migrations';

/** The go-home e-mail (issue 33): one row per puppy, written in the same transaction as the message, so it goes once. */
export class Migration20261128153000_health_go_home extends Migration {
  override name = 'Migration20261128153000_health_go_home';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "health_go_home_mails" ("puppy_id" int not null, "pickup_at" timestamptz not null, "share_link_id" int null, "sent_at" timestamptz not null, primary key ("puppy_id"));`,
    );
    this.addSql(
      `alter table "health_go_home_mails" add constraint "health_go_home_mails_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "health_go_home_mails" add constraint "health_go_home_mails_share_link_id_foreign" foreign key ("share_link_id") references "health_share_links" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "health_go_home_mails" cascade;`);
  }
}
