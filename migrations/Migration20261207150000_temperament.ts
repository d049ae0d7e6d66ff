import { Migration } from '@mikro-orm/migrations';

/**
 * Temperament at seven weeks (issue 50, decision 170): one aptitude test per puppy (scores 1–6 by test, as JSON),
 * each litter's "show temperament to families" switch (off), the fit rules, the breeder's "not for this family" marks,
 * and when the default rules were written into fit_rules. No rows: until the breeder first opens the rules, the fit is
 * judged by DEFAULT_FIT_RULES (temperament.schema.ts), so a freshly migrated database stays empty (a restore needs it).
 */
export class Migration20261207150000_temperament extends Migration {
  override name = 'Migration20261207150000_temperament';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "temperament_tests" ("puppy_id" int not null, "scores" jsonb not null, "summary" text not null default '', "tested_on" varchar(10) null, "updated_at" timestamptz not null, primary key ("puppy_id"));`,
    );
    this.addSql(
      `alter table "temperament_tests" add constraint "temperament_tests_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "temperament_litter_settings" ("litter_id" int not null, "show_to_families" boolean not null default false, primary key ("litter_id"));`,
    );
    this.addSql(
      `alter table "temperament_litter_settings" add constraint "temperament_litter_settings_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "fit_rules" ("id" serial primary key, "fact" varchar(30) not null, "fact_values" jsonb not null, "test" varchar(30) not null, "score_min" int not null, "score_max" int not null, "outcome" text not null, "sentence" text not null, "position" int not null default 0, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "fit_rules" add constraint "fit_rules_outcome_check" check ("outcome" in ('unsuited', 'suited'));`);
    this.addSql(
      `alter table "fit_rules" add constraint "fit_rules_scores_check" check ("score_min" between 1 and 6 and "score_max" between 1 and 6 and "score_min" <= "score_max");`,
    );
    this.addSql(
      `create table "temperament_blocks" ("id" serial primary key, "puppy_id" int not null, "family_id" int not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "temperament_blocks_puppy_id_index" on "temperament_blocks" ("puppy_id");`);
    this.addSql(`create index "temperament_blocks_family_id_index" on "temperament_blocks" ("family_id");`);
    this.addSql(
      `alter table "temperament_blocks" add constraint "temperament_blocks_puppy_id_family_id_unique" unique ("puppy_id", "family_id");`,
    );
    this.addSql(
      `alter table "temperament_blocks" add constraint "temperament_blocks_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "temperament_blocks" add constraint "temperament_blocks_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`create table "temperament_settings" ("id" int not null, "rules_written_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "temperament_settings" cascade;`);
    this.addSql(`drop table if exists "temperament_blocks" cascade;`);
    this.addSql(`drop table if exists "fit_rules" cascade;`);
    this.addSql(`drop table if exists "temperament_litter_settings" cascade;`);
    this.addSql(`drop table if exists "temperament_tests" cascade;`);
  }
}
