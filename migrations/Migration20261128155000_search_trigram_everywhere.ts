import { Migration } from '@mikro-orm/migrations';

/** Every searched column of the large lists, with the table it is on (the names the entities declare). */
const TRIGRAM: Record<string, string[]> = {
  inquiries: ['name', 'email', 'message'],
  subscribers: ['email', 'name'],
  users: ['username_key', 'display_name', 'email', 'pending_email'],
  applications: ['name', 'email', 'location'],
  parent_dogs: ['name', 'registered_name', 'registration_number'],
  articles: ['title', 'summary', 'slug'],
  conversations: ['email', 'preview'],
};

/**
 * Trigram search on both databases (issue 35, decision 125): pg_trgm and one GIN index per searched column, on
 * PostgreSQL and on the embedded PGlite (which now always opens with pg_trgm loaded, createPGlite in
 * src/server/db.ts). Migration20261128146100 created them only where the extension was available (never on
 * PGlite); this one creates whatever is missing, unconditionally. Also the messages list's order as an index.
 */
export class Migration20261128155000_search_trigram_everywhere extends Migration {
  override name = 'Migration20261128155000_search_trigram_everywhere';

  override up(): void | Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    for (const [table, columns] of Object.entries(TRIGRAM)) {
      for (const column of columns) {
        this.addSql(`create index if not exists "${table}_${column}_trgm_index" on "${table}" using gin ("${column}" gin_trgm_ops);`);
      }
    }
    this.addSql(
      `create index if not exists "conversations_list_order_index" on "conversations" ("last_message_at" desc nulls last, "id" desc);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "conversations_list_order_index";`);
    for (const [table, columns] of Object.entries(TRIGRAM)) {
      for (const column of columns) this.addSql(`drop index if exists "${table}_${column}_trgm_index";`);
    }
  }
}
