// The registry migration on data written by the release before it: parent dogs become ours, litters find
// their dam and sire by name once, and a name no dog has stays as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, createPGlite, openDatabase } from '../../../server/db.ts';

describe('Migration dog_registry', () => {
  let pglite: PGlite;
  let orm: MikroORM;
  const sql = async (text: string) =>
    (await (orm.em.getConnection().getClient() as Kysely<unknown>).executeQuery<Record<string, unknown>>(CompiledQuery.raw(text))).rows;

  beforeAll(async () => {
    pglite = await createPGlite();
    orm = await openDatabase({ pglite });
    await orm.migrator.up({ to: 'Migration20261124234500_parent_dog_photos' });
  });
  afterAll(async () => {
    await closeDatabase(orm);
    await pglite.close();
  });

  it('marks the parent dogs ours and links each litter to the dogs its names match', async () => {
    await sql(`insert into parent_dogs (id, name, gender, breed, color, featured, sort_order, created_at, updated_at) values
      (1, 'Maple', 'female', 'Mini Goldendoodle', 'Apricot', true, 0, now(), now()),
      (2, 'Cooper', 'male', 'Poodle', 'Red', true, 1, now(), now()),
      (3, 'Maple', 'male', 'Poodle', 'Red', false, 2, now(), now()),
      (4, 'Rosie', 'female', 'Mini Goldendoodle', 'Cream', false, 3, now(), now())`);
    await sql(`insert into litters (id, name, mother_name, father_name, active, created_at, updated_at) values
      (10, 'Autumn', ' maple ', 'COOPER', true, now(), now()),
      (11, 'Visiting', 'Rosie', 'Sir Visiting', true, now(), now()),
      (12, 'Mixed up', 'Cooper', 'Nobody', false, now(), now())`);

    await orm.migrator.up();

    expect(await sql(`select id, ours, featured from parent_dogs order by id`)).toEqual([
      { id: 1, ours: true, featured: true },
      { id: 2, ours: true, featured: true },
      { id: 3, ours: true, featured: false },
      { id: 4, ours: true, featured: false },
    ]);
    // Case and spaces aside; the dam among the females (the male Maple is not her), the sire among the males;
    // a name no dog of that sex has stays a name (Cooper is no dam).
    expect(await sql(`select id, dam_id, sire_id, mother_name, father_name from litters order by id`)).toEqual([
      { id: 10, dam_id: 1, sire_id: 2, mother_name: ' maple ', father_name: 'COOPER' },
      { id: 11, dam_id: 4, sire_id: null, mother_name: 'Rosie', father_name: 'Sir Visiting' },
      { id: 12, dam_id: null, sire_id: null, mother_name: 'Cooper', father_name: 'Nobody' },
    ]);
  });
});
