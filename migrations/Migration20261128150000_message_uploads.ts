import { Migration } from '@mikro-orm/migrations';

/** Files a family uploads from the site for its messages (issue 30): whose upload each is, so only that family may attach it. */
export class Migration20261128150000_message_uploads extends Migration {
  override name = 'Migration20261128150000_message_uploads';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "message_uploads" ("id" serial primary key, "family_id" int not null, "url" varchar(500) not null, "name" varchar(200) null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "message_uploads_family_id_index" on "message_uploads" ("family_id");`);
    this.addSql(`alter table "message_uploads" add constraint "message_uploads_url_unique" unique ("url");`);
    this.addSql(
      `alter table "message_uploads" add constraint "message_uploads_family_id_foreign" foreign key ("family_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "message_uploads" cascade;`);
  }
}
