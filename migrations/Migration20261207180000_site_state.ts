import { Migration } from '@mikro-orm/migrations';

/** The site's facts about itself (issue 48): the setup link, dismissed go-live items, the last backups. */
export class Migration20261207180000_site_state extends Migration {
  override name = 'Migration20261207180000_site_state';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "site_state" ("name" varchar(50) not null, "value" jsonb not null, "updated_at" timestamptz not null, primary key ("name"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "site_state" cascade;`);
  }
}
