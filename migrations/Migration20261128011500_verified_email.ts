import { Migration } from '@mikro-orm/migrations';

export class Migration20261128011500_verified_email extends Migration {
  override name = 'Migration20261128011500_verified_email';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "pending_email" varchar(254) null, add "email_verified_at" timestamptz null;`);
    // Decision 108: "email" holds only a verified address. Addresses given before verification existed were never
    // proven, so they wait as pending until the family follows a verification link (the portal offers one).
    this.addSql(`update "users" set "pending_email" = "email", "email" = null where "email" is not null;`);
    // One name for a family everywhere (issue 29): an account that never gave a name takes its latest application's.
    this.addSql(
      `update "users" set "display_name" = (select "a"."name" from "applications" "a" where "a"."user_id" = "users"."id" order by "a"."created_at" desc, "a"."id" desc limit 1) where "display_name" is null and exists (select 1 from "applications" "a" where "a"."user_id" = "users"."id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`update "users" set "email" = coalesce("email", "pending_email");`);
    this.addSql(`alter table "users" drop column "pending_email", drop column "email_verified_at";`);
  }
}
