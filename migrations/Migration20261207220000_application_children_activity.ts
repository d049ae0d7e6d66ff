import { Migration } from '@mikro-orm/migrations';

/** The questionnaire's two optional answers pick day's fit reads (issue 50): the youngest child at home, the household's pace. */
export class Migration20261207220000_application_children_activity extends Migration {
  override name = 'Migration20261207220000_application_children_activity';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "applications"
         add column "children" text check ("children" in ('none', 'under6', '6to12', '13plus')) null,
         add column "activity" text check ("activity" in ('active', 'quiet')) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "applications" drop column "children", drop column "activity";`);
  }
}
