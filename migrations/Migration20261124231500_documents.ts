import { Migration } from '@mikro-orm/migrations';

export class Migration20261124231500_documents extends Migration {
  override name = 'Migration20261124231500_documents';

  override up(): void | Promise<void> {
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('image', 'video', 'document'));`);
    this.addSql(`alter table "media" add "filename" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`delete from "media" where "kind" = 'document';`);
    this.addSql(`alter table "media" drop column "filename";`);
    this.addSql(`alter table "media" drop constraint if exists "media_kind_check";`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('image', 'video'));`);
  }
}
