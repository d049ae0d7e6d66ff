import { Migration } from '@mikro-orm/migrations';

/** Each dashboard list's order as an index, so its pages are read from the index instead of sorting the table (issue 35, decision 119). */
export class Migration20261128146000_list_indexes extends Migration {
  override name = 'Migration20261128146000_list_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index "inquiries_list_order_index" on "inquiries" ("created_at", "id");`);
    this.addSql(`create index "subscribers_list_order_index" on "subscribers" ("created_at", "id");`);
    this.addSql(`create index "applications_list_order_index" on "applications" ("created_at", "id");`);
    this.addSql(`create index "users_list_order_index" on "users" ("is_admin" desc, "username_key");`);
    this.addSql(`create index "parent_dogs_list_order_index" on "parent_dogs" ("ours" desc, "sort_order", "name", "id");`);
    this.addSql(`create index "newsletters_list_order_index" on "newsletters" ("created_at", "id");`);
    this.addSql(`create index "articles_list_order_index" on "articles" ("kind", "published_at", "updated_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "inquiries_list_order_index";`);
    this.addSql(`drop index if exists "subscribers_list_order_index";`);
    this.addSql(`drop index if exists "applications_list_order_index";`);
    this.addSql(`drop index if exists "users_list_order_index";`);
    this.addSql(`drop index if exists "parent_dogs_list_order_index";`);
    this.addSql(`drop index if exists "newsletters_list_order_index";`);
    this.addSql(`drop index if exists "articles_list_order_index";`);
  }
}
