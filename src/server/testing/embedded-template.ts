// The run's migrated embedded template (made once by global-setup.ts) and copies of it. Apart from test-db.ts so that a
// test file that only needs an embedded data directory (a child process's, say) does not count as one whose database
// TEST_DATABASE_URL changes (vitest.config.ts picks those for CI's PostgreSQL stage).
import { cpSync, existsSync, mkdirSync, mkdtempSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Where a run keeps its embedded template and the test files' copies of it (decision 132): in memory (/dev/shm)
 * where the machine has it, so a copy is a file copy at memory speed and PGlite opens it in place. Loading a dumped
 * data directory into PGlite's in-memory file system instead took about 2.5x as long per test file.
 */
export function embeddedBaseDir(): string {
  // Set by global-setup.ts for the workers it starts: the run's own directory.
  const run = process.env.TEST_PGLITE_RUN_DIR;
  if (run) return run;
  // TEST_PGLITE_TMPDIR: where to make it instead of /dev/shm or the temp directory.
  return path.join(process.env.TEST_PGLITE_TMPDIR || roomyMemoryDir() || os.tmpdir(), `goldendoodle-test-${process.pid}`);
}

/** /dev/shm when it exists with room for the template and a copy per worker (containers often give it 64 MB). */
function roomyMemoryDir(): string | undefined {
  const shm = '/dev/shm';
  try {
    const { bavail, bsize } = statfsSync(shm);
    return bavail * bsize >= 1024 ** 3 ? shm : undefined;
  } catch {
    return undefined;
  }
}

/** The migrated template every embedded test database copies (made by global-setup.ts). */
export const embeddedTemplateDir = () => path.join(embeddedBaseDir(), 'template');

/** A new directory holding a copy of the migrated embedded template (removed with the run's directory). */
export function templateCopyDir(): string {
  const template = embeddedTemplateDir();
  if (!existsSync(template))
    throw new Error(`No migrated embedded template at ${template}: run the tests through vitest (global-setup.ts makes it).`);
  mkdirSync(embeddedBaseDir(), { recursive: true });
  const dir = mkdtempSync(path.join(embeddedBaseDir(), 'db-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}
