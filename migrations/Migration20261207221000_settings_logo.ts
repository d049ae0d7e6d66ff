import { Migration } from '@mikro-orm/migrations';

/** The kennel's logo (issue 48): an uploaded image shown in the header instead of the paw mark. */
export class Migration20261207221000_settings_logo extends Migration {
  override name = 'Migration20261207221000_settings_logo';

  override up(): void | Promise<void> {
    this.addSql(`alter table "site_settings" add column "logo_url" varchar(500) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "site_settings" drop column "logo_url";`);
  }
}
