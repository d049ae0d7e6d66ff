// Lint: TypeScript rules, React hooks, and the floors and feature boundaries of ARCHITECTURE.md,
// checked on resolved file paths (so relative paths, aliases and re-exports cannot slip past).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const abs = (glob) => path.join(ROOT, glob);
const FEATURES = readdirSync(abs('src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// What runs in the browser (or on both sides): it never imports server code.
const CLIENT_CODE = ['src/client/**', 'src/features/*/client/**', 'src/features/*/*.{ts,tsx}', 'src/lib/client/**', 'src/lib/shared/**'];
const SERVER_CODE = ['src/server/**', 'src/features/*/server/**', 'src/lib/server/**'];
// The one sanctioned upward reference: lib/client's tRPC context imports the AppRouter type.
const APP_ROUTER_TYPE = abs('src/server/router.{ts,tsx}');

/** The import zones: a file matching `target` may not import a file matching `from`, unless `except`. */
export const zones = [
  {
    target: ['src/lib/server/**', 'src/lib/shared/**'],
    from: ['src/server/**', 'src/client/**', 'src/features/**'],
    message: 'lib/ is the bottom floor: it imports nothing above it.',
    productionOnly: true,
  },
  {
    target: 'src/lib/client/**',
    from: ['src/server/**', 'src/client/**', 'src/features/**'],
    except: [APP_ROUTER_TYPE],
    message: 'lib/ is the bottom floor: it imports nothing above it (lib/client may import the AppRouter type).',
  },
  {
    target: 'src/lib/shared/**',
    from: ['src/lib/client/**'],
    message: 'lib/shared is isomorphic: it does not import browser code.',
  },
  {
    target: 'src/features/**',
    from: ['src/server/**', 'src/client/**'],
    message: 'Imports point down only: features never import src/server or src/client.',
    // Integration tests build the real app through the top floor's test harness.
    productionOnly: true,
  },
  {
    target: CLIENT_CODE,
    from: SERVER_CODE,
    except: [APP_ROUTER_TYPE],
    message: 'Client and isomorphic code never imports server code.',
  },
  {
    target: 'src/features/*/*.{ts,tsx}',
    from: ['src/features/*/client/**', 'src/lib/client/**'],
    message: "A feature's root files (its schema) are isomorphic: they do not import browser code.",
  },
  // Features do not reach into each other: another feature is reached only through its schema file,
  // and (server code) its entity files (for ORM relations) and its reads face (server/<feature>.reads.ts).
  ...FEATURES.flatMap((f) => [
    {
      target: `src/features/${f}/server/**`,
      from: ['src/features/**'],
      except: [
        abs(`src/features/${f}/**`),
        abs('src/features/*/*.schema.ts'),
        abs('src/features/*/server/*.entity.ts'),
        abs('src/features/*/server/*.reads.ts'),
      ],
      message: `Features do not reach into each other: from ${f}/server, another feature is its schema file, its entities (for relations) or its reads face.`,
    },
    {
      target: [`src/features/${f}/client/**`, `src/features/${f}/*.{ts,tsx}`],
      from: ['src/features/**'],
      except: [abs(`src/features/${f}/**`), abs('src/features/*/*.schema.ts')],
      message: 'Features do not reach into each other: share through lib/ or import the other feature’s schema file.',
    },
  ]),
].map(({ productionOnly, ...zone }) => ({
  ...zone,
  productionOnly: Boolean(productionOnly),
  target: [zone.target].flat().map(abs),
  from: [zone.from].flat().map(abs),
}));
const zoneRule = (list) => ['error', { basePath: ROOT, zones: list.map(({ productionOnly: _, ...z }) => z) }];
// Test files and the harness may reach the app from anywhere; a feature's or lib's `*.test-helpers.ts` keeps to its
// floor like production code (a helper that needs the app lives in src/server/testing: decision 137).
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/server/testing/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'src/client/route-tree.gen.ts', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Boundaries: every file under src/, tests included, resolved through the same resolver Node uses.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript files when following imports (no-cycle reads the modules an import reaches).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], conditionNames: ['import', 'browser', 'node', 'default'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': zoneRule(zones),
      // An import that does not resolve cannot be checked: refuse it (e.g. an alias nothing defines).
      'import-x/no-unresolved': ['error', { ignore: ['\\?(url|raw|inline|worker)$', '^virtual:'] }],
      // No circles: two modules that need each other are one module, or share a third below them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Tests may build the real app through src/server's harness; every other boundary holds for them too.
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': zoneRule(zones.filter((z) => !z.productionOnly)) },
  },
  // The AppRouter exception is for its type only.
  {
    files: ['src/lib/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '!@trpc/server/observable'],
              message: 'Only the AppRouter type may be imported from server/.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
