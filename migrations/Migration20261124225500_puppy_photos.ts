import { Migration } from '@mikro-orm/migrations';

export class Migration20261124225500_puppy_photos extends Migration {
  override name = 'Migration20261124225500_puppy_photos';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "puppy_photos" ("id" serial primary key, "puppy_id" int not null, "url" varchar(500) not null, "position" int not null);`,
    );
    this.addSql(`create index "puppy_photos_puppy_id_index" on "puppy_photos" ("puppy_id");`);
    this.addSql(
      `alter table "puppy_photos" add constraint "puppy_photos_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "puppies" add "video_url" varchar(500) null;`);

    // Every puppy's one photo becomes the first of its set.
    this.addSql(
      `insert into "puppy_photos" ("puppy_id", "url", "position") select "id", "image_url", 0 from "puppies" where "image_url" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "puppy_photos" cascade;`);
    this.addSql(`alter table "puppies" drop column "video_url";`);
  }
}
