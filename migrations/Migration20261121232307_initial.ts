import { Migration } from '@mikro-orm/migrations';

export class Migration20261121232307_initial extends Migration {
  override name = 'Migration20261121232307_initial';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "gallery_images" ("id" serial primary key, "image_url" varchar(500) not null, "title" varchar(200) not null, "description" text not null default '', "featured" boolean not null default false, "sort_order" int not null default 0, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index "gallery_images_sort_order_index" on "gallery_images" ("sort_order");`);

    this.addSql(
      `create table "inquiries" ("id" serial primary key, "name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(50) null, "interest" text not null, "message" text not null, "status" text not null default 'new', "notes" text not null default '', "read_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "inquiries_status_index" on "inquiries" ("status");`);
    this.addSql(`create index "inquiries_created_at_index" on "inquiries" ("created_at");`);
    this.addSql(
      `alter table "inquiries" add constraint "inquiries_interest_check" check ("interest" in ('available', 'upcoming', 'waitlist', 'information'));`,
    );
    this.addSql(`alter table "inquiries" add constraint "inquiries_status_check" check ("status" in ('new', 'in_progress', 'closed'));`);

    this.addSql(
      `create table "litters" ("id" serial primary key, "name" varchar(100) not null, "description" text not null default '', "image_url" varchar(500) null, "mother_name" varchar(100) not null, "father_name" varchar(100) not null, "expected_date" varchar(10) null, "birth_date" varchar(10) null, "puppy_count" int null, "active" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "media" ("id" uuid not null, "kind" text not null, "mime" varchar(50) not null, "ext" varchar(10) not null, "bytes" bytea not null, "size" int not null, "sha256" varchar(64) not null, "width" int null, "height" int null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "media_sha256_index" on "media" ("sha256");`);
    this.addSql(`alter table "media" add constraint "media_kind_check" check ("kind" in ('image', 'video'));`);

    this.addSql(
      `create table "parent_dogs" ("id" serial primary key, "name" varchar(100) not null, "gender" text not null, "breed" varchar(100) not null, "color" varchar(100) not null, "weight" double precision null, "birth_date" varchar(10) null, "description" text not null default '', "image_url" varchar(500) null, "featured" boolean not null default true, "sort_order" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "parent_dogs" add constraint "parent_dogs_gender_check" check ("gender" in ('female', 'male'));`);

    this.addSql(
      `create table "puppies" ("id" serial primary key, "name" varchar(100) not null, "gender" text not null, "color" varchar(100) not null, "description" text not null default '', "image_url" varchar(500) null, "litter_id" int null, "status" text not null default 'available', "visible" boolean not null default true, "generation" varchar(50) null, "weight" double precision null, "price" int null, "assessment_complete" boolean not null default false, "energy_level" text not null default 'unassessed', "confidence" text not null default 'unassessed', "independence" text not null default 'unassessed', "sociability" text not null default 'unassessed', "food_motivation" text not null default 'unassessed', "toy_drive" text not null default 'unassessed', "biddability" text not null default 'unassessed', "handling_response" text null, "sound_sensitivity" text null, "visual_sensitivity" text null, "personality_notes" text null, "training_progress" text null, "ideal_home" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "puppies_litter_id_index" on "puppies" ("litter_id");`);
    this.addSql(`alter table "puppies" add constraint "puppies_gender_check" check ("gender" in ('male', 'female'));`);
    this.addSql(`alter table "puppies" add constraint "puppies_status_check" check ("status" in ('available', 'reserved', 'sold'));`);
    this.addSql(
      `alter table "puppies" add constraint "puppies_energy_level_check" check ("energy_level" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_confidence_check" check ("confidence" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_independence_check" check ("independence" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_sociability_check" check ("sociability" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_food_motivation_check" check ("food_motivation" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_toy_drive_check" check ("toy_drive" in ('high', 'medium', 'low', 'unassessed'));`,
    );
    this.addSql(
      `alter table "puppies" add constraint "puppies_biddability_check" check ("biddability" in ('high', 'medium', 'low', 'unassessed'));`,
    );

    this.addSql(
      `create table "rate_limits" ("key" varchar(200) not null, "count" int not null default 0, "reset_at" timestamptz not null, primary key ("key"));`,
    );
    this.addSql(`create index "rate_limits_reset_at_index" on "rate_limits" ("reset_at");`);

    this.addSql(
      `create table "site_settings" ("id" int not null, "breeder_name" varchar(100) not null, "town" varchar(100) not null, "phone" varchar(50) not null, "email" varchar(254) not null, "facebook_url" varchar(500) not null default '', "instagram_url" varchar(500) not null default '', "youtube_url" varchar(500) not null default '', "hero_image_url" varchar(500) null, "hero_video_url" varchar(500) null, "about_story" text not null default '', "health_points" jsonb not null, "process_blocks" jsonb not null, "faq" jsonb not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "subscribers" ("id" serial primary key, "email" varchar(254) not null, "name" varchar(100) null, "status" text not null default 'active', "unsubscribe_token" varchar(64) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`alter table "subscribers" add constraint "subscribers_email_unique" unique ("email");`);
    this.addSql(`alter table "subscribers" add constraint "subscribers_unsubscribe_token_unique" unique ("unsubscribe_token");`);
    this.addSql(`alter table "subscribers" add constraint "subscribers_status_check" check ("status" in ('active', 'unsubscribed'));`);

    this.addSql(
      `create table "testimonials" ("id" serial primary key, "name" varchar(100) not null, "content" text not null, "rating" int not null default 5, "location" varchar(100) not null default '', "image_url" varchar(500) null, "featured" boolean not null default true, "created_at" timestamptz not null);`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "username" varchar(32) not null, "username_key" varchar(32) not null, "password_hash" varchar(255) not null, "is_admin" boolean not null default false, "created_at" timestamptz not null);`,
    );
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "user_id" int not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `alter table "puppies" add constraint "puppies_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }
}
