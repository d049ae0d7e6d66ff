import { Migration } from '@mikro-orm/migrations';

/**
 * Visits and go-home day (issue 32): the breeder's availability and the bookings. No two live bookings
 * overlap, with their buffers, whatever their length: an exclusion constraint over the time range (gist on
 * a tstzrange needs no extension with one breeder), so two instances racing for one time get one booking.
 * The outbox carries a calendar invitation with a message. The settings row is made on first use (an empty
 * database stays empty, as db:restore expects).
 */
export class Migration20261128143000_visits extends Migration {
  override name = 'Migration20261128143000_visits';

  override up(): void | Promise<void> {
    this.addSql(`create table "visit_settings" (
      "id" int not null primary key check ("id" = 1),
      "time_zone" varchar(64) not null default 'America/Denver',
      "cutoff_hours" int not null default 24,
      "kinds" jsonb not null,
      "openings" jsonb not null,
      "closures" jsonb not null,
      "feed_token_hash" varchar(64) null,
      "updated_at" timestamptz not null default now());`);
    this.addSql(`create table "bookings" (
      "id" serial primary key,
      "family_id" int not null references "users" ("id") on update cascade on delete cascade,
      "kind" text check ("kind" in ('visit', 'pickup', 'video')) not null,
      "status" text check ("status" in ('confirmed', 'cancelled')) not null default 'confirmed',
      "starts_at" timestamptz not null,
      "ends_at" timestamptz not null,
      "block_ends_at" timestamptz not null,
      "time_zone" varchar(64) not null,
      "family_time_zone" varchar(64) not null,
      "note" text not null default '',
      "breeder_message" text not null default '',
      "uid" varchar(200) not null,
      "sequence" int not null default 0,
      "puppy_id" int null,
      "reminded_at" timestamptz null,
      "cancelled_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "bookings_uid_unique" unique ("uid"),
      constraint "bookings_times_check" check ("starts_at" < "ends_at" and "ends_at" <= "block_ends_at"),
      constraint "bookings_no_overlap" exclude using gist (tstzrange("starts_at", "block_ends_at", '[)') with &&) where ("status" <> 'cancelled'));`);
    this.addSql(`create index "bookings_family_id_index" on "bookings" ("family_id", "starts_at");`);
    this.addSql(`create index "bookings_starts_at_index" on "bookings" ("starts_at");`);
    this.addSql(`alter table "outbox_messages" add column "calendar" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "outbox_messages" drop column "calendar";`);
    this.addSql(`drop table if exists "bookings" cascade;`);
    this.addSql(`drop table if exists "visit_settings" cascade;`);
  }
}
