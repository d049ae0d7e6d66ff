// Proves the boundary lint: probe files at real places in the tree import across the floors and features.
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from './db.ts';

const eslint = new ESLint({ cwd: ROOT_DIR });

/** The boundary messages ESLint reports for a probe file with this source at this path. */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT_DIR, file) });
  return result!.messages
    .filter(
      (m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-unresolved' || m.ruleId === 'no-restricted-imports',
    )
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe('boundary lint', () => {
  it.each([
    [
      'a feature client importing its own server code',
      'src/features/puppies/client/probe.tsx',
      "import { Puppy } from '../server/puppy.entity.ts';\nexport const x = Puppy;",
      'never imports server code',
    ],
    [
      'a feature importing another feature’s client component',
      'src/features/puppies/client/probe.tsx',
      "import { LittersList } from '../../dogs/client/LittersList.tsx';\nexport const x = LittersList;",
      'do not reach into each other',
    ],
    [
      'a feature’s server importing another feature’s service',
      'src/features/puppies/server/probe.ts',
      "import { listActiveLitters } from '../../dogs/server/litters.service.ts';\nexport const x = listActiveLitters;",
      'do not reach into each other',
    ],
    [
      'a file at a feature’s root importing another feature’s server code',
      'src/features/puppies/probe.ts',
      "import { Litter } from '../dogs/server/litter.entity.ts';\nexport const x = Litter;",
      'never imports server code',
    ],
    [
      'a feature schema importing browser code',
      'src/features/puppies/probe.schema.ts',
      "import { trpc } from '../../lib/client/trpc.ts';\nexport const x = trpc;",
      'isomorphic',
    ],
    [
      'a dynamic import across features',
      'src/features/puppies/client/probe.tsx',
      "export const load = () => import('../../dogs/client/LittersList.tsx');",
      'do not reach into each other',
    ],
    [
      'a re-export across features',
      'src/features/puppies/client/probe.ts',
      "export { LittersList } from '../../dogs/client/LittersList.tsx';",
      'do not reach into each other',
    ],
    [
      'lib importing a feature',
      'src/lib/shared/probe.ts',
      "import { PuppyInputSchema } from '../../features/puppies/puppies.schema.ts';\nexport const x = PuppyInputSchema;",
      'bottom floor',
    ],
    [
      'lib/client importing server code beyond the AppRouter type',
      'src/lib/client/probe.ts',
      "import { appRouter } from '../../server/router.ts';\nexport const x = appRouter;",
      'AppRouter type',
    ],
    [
      'a feature importing the top floor',
      'src/features/puppies/server/probe.ts',
      "import { buildApp } from '../../../server/app.ts';\nexport const x = buildApp;",
      'Imports point down only',
    ],
    [
      'the browser app importing server code',
      'src/client/probe.tsx',
      "import { Puppy } from '../features/puppies/server/puppy.entity.ts';\nexport const x = Puppy;",
      'never imports server code',
    ],
    [
      'a path that only reaches another feature once resolved',
      'src/features/puppies/client/probe.tsx',
      "import { LittersList } from '../../puppies/client/../../dogs/client/LittersList.tsx';\nexport const x = LittersList;",
      'do not reach into each other',
    ],
    [
      'a feature’s test helper importing the top floor’s harness',
      'src/features/puppies/server/probe.test-helpers.ts',
      "import { signIn } from '../../../server/testing/auth.ts';\nexport const x = signIn;",
      'Imports point down only',
    ],
    [
      'another feature’s server file beside its reads face',
      'src/features/health/server/probe.ts',
      "import { storeMedia } from '../../media/server/media-store.ts';\nexport const x = storeMedia;",
      'reads face',
    ],
    [
      'another feature’s reads face from client code (server code all the same)',
      'src/features/health/client/probe.tsx',
      "import { privateUploads } from '../../media/server/media.reads.ts';\nexport const x = privateUploads;",
      'never imports server code',
    ],
    [
      'a reads face from a feature’s root file (isomorphic)',
      'src/features/health/probe.ts',
      "import { puppiesByIds } from '../puppies/server/puppies.reads.ts';\nexport const x = puppiesByIds;",
      'never imports server code',
    ],
    [
      'an alias that resolves nowhere (no imports map to hide behind)',
      'src/features/puppies/client/probe.tsx',
      "import { x } from '#features/dogs/server/litters.service.ts';\nexport const y = x;",
      'Unable to resolve',
    ],
  ])('refuses %s', async (_what, file, source, expected) => {
    const errors = await boundaryErrors(file, source);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toContain(expected);
  });

  it.each([
    [
      'another feature’s schema file',
      'src/features/puppies/client/probe.tsx',
      "import { LitterInputSchema } from '../../dogs/litters.schema.ts';\nexport const x = LitterInputSchema;",
    ],
    [
      'another feature’s entity, from server code (relations)',
      'src/features/puppies/server/probe.ts',
      "import { Litter } from '../../dogs/server/litter.entity.ts';\nexport const x = Litter;",
    ],
    [
      'another feature’s reads face, from server code (issue 47)',
      'src/features/health/server/probe.ts',
      "import { storePrivateFile } from '../../media/server/media.reads.ts';\nexport const x = storePrivateFile;",
    ],
    [
      'another feature’s reads face, from a feature’s server subfolder',
      'src/features/health/server/jobs/probe.ts',
      "import { puppiesByIds } from '../../../puppies/server/puppies.reads.ts';\nexport const x = puppiesByIds;",
    ],
    [
      'its own server code, from a feature’s server',
      'src/features/puppies/server/probe.ts',
      "import { Puppy } from './puppy.entity.ts';\nexport const x = Puppy;",
    ],
    [
      'the AppRouter type, from lib/client',
      'src/lib/client/probe.ts',
      "import type { AppRouter } from '../../server/router.ts';\nexport type X = AppRouter;",
    ],
    [
      'the top floor’s harness, from a feature’s test file',
      'src/features/puppies/server/probe.test.ts',
      "import { signIn } from '../../../server/testing/auth.ts';\nexport const x = signIn;",
    ],
    [
      'the library, from a feature',
      'src/features/puppies/client/probe.tsx',
      "import { formatPrice } from '../../../lib/shared/format.ts';\nexport const x = formatPrice;",
    ],
  ])('allows %s', async (_what, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });

  // A circle needs two real files (the rule follows imports on disk): write them, lint them, remove them.
  it.each([
    [
      'a static circle',
      (other: string) => `import { b } from './${other}';\nexport const a = () => b;\n`,
      (other: string) => `import { a } from './${other}';\nexport const b = () => a;\n`,
    ],
    [
      'a circle closed by a dynamic import',
      (other: string) => `import { b } from './${other}';\nexport const a = () => b;\n`,
      (other: string) => `export const b = () => import('./${other}');\n`,
    ],
  ])('refuses %s between two modules', async (_what, sourceA, sourceB) => {
    const dir = path.join(ROOT_DIR, 'src/features/puppies/client');
    const a = `probe-cycle-${process.pid}-a.ts`;
    const b = `probe-cycle-${process.pid}-b.ts`;
    try {
      await writeFile(path.join(dir, a), sourceA(b));
      await writeFile(path.join(dir, b), sourceB(a));
      const [result] = await eslint.lintFiles([path.join(dir, a)]);
      expect(result!.messages.map((m) => `${m.ruleId}: ${m.message}`)).toContain('import-x/no-cycle: Dependency cycle detected');
    } finally {
      await rm(path.join(dir, a), { force: true });
      await rm(path.join(dir, b), { force: true });
    }
  });
});
