import { Migration } from '@mikro-orm/migrations';

export class Migration20261125132425_portal extends Migration {
  override name = 'Migration20261125132425_portal';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "account_erasures" ("id" serial primary key, "former_user_id" int not null, "requested_by" varchar(20) not null default 'self', "erased_at" timestamptz not null);`,
    );

    this.addSql(`create table "checklist_items" ("id" serial primary key, "label" varchar(200) not null, "position" int not null);`);

    this.addSql(
      `create table "puppy_updates" ("id" serial primary key, "litter_id" int null, "puppy_id" int null, "text" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "puppy_updates_litter_id_index" on "puppy_updates" ("litter_id");`);
    this.addSql(`create index "puppy_updates_puppy_id_index" on "puppy_updates" ("puppy_id");`);
    this.addSql(`create index "puppy_updates_created_at_index" on "puppy_updates" ("created_at");`);

    this.addSql(
      `create table "puppy_update_notices" ("id" serial primary key, "update_id" int not null, "family_id" int not null, "status" text not null default 'pending', "emailed_at" timestamptz null);`,
    );
    this.addSql(`create index "puppy_update_notices_update_id_index" on "puppy_update_notices" ("update_id");`);
    this.addSql(`create index "puppy_update_notices_family_id_index" on "puppy_update_notices" ("family_id");`);
    this.addSql(`create index "puppy_update_notices_status_index" on "puppy_update_notices" ("status");`);
    this.addSql(
      `alter table "puppy_update_notices" add constraint "puppy_update_notices_update_id_family_id_unique" unique ("update_id", "family_id");`,
    );

    this.addSql(
      `create table "puppy_weights" ("id" serial primary key, "puppy_id" int not null, "update_id" int null, "ounces" double precision not null, "measured_on" varchar(10) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "puppy_weights_puppy_id_index" on "puppy_weights" ("puppy_id");`);
    this.addSql(`create index "puppy_weights_update_id_index" on "puppy_weights" ("update_id");`);

    this.addSql(
      `create table "puppy_update_photos" ("id" serial primary key, "update_id" int not null, "url" varchar(500) not null, "position" int not null);`,
    );
    this.addSql(`create index "puppy_update_photos_update_id_index" on "puppy_update_photos" ("update_id");`);

    this.addSql(`create table "puppy_pickups" ("puppy_id" int not null, "at" timestamptz not null, primary key ("puppy_id"));`);

    this.addSql(
      `create table "family_portal_states" ("family_id" int not null, "digest_enabled" boolean not null default true, "last_digest_on" varchar(10) null, primary key ("family_id"));`,
    );

    this.addSql(
      `create table "family_documents" ("id" serial primary key, "family_id" int not null, "title" varchar(200) not null, "url" varchar(500) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "family_documents_family_id_index" on "family_documents" ("family_id");`);

    this.addSql(
      `create table "checklist_ticks" ("id" serial primary key, "item_id" int not null, "family_id" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "checklist_ticks_item_id_index" on "checklist_ticks" ("item_id");`);
    this.addSql(`create index "checklist_ticks_family_id_index" on "checklist_ticks" ("family_id");`);
    this.addSql(`alter table "checklist_ticks" add constraint "checklist_ticks_item_id_family_id_unique" unique ("item_id", "family_id");`);

    this.addSql(`alter table "media" add "private" boolean not null default false;`);

    this.addSql(
      `alter table "puppy_updates" add constraint "puppy_updates_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "puppy_updates" add constraint "puppy_updates_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "puppy_update_notices" add constraint "puppy_update_notices_update_id_foreign" foreign key ("update_id") references "puppy_updates" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "puppy_update_notices" add constraint "puppy_update_notices_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "puppy_update_notices" add constraint "puppy_update_notices_status_check" check ("status" in ('pending', 'emailed', 'off', 'no-email'));`,
    );

    this.addSql(
      `alter table "puppy_weights" add constraint "puppy_weights_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "puppy_weights" add constraint "puppy_weights_update_id_foreign" foreign key ("update_id") references "puppy_updates" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "puppy_update_photos" add constraint "puppy_update_photos_update_id_foreign" foreign key ("update_id") references "puppy_updates" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "puppy_pickups" add constraint "puppy_pickups_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "family_portal_states" add constraint "family_portal_states_family_id_foreign" foreign key ("family_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "family_documents" add constraint "family_documents_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "checklist_ticks" add constraint "checklist_ticks_item_id_foreign" foreign key ("item_id") references "checklist_items" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "checklist_ticks" add constraint "checklist_ticks_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "checklist_ticks" drop constraint "checklist_ticks_item_id_foreign";`);
    this.addSql(`alter table "puppy_update_notices" drop constraint "puppy_update_notices_update_id_foreign";`);
    this.addSql(`alter table "puppy_weights" drop constraint "puppy_weights_update_id_foreign";`);
    this.addSql(`alter table "puppy_update_photos" drop constraint "puppy_update_photos_update_id_foreign";`);

    this.addSql(`drop table if exists "account_erasures" cascade;`);
    this.addSql(`drop table if exists "checklist_items" cascade;`);
    this.addSql(`drop table if exists "puppy_updates" cascade;`);
    this.addSql(`drop table if exists "puppy_update_notices" cascade;`);
    this.addSql(`drop table if exists "puppy_weights" cascade;`);
    this.addSql(`drop table if exists "puppy_update_photos" cascade;`);
    this.addSql(`drop table if exists "puppy_pickups" cascade;`);
    this.addSql(`drop table if exists "family_portal_states" cascade;`);
    this.addSql(`drop table if exists "family_documents" cascade;`);
    this.addSql(`drop table if exists "checklist_ticks" cascade;`);

    this.addSql(`alter table "media" drop column "private";`);
  }
}
