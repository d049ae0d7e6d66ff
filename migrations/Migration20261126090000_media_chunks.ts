import { Migration } from '@mikro-orm/migrations';

export class Migration20261126090000_media_chunks extends Migration {
  override name = 'Migration20261126090000_media_chunks';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "media_chunk" ("media_id" uuid not null, "seq" int not null, "bytes" bytea not null, primary key ("media_id", "seq"));`,
    );
    this.addSql(
      `alter table "media_chunk" add constraint "media_chunk_media_id_foreign" foreign key ("media_id") references "media" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "media" alter column "bytes" drop not null;`);
    // Videos stored whole move into 1 MiB pieces (as media-store.ts writes them), then leave the media row.
    this.addSql(
      `insert into "media_chunk" ("media_id", "seq", "bytes") select "m"."id", "g"."seq", substring("m"."bytes" from "g"."seq" * 1048576 + 1 for 1048576) from "media" "m" cross join lateral generate_series(0, greatest(length("m"."bytes") - 1, 0) / 1048576) as "g"("seq") where "m"."kind" = 'video' and "m"."bytes" is not null;`,
    );
    this.addSql(`update "media" set "bytes" = null where "kind" = 'video';`);
  }

  override down(): void | Promise<void> {
    this.addSql(
      `update "media" set "bytes" = (select coalesce(string_agg("c"."bytes", ''::bytea order by "c"."seq"), ''::bytea) from "media_chunk" "c" where "c"."media_id" = "media"."id") where "bytes" is null;`,
    );
    this.addSql(`drop table if exists "media_chunk" cascade;`);
    this.addSql(`alter table "media" alter column "bytes" set not null;`);
  }
}
