import { Migration } from '@mikro-orm/migrations';

export class Migration20261124234500_parent_dog_photos extends Migration {
  override name = 'Migration20261124234500_parent_dog_photos';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "parent_dog_photos" ("id" serial primary key, "dog_id" int not null, "url" varchar(500) not null, "position" int not null);`,
    );
    this.addSql(`create index "parent_dog_photos_dog_id_index" on "parent_dog_photos" ("dog_id");`);
    this.addSql(
      `alter table "parent_dog_photos" add constraint "parent_dog_photos_dog_id_foreign" foreign key ("dog_id") references "parent_dogs" ("id") on delete cascade;`,
    );

    this.addSql(`alter table "parent_dogs" add "video_url" varchar(500) null;`);

    // Every dog's one photo becomes the first of its set.
    this.addSql(
      `insert into "parent_dog_photos" ("dog_id", "url", "position") select "id", "image_url", 0 from "parent_dogs" where "image_url" is not null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "parent_dog_photos" cascade;`);
    this.addSql(`alter table "parent_dogs" drop column "video_url";`);
  }
}
