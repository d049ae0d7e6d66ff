// Lint: TypeScript rules, React hooks, and the one-way import floors of ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverCode = { regex: '(^|/)server/', message: 'Client code must not import server code.' };
const topFloors = {
  group: ['**/src/server/**', '**/src/client/**', '../../../server/**', '../../../client/**', '../../server/**', '../../client/**'],
  message: 'Imports point down only: features and lib never import server/ or client/.',
};
// From features/<x>/<server|client>/file: '../../<y>/…' is another feature. Its schema file and its
// entities (for relations) are the sanctioned ways in.
const otherFeatures = {
  regex: '^\\.\\./\\.\\./(?!\\.\\.)(?!lib/)[^/]+/(?![^/]+\\.schema\\.ts$)(?!server/[^/]+\\.entity\\.ts$)',
  message: 'Features do not reach into each other: share through lib/ or the feature schema file.',
};

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
  // lib/: the bottom floor imports nothing above it (lib/client may import the AppRouter type).
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '../../server/**', '../../client/**'], message: 'lib/ imports nothing above it.', allowTypeImports: true }] }],
    },
  },
  {
    files: ['src/lib/client/**/*.{ts,tsx}', 'src/lib/shared/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '../server/**', '../../client/**'], message: 'lib/client and lib/shared never import server code.' }, { group: ['../../server/**'], message: 'Only the AppRouter type may be imported from server/.', allowTypeImports: true }] }],
    },
  },
  // features/: middle floor.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [topFloors, otherFeatures] }] },
  },
  {
    files: ['src/features/**/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [topFloors, otherFeatures, serverCode] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverCode] }] },
  },
);
