import { Migration } from '@mikro-orm/migrations';

/** Conversations between the breeder and each family, their messages and attachments (issue 30). */
export class Migration20261128140000_messages extends Migration {
  override name = 'Migration20261128140000_messages';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "conversations" ("id" serial primary key, "family_id" int null, "email" varchar(254) null, "last_message_at" timestamptz null, "preview" varchar(200) not null default '', "family_read_up_to" int not null default 0, "breeder_read_up_to" int not null default 0, "family_unread" int not null default 0, "breeder_unread" int not null default 0, "family_emailed_at" timestamptz null, "breeder_emailed_at" timestamptz null, "family_email_off" boolean not null default false, "email_failing_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "conversations" add constraint "conversations_family_id_unique" unique ("family_id");`);
    this.addSql(`create index "conversations_email_index" on "conversations" ("email");`);
    // The dashboard's list: most recent first.
    this.addSql(`create index "conversations_last_message_at_index" on "conversations" ("last_message_at" desc nulls last, "id" desc);`);
    this.addSql(
      `alter table "conversations" add constraint "conversations_family_id_foreign" foreign key ("family_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `create table "messages" ("id" serial primary key, "conversation_id" int not null, "sender" text not null, "author_id" int null, "text" text not null, "via" text not null default 'web', "email_message_id" varchar(500) null, "held" boolean not null default false, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "messages_conversation_id_id_index" on "messages" ("conversation_id", "id");`);
    this.addSql(`alter table "messages" add constraint "messages_email_message_id_unique" unique ("email_message_id");`);
    this.addSql(
      `alter table "messages" add constraint "messages_conversation_id_foreign" foreign key ("conversation_id") references "conversations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "messages" add constraint "messages_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `create table "message_attachments" ("id" serial primary key, "message_id" int not null, "url" varchar(500) not null, "name" varchar(200) null, "position" int not null);`,
    );
    this.addSql(`create index "message_attachments_message_id_index" on "message_attachments" ("message_id");`);
    this.addSql(`create index "message_attachments_url_index" on "message_attachments" ("url");`);
    this.addSql(
      `alter table "message_attachments" add constraint "message_attachments_message_id_foreign" foreign key ("message_id") references "messages" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "message_attachments" cascade;`);
    this.addSql(`drop table if exists "messages" cascade;`);
    this.addSql(`drop table if exists "conversations" cascade;`);
  }
}
