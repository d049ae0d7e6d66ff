import { Migration } from '@mikro-orm/migrations';

/**
 * A newsletter's body is stored once, as a template, not in each of its 50,000 copies (issue 35, decision 131):
 * a copy keeps its reader's own value (the unsubscribe link), and the sender fills the template as it claims the
 * copy. Writing 45,000 copies of a 12 KB body was most of the 61 s a newsletter took to queue.
 */
export class Migration20261128164000_outbox_templates extends Migration {
  override name = 'Migration20261128164000_outbox_templates';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "outbox_templates" ("id" serial primary key, "text" text not null, "html" text null, "headers" jsonb null, "placeholder" varchar(100) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "outbox_messages" add column "template_id" int null, add column "template_value" text null;`);
    this.addSql(`create index "outbox_messages_template_id_index" on "outbox_messages" ("template_id") where "template_id" is not null;`);
    this.addSql(
      `alter table "outbox_messages" add constraint "outbox_messages_template_id_foreign" foreign key ("template_id") references "outbox_templates" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" drop constraint "outbox_messages_template_id_foreign";`);
    this.addSql(`drop index "outbox_messages_template_id_index";`);
    this.addSql(`alter table "outbox_messages" drop column "template_id", drop column "template_value";`);
    this.addSql(`drop table "outbox_templates";`);
  }
}
