import { Migration } from '@mikro-orm/migrations';

export class Migration20261125132009_dog_registry extends Migration {
  override name = 'Migration20261125132009_dog_registry';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "dog_health_tests" ("id" serial primary key, "dog_id" int not null, "kind" text not null, "test" varchar(100) not null default '', "result" varchar(100) not null, "date" varchar(10) null, "verification_url" varchar(500) null, "certificate_url" varchar(500) null, "position" int not null);`,
    );
    this.addSql(`create index "dog_health_tests_dog_id_index" on "dog_health_tests" ("dog_id");`);

    this.addSql(
      `alter table "parent_dogs" add "registered_name" varchar(200) not null default '', add "registry" varchar(20) not null default '', add "registration_number" varchar(50) not null default '', add "generation" varchar(50) not null default '', add "breeder_owner" varchar(200) not null default '', add "notes" text not null default '', add "sire_id" int null, add "dam_id" int null, add "ours" boolean not null default false, add "retired" boolean not null default false;`,
    );
    this.addSql(
      `alter table "parent_dogs" add constraint "parent_dogs_sire_id_foreign" foreign key ("sire_id") references "parent_dogs" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "parent_dogs" add constraint "parent_dogs_dam_id_foreign" foreign key ("dam_id") references "parent_dogs" ("id") on delete set null;`,
    );
    this.addSql(`create index "parent_dogs_sire_id_index" on "parent_dogs" ("sire_id");`);
    this.addSql(`create index "parent_dogs_dam_id_index" on "parent_dogs" ("dam_id");`);

    this.addSql(`alter table "litters" add "sire_id" int null, add "dam_id" int null;`);
    this.addSql(
      `alter table "litters" add constraint "litters_sire_id_foreign" foreign key ("sire_id") references "parent_dogs" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "litters" add constraint "litters_dam_id_foreign" foreign key ("dam_id") references "parent_dogs" ("id") on delete set null;`,
    );
    this.addSql(`create index "litters_sire_id_index" on "litters" ("sire_id");`);
    this.addSql(`create index "litters_dam_id_index" on "litters" ("dam_id");`);

    this.addSql(
      `alter table "dog_health_tests" add constraint "dog_health_tests_dog_id_foreign" foreign key ("dog_id") references "parent_dogs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "dog_health_tests" add constraint "dog_health_tests_kind_check" check ("kind" in ('ofa-hips', 'ofa-elbows', 'ofa-cardiac', 'ofa-eyes', 'ofa-patella', 'pennhip', 'genetic-panel', 'other'));`,
    );

    // Every dog so far is one of the breeder's parent dogs.
    this.addSql(`update "parent_dogs" set "ours" = true;`);
    // Litters find their parents once, by name (case and spaces aside), the dam among the females and the sire
    // among the males, the lowest id when two share a name; a name no dog has stays as it is, without a dog.
    this.addSql(
      `update "litters" l set "dam_id" = (select d."id" from "parent_dogs" d where d."gender" = 'female' and lower(trim(d."name")) = lower(trim(l."mother_name")) order by d."id" limit 1);`,
    );
    this.addSql(
      `update "litters" l set "sire_id" = (select d."id" from "parent_dogs" d where d."gender" = 'male' and lower(trim(d."name")) = lower(trim(l."father_name")) order by d."id" limit 1);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dog_health_tests" cascade;`);

    this.addSql(`alter table "litters" drop constraint "litters_sire_id_foreign";`);
    this.addSql(`alter table "litters" drop constraint "litters_dam_id_foreign";`);

    this.addSql(`alter table "parent_dogs" drop constraint "parent_dogs_sire_id_foreign";`);
    this.addSql(`alter table "parent_dogs" drop constraint "parent_dogs_dam_id_foreign";`);

    this.addSql(`drop index "litters_sire_id_index";`);
    this.addSql(`drop index "litters_dam_id_index";`);
    this.addSql(`alter table "litters" drop column "sire_id", drop column "dam_id";`);

    this.addSql(`drop index "parent_dogs_sire_id_index";`);
    this.addSql(`drop index "parent_dogs_dam_id_index";`);
    this.addSql(
      `alter table "parent_dogs" drop column "registered_name", drop column "registry", drop column "registration_number", drop column "generation", drop column "breeder_owner", drop column "notes", drop column "sire_id", drop column "dam_id", drop column "ours", drop column "retired";`,
    );
  }
}
