import { Migration } from '@mikro-orm/migrations';

/**
 * Temperament at seven weeks (issue 50, decision 170): one aptitude test per puppy (scores 1–6 by test, as JSON),
 * each litter's "show temperament to families" switch (off), the fit rules with the defaults a new site starts with
 * (temperament.schema.ts DEFAULT_FIT_RULES says the same), and the breeder's "not for this family" marks.
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
    this
      .addSql(`insert into "fit_rules" ("fact", "fact_values", "test", "score_min", "score_max", "outcome", "sentence", "position", "created_at") values
      ('youngestChild', '["under6"]', 'socialDominance', 1, 2, 'unsuited', 'A pushy puppy that nips when petted is too much for a home with children under 6.', 1, now()),
      ('youngestChild', '["under6"]', 'sound', 5, 5, 'unsuited', 'A puppy startled by noise would find a home with small children hard going.', 2, now()),
      ('experience', '["first"]', 'restraint', 1, 1, 'unsuited', 'A puppy that fights being held needs a hand that has raised a dog before.', 3, now()),
      ('hoursAlone', '["4to6","over6"]', 'following', 1, 2, 'unsuited', 'A puppy that follows right underfoot will not cope well with long hours alone.', 4, now()),
      ('activity', '["quiet"]', 'retrieving', 1, 1, 'unsuited', 'A high-drive puppy that runs off with the toy needs a more active home.', 5, now()),
      ('otherPets', '["yes"]', 'sight', 1, 1, 'unsuited', 'A puppy that pounces on anything that moves is a risk for the other pets at home.', 6, now()),
      ('youngestChild', '["under6","6to12"]', 'restraint', 4, 4, 'suited', 'Content to be held: a good match for a home with children.', 7, now()),
      ('experience', '["first"]', 'following', 3, 4, 'suited', 'Follows readily and calmly: an easy first dog.', 8, now()),
      ('activity', '["active"]', 'retrieving', 2, 3, 'suited', 'Keen on the toy: a good partner for an active family.', 9, now());`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "temperament_blocks" cascade;`);
    this.addSql(`drop table if exists "fit_rules" cascade;`);
    this.addSql(`drop table if exists "temperament_litter_settings" cascade;`);
    this.addSql(`drop table if exists "temperament_tests" cascade;`);
  }
}
