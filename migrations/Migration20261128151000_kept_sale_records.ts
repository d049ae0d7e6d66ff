import { Migration } from '@mikro-orm/migrations';

/**
 * Signed contracts and payments outlive the family's account (decision 121): the link to the account becomes
 * nullable and is cleared when the account goes (instead of deleting the record), and each record keeps the
 * family's name and e-mail address as they were when it was signed or paid.
 */
export class Migration20261128151000_kept_sale_records extends Migration {
  override name = 'Migration20261128151000_kept_sale_records';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contracts" add column "family_email" varchar(320) null, add column "family_erased_at" timestamptz null;`);
    this.addSql(`alter table "contracts" alter column "family_id" drop not null;`);
    this.addSql(`alter table "contracts" drop constraint "contracts_family_id_foreign";`);
    this.addSql(
      `alter table "contracts" add constraint "contracts_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `update "contracts" set "family_email" = "u"."email" from "users" "u" where "u"."id" = "contracts"."family_id" and "contracts"."family_signed_at" is not null;`,
    );

    this.addSql(
      `alter table "payments" add column "family_name" varchar(200) not null default '', add column "family_email" varchar(320) null, add column "family_erased_at" timestamptz null;`,
    );
    this.addSql(`alter table "payments" alter column "family_id" drop not null;`);
    this.addSql(`alter table "payments" drop constraint "payments_family_id_foreign";`);
    this.addSql(
      `alter table "payments" add constraint "payments_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `update "payments" set "family_name" = coalesce(nullif("u"."display_name", ''), "u"."username"), "family_email" = "u"."email" from "users" "u" where "u"."id" = "payments"."family_id";`,
    );
    this.addSql(`create index "payments_family_erased_at_index" on "payments" ("family_erased_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "payments" where "family_id" is null;`);
    this.addSql(`drop index if exists "payments_family_erased_at_index";`);
    this.addSql(`alter table "payments" drop constraint "payments_family_id_foreign";`);
    this.addSql(`alter table "payments" alter column "family_id" set not null;`);
    this.addSql(
      `alter table "payments" add constraint "payments_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "payments" drop column "family_name", drop column "family_email", drop column "family_erased_at";`);
    this.addSql(`delete from "contracts" where "family_id" is null;`);
    this.addSql(`alter table "contracts" drop constraint "contracts_family_id_foreign";`);
    this.addSql(`alter table "contracts" alter column "family_id" set not null;`);
    this.addSql(
      `alter table "contracts" add constraint "contracts_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "contracts" drop column "family_email", drop column "family_erased_at";`);
  }
}
