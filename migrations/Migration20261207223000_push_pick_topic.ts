import { Migration } from '@mikro-orm/migrations';

/**
 * Pick day's own push topic (issue 50): a family's turn was sent under "update" before; the devices of families that
 * chose updates keep getting it, now as "pick", which they can switch off on its own.
 */
export class Migration20261207223000_push_pick_topic extends Migration {
  override name = 'Migration20261207223000_push_pick_topic';

  override up(): void | Promise<void> {
    this.addSql(
      `update "push_subscriptions" set "topics" = "topics" || '["pick"]'::jsonb
        where "topics" @> '["update"]'::jsonb and not "topics" @> '["pick"]'::jsonb;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`update "push_subscriptions" set "topics" = "topics" - 'pick' where "topics" @> '["pick"]'::jsonb;`);
  }
}
