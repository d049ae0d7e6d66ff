import { Migration } from '@mikro-orm/migrations';

/**
 * Visits (issue 32, decision 122): openings on single dates beyond the weekly hours, and bookings that outlive
 * a deleted account anonymised (family_id null). Who may book each kind and closures with times of day live in
 * the settings row's JSON, read with today's rules where a row has none.
 */
export class Migration20261128152000_visit_rules_and_exceptions extends Migration {
  override name = 'Migration20261128152000_visit_rules_and_exceptions';

  override up(): void | Promise<void> {
    this.addSql(`alter table "visit_settings" add column "extra_openings" jsonb not null default '[]';`);
    this.addSql(`alter table "bookings" alter column "family_id" drop not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "bookings" where "family_id" is null;`);
    this.addSql(`alter table "bookings" alter column "family_id" set not null;`);
    this.addSql(`alter table "visit_settings" drop column "extra_openings";`);
  }
}
