import { Migration } from '@mikro-orm/migrations';

export class Migration20261124232000_article_attachments extends Migration {
  override name = 'Migration20261124232000_article_attachments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "article_attachments" ("id" serial primary key, "article_id" int not null, "url" varchar(500) not null, "name" varchar(150) not null, "position" int not null);`,
    );
    this.addSql(`create index "article_attachments_article_id_index" on "article_attachments" ("article_id");`);
    this.addSql(
      `alter table "article_attachments" add constraint "article_attachments_article_id_foreign" foreign key ("article_id") references "articles" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "article_attachments" cascade;`);
  }
}
