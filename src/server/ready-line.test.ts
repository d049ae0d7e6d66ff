// `npm start`'s last line (issue 29): one readable line on a terminal, where the site is and how to make the
// first admin; nothing but the JSON records when the output is collected by a machine (not a TTY).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';
import { printReadyLine, readyLine } from './ready-line.ts';
import { upsertAdmin } from '../features/auth/server/auth.service.ts';

describe('the ready line', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.close());

  /** An output stream that is, or is not, a terminal, keeping what is written to it. */
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { isTTY, write: (s: string) => written.push(s), written };
  };

  it('says nothing when the output is not a terminal (logs collected by a machine stay JSON)', async () => {
    const out = stream(false);
    await printReadyLine(db.orm, { host: '0.0.0.0', port: 3000 }, out);
    expect(out.written).toEqual([]);
    expect(readyLine({ isTTY: false, host: '0.0.0.0', port: 3000, hasAdmin: false })).toBeNull();
  });

  it('on a terminal, ends with where the site is, and how to create the first admin while there is none', async () => {
    const out = stream(true);
    await printReadyLine(db.orm, { host: '0.0.0.0', port: 3000 }, out);
    expect(out.written).toEqual([
      'Site ready at http://localhost:3000 · dashboard at /admin · no admin yet: npm run admin -- create <name>\n',
    ]);

    await upsertAdmin(db.orm.em.fork(), { username: 'breeder', password: 'golden-meadow-2026' });
    const after = stream(true);
    await printReadyLine(db.orm, { host: '127.0.0.1', port: 8080 }, after);
    expect(after.written).toEqual(['Site ready at http://127.0.0.1:8080 · dashboard at /admin\n']);
  });
});
