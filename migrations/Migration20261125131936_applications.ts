import { Migration } from '@mikro-orm/migrations';

export class Migration20261125131936_applications extends Migration {
  override name = 'Migration20261125131936_applications';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "application_drafts" ("user_id" int not null, "values" jsonb not null, "updated_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "applications" ("id" serial primary key, "user_id" int null, "idempotency_key" varchar(64) not null, "status" text not null default 'submitted', "name" varchar(100) not null, "email" varchar(254) not null, "phone" varchar(30) null, "location" varchar(100) not null, "household" text not null, "other_pets" text not null default '', "allergies" text not null, "allergy_details" text null, "home_type" text not null, "ownership" text not null, "yard" text not null, "fence" text null, "hours_alone" text not null, "experience" text not null, "experience_details" text not null, "size" text not null, "gender" text not null, "color" text not null, "timing" text not null, "heard_about" text not null, "notes" text not null default '', "litter_id" int null, "admin_notes" text not null default '', "read_at" timestamptz null, "waitlist_litter_id" int null, "waitlist_position" int null, "deposit_amount" int null, "deposit_received_on" varchar(10) null, "deposit_method" text null, "deposit_non_refundable" boolean not null default true, "deposit_notes" text not null default '', "deposit_refunded_on" varchar(10) null, "deposit_refund_amount" int null, "puppy_id" int null, "anonymised_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "applications_user_id_index" on "applications" ("user_id");`);
    this.addSql(`create index "applications_status_index" on "applications" ("status");`);
    this.addSql(`create index "applications_litter_id_index" on "applications" ("litter_id");`);
    this.addSql(`create index "applications_waitlist_litter_id_index" on "applications" ("waitlist_litter_id");`);
    this.addSql(`create index "applications_puppy_id_index" on "applications" ("puppy_id");`);
    this.addSql(
      `alter table "applications" add constraint "applications_user_id_idempotency_key_unique" unique ("user_id", "idempotency_key");`,
    );
    this.addSql(
      `create unique index "applications_waitlist_place_unique" on "applications" (coalesce("waitlist_litter_id", 0), "waitlist_position") where "waitlist_position" is not null;`,
    );

    this.addSql(
      `create table "application_events" ("id" serial primary key, "application_id" int not null, "at" timestamptz not null, "actor_id" int null, "by_role" text not null, "status" text not null, "message" text null);`,
    );
    this.addSql(`create index "application_events_application_id_index" on "application_events" ("application_id");`);

    this.addSql(
      `alter table "application_drafts" add constraint "application_drafts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "applications" add constraint "applications_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_litter_id_foreign" foreign key ("litter_id") references "litters" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_waitlist_litter_id_foreign" foreign key ("waitlist_litter_id") references "litters" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_puppy_id_foreign" foreign key ("puppy_id") references "puppies" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_status_check" check ("status" in ('submitted', 'in_review', 'approved', 'declined', 'waitlisted', 'matched', 'withdrawn'));`,
    );
    this.addSql(`alter table "applications" add constraint "applications_allergies_check" check ("allergies" in ('no', 'yes', 'unsure'));`);
    this.addSql(
      `alter table "applications" add constraint "applications_home_type_check" check ("home_type" in ('house', 'townhouse', 'apartment', 'acreage', 'other'));`,
    );
    this.addSql(`alter table "applications" add constraint "applications_ownership_check" check ("ownership" in ('own', 'rent'));`);
    this.addSql(`alter table "applications" add constraint "applications_yard_check" check ("yard" in ('yes', 'no'));`);
    this.addSql(`alter table "applications" add constraint "applications_fence_check" check ("fence" in ('full', 'partly', 'none'));`);
    this.addSql(
      `alter table "applications" add constraint "applications_hours_alone_check" check ("hours_alone" in ('under2', '2to4', '4to6', 'over6'));`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_experience_check" check ("experience" in ('first', 'before', 'now'));`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_size_check" check ("size" in ('toy', 'mini', 'medium', 'standard', 'any'));`,
    );
    this.addSql(`alter table "applications" add constraint "applications_gender_check" check ("gender" in ('female', 'male', 'any'));`);
    this.addSql(
      `alter table "applications" add constraint "applications_color_check" check ("color" in ('cream', 'apricot', 'red', 'chocolate', 'black', 'parti', 'any'));`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_timing_check" check ("timing" in ('asap', 'within3', '3to6', '6to12', 'researching'));`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_heard_about_check" check ("heard_about" in ('friend', 'family', 'search', 'facebook', 'instagram', 'youtube', 'vet', 'other'));`,
    );
    this.addSql(
      `alter table "applications" add constraint "applications_deposit_method_check" check ("deposit_method" in ('cash', 'check', 'card', 'bank_transfer', 'zelle', 'venmo', 'paypal', 'other'));`,
    );

    this.addSql(
      `alter table "application_events" add constraint "application_events_application_id_foreign" foreign key ("application_id") references "applications" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "application_events" add constraint "application_events_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "application_events" add constraint "application_events_by_role_check" check ("by_role" in ('family', 'breeder'));`,
    );
    this.addSql(
      `alter table "application_events" add constraint "application_events_status_check" check ("status" in ('submitted', 'in_review', 'approved', 'declined', 'waitlisted', 'matched', 'withdrawn'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "application_events" drop constraint "application_events_application_id_foreign";`);

    this.addSql(`drop table if exists "application_drafts" cascade;`);
    this.addSql(`drop table if exists "applications" cascade;`);
    this.addSql(`drop table if exists "application_events" cascade;`);
  }
}
