// The verified-email migration (decision 108) on data written by the release before it: addresses never proven
// wait as pending, and an account without a name takes its latest application's (one name for a family everywhere).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, createPGlite, openDatabase } from '../../../server/db.ts';

describe('Migration verified_email', () => {
  let pglite: PGlite;
  let orm: MikroORM;
  const sql = async (text: string) =>
    (await (orm.em.getConnection().getClient() as Kysely<unknown>).executeQuery<Record<string, unknown>>(CompiledQuery.raw(text))).rows;

  beforeAll(async () => {
    pglite = await createPGlite();
    orm = await openDatabase({ pglite });
    await orm.migrator.up({ to: 'Migration20261126090000_media_chunks' });
  });
  afterAll(async () => {
    await closeDatabase(orm);
    await pglite.close();
  });

  it('moves unproven addresses to pending and names nameless accounts after their latest application', async () => {
    await sql(`insert into users (id, username, username_key, password_hash, email, display_name, is_admin, created_at) values
      (1, 'rivera', 'rivera', 'x', 'rivera@example.com', null, false, now()),
      (2, 'parkers', 'parkers', 'x', null, 'The Parkers', false, now()),
      (3, 'breeder', 'breeder', 'x', null, null, true, now())`);
    const answers = `'h', '', 'no', 'house', 'own', 'no', 'under2', 'now', 'd', 'mini', 'any', 'red', 'asap', 'friend'`;
    const cols = `household, other_pets, allergies, home_type, ownership, yard, hours_alone, experience, experience_details, size, gender, color, timing, heard_about`;
    await sql(`insert into applications (id, user_id, idempotency_key, name, email, location, ${cols}, created_at, updated_at) values
      (1, 1, 'k1', 'Jamie Rivera', 'j@example.com', 'Boulder', ${answers}, now() - interval '2 days', now()),
      (2, 1, 'k2', 'The Riveras', 'j@example.com', 'Boulder', ${answers}, now() - interval '1 day', now()),
      (3, 2, 'k3', 'Someone Else', 'p@example.com', 'Austin', ${answers}, now(), now())`);

    await orm.migrator.up();

    expect(await sql(`select id, email, pending_email, email_verified_at, display_name from users order by id`)).toEqual([
      { id: 1, email: null, pending_email: 'rivera@example.com', email_verified_at: null, display_name: 'The Riveras' },
      { id: 2, email: null, pending_email: null, email_verified_at: null, display_name: 'The Parkers' },
      { id: 3, email: null, pending_email: null, email_verified_at: null, display_name: null },
    ]);
  });
});
