// The app runs the migrations listed in migrations/index.ts (decision 102): a migration file that is not in
// the list would never run, and one listed out of order would run before what it builds on.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { MIGRATIONS_DIR } from './db.ts';

describe('the migrations list', () => {
  it('names every migration file of the folder once, in the order of their timestamps', () => {
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^Migration\d+_\w+\.ts$/.test(f))
      .map((f) => path.basename(f, '.ts'))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.name)).toEqual(files);
  });
});
