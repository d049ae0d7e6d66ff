import { Migration } from '@mikro-orm/migrations';

/** Contracts (issue 31): templates and their versions, contracts with both signatures and the sealed PDF, their events, the signing certificate. */
export class Migration20261128141000_contracts extends Migration {
  override name = 'Migration20261128141000_contracts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "contract_templates" ("id" serial primary key, "name" varchar(200) not null, "version" int not null default 1, "body" text not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "contract_templates_updated_at_index" on "contract_templates" ("updated_at");`);

    this.addSql(
      `create table "contract_template_versions" ("id" serial primary key, "template_id" int not null, "version" int not null, "name" varchar(200) not null, "body" text not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "contract_template_versions_template_id_index" on "contract_template_versions" ("template_id");`);
    this.addSql(
      `alter table "contract_template_versions" add constraint "contract_template_versions_template_id_version_unique" unique ("template_id", "version");`,
    );
    this.addSql(
      `alter table "contract_template_versions" add constraint "contract_template_versions_template_id_foreign" foreign key ("template_id") references "contract_templates" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "contracts" ("id" serial primary key, "family_id" int not null, "template_version_id" int not null, "title" varchar(200) not null, "status" text not null default 'draft', "family_name" varchar(200) not null, "puppy_name" varchar(200) not null, "microchip" varchar(200) not null default '', "price_cents" int not null, "deposit_cents" int not null, "pickup_date" varchar(10) not null default '', "guarantee_years" int not null default 2, "body" text not null, "sent_text" text null, "text_sha256" varchar(64) null, "family_signed_name" varchar(100) null, "family_signed_at" timestamptz null, "family_signed_by" int null, "family_signed_ip" varchar(100) null, "family_signed_user_agent" varchar(500) null, "family_drawing" text null, "breeder_signed_name" varchar(100) null, "breeder_signed_at" timestamptz null, "breeder_signed_by" int null, "breeder_signed_ip" varchar(100) null, "breeder_signed_user_agent" varchar(500) null, "pdf_url" varchar(500) null, "pdf_sha256" varchar(64) null, "sealed_at" timestamptz null, "notice" varchar(300) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "contracts_family_id_index" on "contracts" ("family_id");`);
    this.addSql(`create index "contracts_template_version_id_index" on "contracts" ("template_version_id");`);
    this.addSql(`create index "contracts_status_index" on "contracts" ("status");`);
    this.addSql(`create index "contracts_pdf_sha256_index" on "contracts" ("pdf_sha256");`);
    this.addSql(`create index "contracts_updated_at_index" on "contracts" ("updated_at");`);
    this.addSql(
      `alter table "contracts" add constraint "contracts_status_check" check ("status" in ('draft', 'sent', 'signed', 'sealed', 'voided'));`,
    );
    this.addSql(
      `alter table "contracts" add constraint "contracts_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "contracts" add constraint "contracts_template_version_id_foreign" foreign key ("template_version_id") references "contract_template_versions" ("id") on delete restrict;`,
    );

    this.addSql(
      `create table "contract_events" ("id" serial primary key, "contract_id" int not null, "kind" text not null, "at" timestamptz not null, "user_id" int null, "who" varchar(200) null, "ip" varchar(100) null, "user_agent" varchar(500) null);`,
    );
    this.addSql(`create index "contract_events_contract_id_index" on "contract_events" ("contract_id");`);
    this.addSql(
      `alter table "contract_events" add constraint "contract_events_kind_check" check ("kind" in ('prepared', 'edited', 'sent', 'opened', 'signed', 'countersigned', 'sealed', 'voided', 'signatures-voided'));`,
    );
    this.addSql(
      `alter table "contract_events" add constraint "contract_events_contract_id_foreign" foreign key ("contract_id") references "contracts" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "contract_signing_keys" ("name" varchar(50) not null, "p12" text not null, "passphrase" varchar(200) not null, "created_at" timestamptz not null, primary key ("name"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "contract_events" cascade;`);
    this.addSql(`drop table if exists "contracts" cascade;`);
    this.addSql(`drop table if exists "contract_template_versions" cascade;`);
    this.addSql(`drop table if exists "contract_templates" cascade;`);
    this.addSql(`drop table if exists "contract_signing_keys" cascade;`);
  }
}
