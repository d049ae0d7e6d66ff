import { Migration } from '@mikro-orm/migrations';

/**
 * Trigram indexes for the dashboard searches (issue 35, decision 119): each searched column of the large lists, so
 * the services' unchanged `ILIKE '%…%'` (an OR over columns) becomes a bitmap index scan instead of reading the
 * table. Only where the server has pg_trgm (PostgreSQL with contrib); the embedded PGlite does not load it, and
 * there the searches read the table as before.
 */
export class Migration20261128146100_search_trigram extends Migration {
  override name = 'Migration20261128146100_search_trigram';

  override up(): void | Promise<void> {
    this.addSql(`do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    create extension if not exists pg_trgm;
    create index if not exists "inquiries_name_trgm_index" on "inquiries" using gin ("name" gin_trgm_ops);
    create index if not exists "inquiries_email_trgm_index" on "inquiries" using gin ("email" gin_trgm_ops);
    create index if not exists "inquiries_message_trgm_index" on "inquiries" using gin ("message" gin_trgm_ops);
    create index if not exists "subscribers_email_trgm_index" on "subscribers" using gin ("email" gin_trgm_ops);
    create index if not exists "subscribers_name_trgm_index" on "subscribers" using gin ("name" gin_trgm_ops);
    create index if not exists "users_username_key_trgm_index" on "users" using gin ("username_key" gin_trgm_ops);
    create index if not exists "users_display_name_trgm_index" on "users" using gin ("display_name" gin_trgm_ops);
    create index if not exists "users_email_trgm_index" on "users" using gin ("email" gin_trgm_ops);
    create index if not exists "users_pending_email_trgm_index" on "users" using gin ("pending_email" gin_trgm_ops);
    create index if not exists "applications_name_trgm_index" on "applications" using gin ("name" gin_trgm_ops);
    create index if not exists "applications_email_trgm_index" on "applications" using gin ("email" gin_trgm_ops);
    create index if not exists "applications_location_trgm_index" on "applications" using gin ("location" gin_trgm_ops);
    create index if not exists "parent_dogs_name_trgm_index" on "parent_dogs" using gin ("name" gin_trgm_ops);
    create index if not exists "parent_dogs_registered_name_trgm_index" on "parent_dogs" using gin ("registered_name" gin_trgm_ops);
    create index if not exists "parent_dogs_registration_number_trgm_index" on "parent_dogs" using gin ("registration_number" gin_trgm_ops);
    create index if not exists "articles_title_trgm_index" on "articles" using gin ("title" gin_trgm_ops);
    create index if not exists "articles_summary_trgm_index" on "articles" using gin ("summary" gin_trgm_ops);
    create index if not exists "articles_slug_trgm_index" on "articles" using gin ("slug" gin_trgm_ops);
  end if;
end $$;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "inquiries_name_trgm_index";`);
    this.addSql(`drop index if exists "inquiries_email_trgm_index";`);
    this.addSql(`drop index if exists "inquiries_message_trgm_index";`);
    this.addSql(`drop index if exists "subscribers_email_trgm_index";`);
    this.addSql(`drop index if exists "subscribers_name_trgm_index";`);
    this.addSql(`drop index if exists "users_username_key_trgm_index";`);
    this.addSql(`drop index if exists "users_display_name_trgm_index";`);
    this.addSql(`drop index if exists "users_email_trgm_index";`);
    this.addSql(`drop index if exists "users_pending_email_trgm_index";`);
    this.addSql(`drop index if exists "applications_name_trgm_index";`);
    this.addSql(`drop index if exists "applications_email_trgm_index";`);
    this.addSql(`drop index if exists "applications_location_trgm_index";`);
    this.addSql(`drop index if exists "parent_dogs_name_trgm_index";`);
    this.addSql(`drop index if exists "parent_dogs_registered_name_trgm_index";`);
    this.addSql(`drop index if exists "parent_dogs_registration_number_trgm_index";`);
    this.addSql(`drop index if exists "articles_title_trgm_index";`);
    this.addSql(`drop index if exists "articles_summary_trgm_index";`);
    this.addSql(`drop index if exists "articles_slug_trgm_index";`);
  }
}
