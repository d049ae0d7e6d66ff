import { Migration } from '@mikro-orm/migrations';

export class Migration20261128142000_payments extends Migration {
  override name = 'Migration20261128142000_payments';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payment_accounts" ("family_id" int not null, "price_cents" int not null, "deposit_cents" int not null, "due_on" varchar(10) null, "week_reminder_for" varchar(10) null, "day_reminder_for" varchar(10) null, "updated_at" timestamptz not null, primary key ("family_id"));`,
    );
    this.addSql(`create index "payment_accounts_due_on_index" on "payment_accounts" ("due_on");`);
    this.addSql(
      `alter table "payment_accounts" add constraint "payment_accounts_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "payments" ("id" serial primary key, "family_id" int not null, "amount_cents" int not null, "paid_on" varchar(10) not null, "method" text not null, "reason" varchar(300) null, "recorded_at" timestamptz not null, "receipt_pdf" bytea not null);`,
    );
    this.addSql(`create index "payments_family_id_index" on "payments" ("family_id");`);
    this.addSql(`create index "payments_paid_on_id_index" on "payments" ("paid_on", "id");`);
    this.addSql(
      `alter table "payments" add constraint "payments_family_id_foreign" foreign key ("family_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "payments" add constraint "payments_amount_not_zero" check ("amount_cents" <> 0);`);
    this.addSql(`alter table "payments" add constraint "payments_refund_has_reason" check ("amount_cents" > 0 or "reason" is not null);`);

    this.addSql(
      `create table "payment_settings" ("id" int not null, "instructions" text not null default '', "link" varchar(500) null, primary key ("id"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_settings" cascade;`);
    this.addSql(`drop table if exists "payments" cascade;`);
    this.addSql(`drop table if exists "payment_accounts" cascade;`);
  }
}
