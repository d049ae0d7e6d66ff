import { Migration } from '@mikro-orm/migrations';

/**
 * Spreadsheet imports (issue 49): a batch per uploaded file (the file kept from preview to commit), an item per record
 * a commit wrote (what it was, what the import made it) so a batch can be undone whole; and how an imported subscriber
 * consented, as the file said.
 */
export class Migration20261207160000_imports extends Migration {
  override name = 'Migration20261207160000_imports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "import_batches" ("id" varchar(32) not null, "kind" text not null, "status" text not null default 'preview', "file_name" varchar(200) not null, "file" bytea null, "columns" jsonb not null, "mapping" jsonb not null, "total" int not null, "created" int not null default 0, "updated" int not null default 0, "skipped" int not null default 0, "failed" int not null default 0, "failures" jsonb null, "created_by_id" int null, "created_at" timestamptz not null, "committed_at" timestamptz null, "undone_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "import_batches" add constraint "import_batches_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `create table "import_items" ("id" serial primary key, "batch_id" varchar(32) not null, "entity" varchar(40) not null, "entity_id" int not null, "action" text not null, "before" jsonb null, "after" jsonb not null, "seq" int not null);`,
    );
    this.addSql(`create index "import_items_batch_id_index" on "import_items" ("batch_id");`);
    this.addSql(`create index "import_items_entity_index" on "import_items" ("entity", "entity_id");`);
    this.addSql(
      `alter table "import_items" add constraint "import_items_batch_id_foreign" foreign key ("batch_id") references "import_batches" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "subscribers" add column "consent_source" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "subscribers" drop column "consent_source";`);
    this.addSql(`drop table if exists "import_items" cascade;`);
    this.addSql(`drop table if exists "import_batches" cascade;`);
  }
}
