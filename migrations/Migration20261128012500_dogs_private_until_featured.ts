import { Migration } from '@mikro-orm/migrations';

// Issue 29: a new dog is private until the breeder features it (it used to start on the home page).
// Existing dogs keep what they are; only the column's default changes.
export class Migration20261128012500_dogs_private_until_featured extends Migration {
  override name = 'Migration20261128012500_dogs_private_until_featured';

  override up(): void | Promise<void> {
    this.addSql(`alter table "parent_dogs" alter column "featured" set default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "parent_dogs" alter column "featured" set default true;`);
  }
}
