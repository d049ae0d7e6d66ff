// Trigram search on the embedded database too (issue 35, decision 125): every PGlite is opened with pg_trgm
// (createPGlite), the migrations create the extension and a GIN index per searched column there as on
// PostgreSQL, and a searched list's query is answered from those indexes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PGlite } from '@electric-sql/pglite';
import { closeDatabase, createPGlite, openDatabase } from './db.ts';
import { createTestDatabase, templateCopyDir, type TestDatabase } from './testing/test-db.ts';
import { seedScale } from './seed/scale-seed.ts';

describe('trigram search indexes', () => {
  let db: TestDatabase;
  let orm: MikroORM;
  beforeAll(async () => {
    db = await createTestDatabase();
    orm = db.orm;
    await seedScale(orm.em.fork(), { scale: 2, tables: ['inquiries', 'subscribers', 'families'] });
  });
  afterAll(async () => db?.close());

  const sql = <T>(text: string) => orm.em.getConnection().execute<T[]>(text);

  it('pg_trgm is installed and every searched column has its GIN index', async () => {
    expect(await sql(`select extname from pg_extension where extname = 'pg_trgm'`)).toEqual([{ extname: 'pg_trgm' }]);
    const indexes = await sql<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where indexname like '%_trgm_index' order by 1`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'inquiries_name_trgm_index',
        'inquiries_email_trgm_index',
        'inquiries_message_trgm_index',
        'subscribers_email_trgm_index',
        'users_display_name_trgm_index',
        'applications_location_trgm_index',
        'conversations_preview_trgm_index',
      ]),
    );
    for (const i of indexes) expect(i.indexdef).toMatch(/USING gin .*gin_trgm_ops/);
  });

  it("a searched list's query reads the trigram indexes, not the table", async () => {
    await sql('analyze inquiries');
    const plan = await orm.em.fork().transactional(async (trx) => {
      await trx.execute('set local enable_seqscan = off');
      const rows = await trx.execute<{ 'QUERY PLAN': string }[]>(
        // The search's count (boundedCount: the matching ids, as far as the cap); its page may also walk the
        // list-order index and filter, when matches are common enough that the first 50 come soon.
        `explain select "id" from "inquiries" where "name" ilike '%garcia%' or "email" ilike '%garcia%' or "message" ilike '%garcia%' limit 551`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on inquiries_name_trgm_index/);
    expect(plan).toMatch(/Bitmap Index Scan on inquiries_message_trgm_index/);
    expect(plan).not.toMatch(/Seq Scan/);
    // And the index answers what the search means: the same rows as reading the table.
    const [{ n: byIndex }] = (await sql<{ n: number }>(
      `select count(*)::int as n from inquiries where name ilike '%garcia%' or message ilike '%garcia%'`,
    )) as [{ n: number }];
    const [{ n: byScan }] = (await sql<{ n: number }>(
      `select count(*)::int as n from inquiries where position('garcia' in lower(name)) > 0 or position('garcia' in lower(message)) > 0`,
    )) as [{ n: number }];
    expect(byIndex).toBeGreaterThan(0);
    expect(byIndex).toBe(byScan);
  });

  it('the admin search itself still finds by substring (through the index)', async () => {
    const [row] = await sql<{ email: string }>(`select email from inquiries order by id limit 1`);
    const part = row!.email.slice(1, 8);
    const found = await orm.em.getConnection().execute<{ id: number }[]>(`select id from inquiries where email ilike ?`, [`%${part}%`]);
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('opening the embedded database', () => {
  it('refuses a PGlite opened without pg_trgm, naming createPGlite', async () => {
    // A migrated database (its tables have trigram indexes) opened by hand, without the extension.
    const bare = await PGlite.create(templateCopyDir());
    try {
      await expect(openDatabase({ pglite: bare })).rejects.toThrow(/pg_trgm.*createPGlite/);
    } finally {
      await bare.close();
    }
  });

  it('a new embedded database, migrated, has pg_trgm and can write to a trigram-indexed table', async () => {
    const pglite = await createPGlite();
    const orm = await openDatabase({ pglite });
    try {
      await orm.migrator.up();
      await orm.em
        .getConnection()
        .execute(
          `insert into subscribers (email, status, unsubscribe_token, created_at, updated_at) values ('a@example.com', 'active', repeat('x', 64), now(), now())`,
        );
      const rows = await orm.em
        .getConnection()
        .execute<{ n: number }[]>(`select count(*)::int as n from subscribers where email ilike '%example%'`);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await closeDatabase(orm);
      await pglite.close();
    }
  });
});
