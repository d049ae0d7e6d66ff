import { Migration } from '@mikro-orm/migrations';

/**
 * A live stream ends when its session ends (issue 44, decision 139): every deletion of sessions, whatever does it
 * (logout, a password change, an account deleted by cascade, a revocation, the expiry purge), is announced on the
 * live bus's `session_ended` channel at commit, 100 ids an event (NOTIFY carries at most 8000 bytes), so every
 * instance ends the streams of those sessions.
 */
export class Migration20261207141500_session_ended_notify extends Migration {
  override name = 'Migration20261207141500_session_ended_notify';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "notify_sessions_ended"() returns trigger language plpgsql as $$
declare
  ids text[];
  n int;
  i int := 1;
begin
  select array_agg("id") into ids from "ended_sessions";
  n := coalesce(array_length(ids, 1), 0);
  while i <= n loop
    perform pg_notify('session_ended', json_build_object('sessionIds', to_json(ids[i:i + 99]))::text);
    i := i + 100;
  end loop;
  return null;
end
$$;`);
    this.addSql(
      `create trigger "sessions_ended" after delete on "sessions" referencing old table as "ended_sessions" for each statement execute function "notify_sessions_ended"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "sessions_ended" on "sessions";`);
    this.addSql(`drop function if exists "notify_sessions_ended"();`);
  }
}
