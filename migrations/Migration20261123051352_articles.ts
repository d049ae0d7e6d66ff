import { Migration } from '@mikro-orm/migrations';

export class Migration20261123051352_articles extends Migration {
  override name = 'Migration20261123051352_articles';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "articles" ("id" serial primary key, "kind" text not null, "title" varchar(200) not null, "slug" varchar(200) not null, "summary" text not null default '', "body" text not null default '', "cover_image_url" varchar(500) null, "tags" text[] not null default '{}', "author_name" varchar(100) not null default '', "category" text null, "sort_order" int not null default 0, "legal_page" text null, "status" text not null default 'draft', "published_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "articles" add constraint "articles_legal_page_unique" unique ("legal_page");`);
    this.addSql(`create index "articles_kind_published_at_index" on "articles" ("kind", "published_at");`);
    this.addSql(`alter table "articles" add constraint "articles_kind_slug_unique" unique ("kind", "slug");`);

    this.addSql(
      `create table "article_slug_redirects" ("id" serial primary key, "kind" text not null, "slug" varchar(200) not null, "article_id" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "article_slug_redirects_article_id_index" on "article_slug_redirects" ("article_id");`);
    this.addSql(`alter table "article_slug_redirects" add constraint "article_slug_redirects_kind_slug_unique" unique ("kind", "slug");`);

    this.addSql(
      `create table "legal_versions" ("id" serial primary key, "article_id" int not null, "title" varchar(200) not null, "body" text not null, "published_at" timestamptz not null);`,
    );
    this.addSql(`create index "legal_versions_article_id_index" on "legal_versions" ("article_id");`);

    this.addSql(`alter table "articles" add constraint "articles_kind_check" check ("kind" in ('blog', 'resource', 'legal'));`);
    this.addSql(
      `alter table "articles" add constraint "articles_category_check" check ("category" in ('training', 'health', 'nutrition', 'grooming', 'go-home'));`,
    );
    this.addSql(`alter table "articles" add constraint "articles_legal_page_check" check ("legal_page" in ('privacy', 'terms'));`);
    this.addSql(`alter table "articles" add constraint "articles_status_check" check ("status" in ('draft', 'scheduled', 'published'));`);

    this.addSql(
      `alter table "article_slug_redirects" add constraint "article_slug_redirects_article_id_foreign" foreign key ("article_id") references "articles" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "article_slug_redirects" add constraint "article_slug_redirects_kind_check" check ("kind" in ('blog', 'resource', 'legal'));`,
    );

    this.addSql(
      `alter table "legal_versions" add constraint "legal_versions_article_id_foreign" foreign key ("article_id") references "articles" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "article_slug_redirects" drop constraint "article_slug_redirects_article_id_foreign";`);
    this.addSql(`alter table "legal_versions" drop constraint "legal_versions_article_id_foreign";`);

    this.addSql(`drop table if exists "articles" cascade;`);
    this.addSql(`drop table if exists "article_slug_redirects" cascade;`);
    this.addSql(`drop table if exists "legal_versions" cascade;`);
  }
}
