// Demo content goes into an empty database only: a restart adds nothing, and a site that lost its articles
// or its settings row gets those back without a second set of puppies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityName } from '@mikro-orm/postgresql';
import { seedDemoContent } from './seed.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { Article, LegalVersion } from '../../features/articles/server/article.entity.ts';
import { Puppy } from '../../features/puppies/server/puppy.entity.ts';
import { SiteSettings } from '../../features/settings/server/site-settings.entity.ts';

// This file paints the demo photos for real (the other test files reuse the painted ones): the painter
// child process is covered here.
delete process.env.DEMO_PHOTO_CACHE;

describe('seeding demo content', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });
  const table = <T extends object>(entity: EntityName<T>) => `"${db.orm.getMetadata().get(entity).tableName}"`;
  const sql = (statement: string) => db.orm.em.getConnection().execute<{ n: string }[]>(statement);
  const count = async <T extends object>(entity: EntityName<T>) => Number((await sql(`select count(*) as n from ${table(entity)}`))[0]!.n);

  it('fills an empty database once; a restart adds nothing', async () => {
    expect(await seedDemoContent(db.orm.em.fork(), { force: false })).toBe(true);
    const puppies = await count(Puppy);
    const articles = await count(Article);
    expect(puppies).toBeGreaterThan(0);
    expect(articles).toBeGreaterThan(0);
    expect(await seedDemoContent(db.orm.em.fork(), { force: false })).toBe(false);
    expect(await count(Puppy)).toBe(puppies);
    expect(await count(Article)).toBe(articles);
  });

  it('gives a site without articles or settings those back, and no second set of puppies', async () => {
    const puppies = await count(Puppy);
    const articles = await count(Article);
    await sql(`delete from ${table(LegalVersion)}`);
    await sql(`delete from ${table(Article)}`);
    await sql(`delete from ${table(SiteSettings)}`);
    expect(await count(Article)).toBe(0);
    expect(await seedDemoContent(db.orm.em.fork(), { force: false })).toBe(false);
    expect(await count(Article)).toBe(articles);
    expect(await count(SiteSettings)).toBe(1);
    expect(await count(Puppy)).toBe(puppies);
  });
});
