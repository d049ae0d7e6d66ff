// The scale seed (issue 35) on the embedded database: the counts a scale promises, pedigrees deep and looped,
// and the same rows for the same scale on two fresh databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { scaleCounts, seedScale } from './scale-seed.ts';
import { coiOf, type PedigreeLink } from '../../features/dogs/coi.ts';

const SCALE = 0.05;
const TABLES = {
  inquiries: 'inquiries',
  subscribers: 'subscribers',
  families: 'users',
  applications: 'applications',
  dogs: 'parent_dogs',
  posts: 'articles',
  media: 'media',
  outbox: 'outbox_messages',
} as const;

describe('the scale seed', () => {
  let a: TestDatabase;
  let b: TestDatabase;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });
  const sql = <T = Record<string, unknown>>(db: TestDatabase, statement: string) => db.orm.em.getConnection().execute<T[]>(statement);

  /** One digest per table over every column but the generated ones, in id order. */
  const digests = async (db: TestDatabase) => {
    const out: Record<string, string> = {};
    for (const table of Object.values(TABLES)) {
      const [row] = await sql<{ d: string }>(
        db,
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from "${table}" t`,
      );
      out[table] = row!.d;
    }
    return out;
  };

  it('adds the rows a scale promises, the same rows on two fresh databases', async () => {
    const expected = scaleCounts(SCALE);
    expect(expected.inquiries).toBe(50);
    const added = await seedScale(a.orm.em.fork(), { scale: SCALE });
    expect(added).toEqual(expected);
    for (const [key, table] of Object.entries(TABLES)) {
      const [row] = await sql<{ n: string }>(a, `select count(*) as n from "${table}"`);
      expect(Number(row!.n), table).toBe(expected[key as keyof typeof TABLES]);
    }
    await seedScale(b.orm.em.fork(), { scale: SCALE });
    expect(await digests(b)).toEqual(await digests(a));
  });

  it('breeds a registry whose youngest dogs have deep pedigrees with loops', async () => {
    // One decade of dogs only (100 over 16 generations), on top of what the first case seeded.
    expect((await seedScale(b.orm.em.fork(), { scale: 1, tables: ['dogs'] })).dogs).toBe(100);
    const rows = await sql<{ id: number; sire_id: number | null; dam_id: number | null; gender: string }>(
      b,
      'select id, sire_id, dam_id, gender from parent_dogs',
    );
    const links = new Map<number, PedigreeLink>(rows.map((r) => [r.id, { sireId: r.sire_id, damId: r.dam_id }]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      if (r.sire_id != null) expect(byId.get(r.sire_id)!.gender).toBe('male');
      if (r.dam_id != null) expect(byId.get(r.dam_id)!.gender).toBe('female');
    }
    const depth = (id: number | null): number =>
      id == null ? 0 : 1 + Math.max(depth(links.get(id)?.sireId ?? null), depth(links.get(id)?.damId ?? null));
    const youngest = Math.max(...rows.map((r) => r.id));
    expect(depth(youngest)).toBeGreaterThanOrEqual(10);
    // Parents drawn from a small breeding stock: the youngest dogs are inbred (loops in the pedigree).
    expect(coiOf(youngest, links, 12)).toBeGreaterThan(0);
  });
});
