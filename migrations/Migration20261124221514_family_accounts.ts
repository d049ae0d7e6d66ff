import { Migration } from '@mikro-orm/migrations';

export class Migration20261124221514_family_accounts extends Migration {
  override name = 'Migration20261124221514_family_accounts';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "email" varchar(254) null, add "display_name" varchar(100) null;`);

    this.addSql(`alter table "puppies" add "family_id" int null;`);
    this.addSql(
      `alter table "puppies" add constraint "puppies_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(`create index "puppies_family_id_index" on "puppies" ("family_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "puppies" drop constraint "puppies_family_id_foreign";`);

    this.addSql(`drop index "puppies_family_id_index";`);
    this.addSql(`alter table "puppies" drop column "family_id";`);

    this.addSql(`alter table "users" drop column "email", drop column "display_name";`);
  }
}
