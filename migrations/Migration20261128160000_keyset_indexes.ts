import { Migration } from '@mikro-orm/migrations';

/**
 * Keyset pages and the public search (issue 35, decision 127): the order of the lists that had no index for it (the
 * gallery, the payment accounts, the payments kept from deleted accounts), so that the page after a cursor starts
 * at the cursor in the index; and trigram indexes for the columns newly searched (a post's or guide's body, the
 * gallery's titles), on PostgreSQL and PGlite alike (pg_trgm is there since Migration20261128155000).
 */
export class Migration20261128160000_keyset_indexes extends Migration {
  override name = 'Migration20261128160000_keyset_indexes';

  override up(): void | Promise<void> {
    this.addSql(`create index if not exists "gallery_images_list_order_index" on "gallery_images" ("sort_order", "id");`);
    this.addSql(`create index if not exists "payment_accounts_list_order_index" on "payment_accounts" ("due_on", "family_id");`);
    this.addSql(
      `create index if not exists "payments_kept_order_index" on "payments" ("paid_on" desc, "id" desc) where "family_id" is null;`,
    );
    this.addSql(`create index if not exists "articles_body_trgm_index" on "articles" using gin ("body" gin_trgm_ops);`);
    this.addSql(`create index if not exists "gallery_images_title_trgm_index" on "gallery_images" using gin ("title" gin_trgm_ops);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "gallery_images_list_order_index";`);
    this.addSql(`drop index if exists "payment_accounts_list_order_index";`);
    this.addSql(`drop index if exists "payments_kept_order_index";`);
    this.addSql(`drop index if exists "articles_body_trgm_index";`);
    this.addSql(`drop index if exists "gallery_images_title_trgm_index";`);
  }
}
