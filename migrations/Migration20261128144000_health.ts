import { Migration } from '@mikro-orm/migrations';

// Issue 33: puppies' care records, the breeder's care protocol (with the demo protocol that follows the FAQ: no
// vaccinations before pickup, minimal medication; vaccinations are recommended to the family's vet), vet share
// links, reminder e-mails sent and the families' reminder switch.
export class Migration20261128144000_health extends Migration {
  override name = 'Migration20261128144000_health';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "health_care_items" ("id" serial primary key, "puppy_id" int not null, "kind" text not null, "given_on" varchar(10) not null, "product" varchar(120) not null default '', "manufacturer" varchar(120) not null default '', "lot_number" varchar(60) not null default '', "lot_expiry" varchar(10) null, "dose" double precision null, "dose_unit" text null, "given_by" varchar(120) not null default '', "next_due_on" varchar(10) null, "findings" text not null default '', "vet" varchar(120) not null default '', "clinic" varchar(120) not null default '', "microchip" varchar(15) null, "registry" varchar(120) not null default '', "notes" text not null default '', "attachments" jsonb not null default '[]', "schedule_item_id" int null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "health_care_items_puppy_id_index" on "health_care_items" ("puppy_id", "given_on");`);
    this.addSql(`create index "health_care_items_given_on_index" on "health_care_items" ("given_on", "id");`);
    this.addSql(
      `alter table "health_care_items" add constraint "health_care_items_kind_check" check ("kind" in ('vaccination', 'deworming', 'treatment', 'vet-check', 'microchip', 'note'));`,
    );
    this.addSql(
      `alter table "health_care_items" add constraint "health_care_items_dose_unit_check" check ("dose_unit" in ('ml', 'mg', 'mg/kg', 'tablet'));`,
    );
    this.addSql(
      `alter table "health_care_items" add constraint "health_care_items_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "health_schedule_items" ("id" serial primary key, "protocol" varchar(100) not null, "label" varchar(120) not null, "kind" text not null, "start_day" int not null, "every_days" int null, "until_day" int null, "after_go_home" boolean not null default false, "position" int not null);`,
    );
    this.addSql(
      `alter table "health_schedule_items" add constraint "health_schedule_items_kind_check" check ("kind" in ('vaccination', 'deworming', 'treatment', 'vet-check', 'microchip', 'note', 'weighing'));`,
    );
    this.addSql(
      `alter table "health_care_items" add constraint "health_care_items_schedule_item_id_foreign" foreign key ("schedule_item_id") references "health_schedule_items" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "health_share_links" ("id" serial primary key, "puppy_id" int not null, "created_by_id" int not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "health_share_links_puppy_id_index" on "health_share_links" ("puppy_id");`);
    this.addSql(
      `alter table "health_share_links" add constraint "health_share_links_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "health_reminders" ("id" serial primary key, "puppy_id" int not null, "schedule_item_id" int not null, "due_on" varchar(10) not null, "sent_at" timestamptz not null);`,
    );
    this.addSql(`create index "health_reminders_puppy_id_index" on "health_reminders" ("puppy_id");`);
    this.addSql(
      `alter table "health_reminders" add constraint "health_reminders_puppy_id_schedule_item_id_due_on_unique" unique ("puppy_id", "schedule_item_id", "due_on");`,
    );
    this.addSql(
      `alter table "health_reminders" add constraint "health_reminders_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "health_family_prefs" ("family_id" int not null, "reminders_enabled" boolean not null default true, primary key ("family_id"));`,
    );
    this.addSql(
      `alter table "health_family_prefs" add constraint "health_family_prefs_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );

    // The suggested protocol is written on first use (health.service.ts ensureProtocol), not here: a backup
    // restores into a freshly migrated database, which must hold no rows of its own.
    this.addSql(
      `create table "health_settings" ("id" int not null default 1, "protocol_started_at" timestamptz not null default now(), primary key ("id"), constraint "health_settings_one_row" check ("id" = 1));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "health_settings" cascade;`);
    this.addSql(`drop table if exists "health_family_prefs" cascade;`);
    this.addSql(`drop table if exists "health_reminders" cascade;`);
    this.addSql(`drop table if exists "health_share_links" cascade;`);
    this.addSql(`drop table if exists "health_care_items" cascade;`);
    this.addSql(`drop table if exists "health_schedule_items" cascade;`);
  }
}
