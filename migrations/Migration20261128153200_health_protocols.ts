import { Migration } from '@mikro-orm/migrations';

/**
 * Several care protocols, one the default for new litters, and each litter's choice (a protocol, or none). A protocol
 * the breeder already keeps becomes the default one; a fresh database gets its protocol on first use, as before.
 */
export class Migration20261128153200_health_protocols extends Migration {
  override name = 'Migration20261128153200_health_protocols';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "health_protocols" ("id" serial primary key, "name" varchar(100) not null, "is_default" boolean not null default false, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "health_protocols" add constraint "health_protocols_name_unique" unique ("name");`);
    this.addSql(`create unique index "health_protocols_one_default" on "health_protocols" ("is_default") where "is_default";`);
    this.addSql(`alter table "health_schedule_items" add column "protocol_id" int null;`);
    this.addSql(
      `insert into "health_protocols" ("name", "is_default") select 'Our protocol', true where exists (select 1 from "health_schedule_items");`,
    );
    this.addSql(`update "health_schedule_items" set "protocol_id" = (select "id" from "health_protocols" where "is_default");`);
    this.addSql(`alter table "health_schedule_items" alter column "protocol_id" set not null;`);
    this.addSql(`create index "health_schedule_items_protocol_id_index" on "health_schedule_items" ("protocol_id");`);
    this.addSql(
      `alter table "health_schedule_items" add constraint "health_schedule_items_protocol_id_foreign" foreign key ("protocol_id") references "health_protocols" ("id") on delete cascade;`,
    );
    this.addSql(`create table "health_litter_protocols" ("litter_id" int not null, "protocol_id" int null, primary key ("litter_id"));`);
    this.addSql(`create index "health_litter_protocols_protocol_id_index" on "health_litter_protocols" ("protocol_id");`);
    this.addSql(
      `alter table "health_litter_protocols" add constraint "health_litter_protocols_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "health_litter_protocols" add constraint "health_litter_protocols_protocol_id_foreign" foreign key ("protocol_id") references "health_protocols" ("id") on delete set null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "health_litter_protocols" cascade;`);
    this.addSql(`alter table "health_schedule_items" drop column "protocol_id";`);
    this.addSql(`drop table if exists "health_protocols" cascade;`);
  }
}
