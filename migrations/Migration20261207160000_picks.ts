import { Migration } from '@mikro-orm/migrations';

/**
 * Pick day (issue 50, decision 180): a litter's round (settings, whose turn, its deadline), the families in its order,
 * and the choices. A puppy is chosen once and a family chooses once: unique keys on pick_choices, so two families can
 * never hold one puppy whatever reaches the server; no two families share a place in one order.
 */
export class Migration20261207160000_picks extends Migration {
  override name = 'Migration20261207160000_picks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "pick_rounds" ("id" serial primary key, "litter_id" int not null, "status" text check ("status" in ('answers', 'ready', 'open', 'paused', 'done')) not null default 'answers', "mode" text check ("mode" in ('choose', 'match')) not null default 'choose', "answer_deadline" timestamptz not null, "window_minutes" int not null default 1440, "missed_rule" text check ("missed_rule" in ('end', 'last', 'next')) not null default 'end', "breeder_pick" boolean not null default false, "overnight_pause" boolean not null default false, "quiet_from" varchar(5) not null default '21:00', "quiet_to" varchar(5) not null default '08:00', "current_entry_id" int null, "turn_seq" int not null default 0, "turn_started_at" timestamptz null, "deadline" timestamptz null, "paused_remaining_ms" int null, "results_sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "pick_rounds" add constraint "pick_rounds_litter_id_unique" unique ("litter_id");`);
    this.addSql(
      `alter table "pick_rounds" add constraint "pick_rounds_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "pick_entries" ("id" serial primary key, "round_id" int not null, "family_id" int null, "application_id" int null, "is_breeder" boolean not null default false, "name" varchar(100) not null, "answer" text check ("answer" in ('pending', 'yes', 'wait')) not null default 'pending', "answered_at" timestamptz null, "late" boolean not null default false, "deposit_on" varchar(10) null, "waitlist_place" int null, "wants" text check ("wants" in ('male', 'female', 'any')) not null default 'any', "colour" varchar(40) not null default '', "position" int null, "state" text check ("state" in ('waiting', 'turn', 'chosen', 'passed', 'missed', 'skipped', 'none-left')) not null default 'waiting', "missed" int not null default 0, "takes_last" boolean not null default false, "proposal_id" int null, "notices" jsonb not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "pick_entries_round_id_index" on "pick_entries" ("round_id");`);
    this.addSql(`create index "pick_entries_family_id_index" on "pick_entries" ("family_id");`);
    this.addSql(`alter table "pick_entries" add constraint "pick_entries_round_id_family_id_unique" unique ("round_id", "family_id");`);
    this.addSql(`create unique index "pick_entries_place_unique" on "pick_entries" ("round_id", "position") where "position" is not null;`);
    this.addSql(
      `alter table "pick_entries" add constraint "pick_entries_round_id_foreign" foreign key ("round_id") references "pick_rounds" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "pick_entries" add constraint "pick_entries_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "pick_entries" add constraint "pick_entries_application_id_foreign" foreign key ("application_id") references "applications" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "pick_entries" add constraint "pick_entries_proposal_id_foreign" foreign key ("proposal_id") references "puppies" ("id") on delete set null;`,
    );

    this.addSql(
      `create table "pick_choices" ("id" serial primary key, "round_id" int not null, "entry_id" int not null, "puppy_id" int not null, "by" text check ("by" in ('family', 'breeder')) not null, "at" timestamptz not null);`,
    );
    this.addSql(`create index "pick_choices_round_id_index" on "pick_choices" ("round_id");`);
    this.addSql(`alter table "pick_choices" add constraint "pick_choices_entry_id_unique" unique ("entry_id");`);
    this.addSql(`alter table "pick_choices" add constraint "pick_choices_puppy_id_unique" unique ("puppy_id");`);
    this.addSql(
      `alter table "pick_choices" add constraint "pick_choices_round_id_foreign" foreign key ("round_id") references "pick_rounds" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "pick_choices" add constraint "pick_choices_entry_id_foreign" foreign key ("entry_id") references "pick_entries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "pick_choices" add constraint "pick_choices_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "pick_choices" cascade;`);
    this.addSql(`drop table if exists "pick_entries" cascade;`);
    this.addSql(`drop table if exists "pick_rounds" cascade;`);
  }
}
