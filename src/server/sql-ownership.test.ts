// Proves that a feature's SQL names only its own tables (issue 47): each table's owner comes from the entity that
// maps it (the file it is defined in), the rest of a feature is reached through its reads face.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT_DIR } from './db.ts';
import { entities } from './entities.ts';

/** Tables that only a migration creates (no entity maps them), with their owner. */
const MIGRATION_ONLY_TABLES: Record<string, string> = {
  // The one row saying when the suggested protocol was written (health.service ensureProtocol).
  health_settings: 'health',
  // A newsletter's one copy of its text and HTML that its outbox rows point to (decision 131).
  outbox_templates: 'mail',
};

/**
 * The few places a feature's SQL may name another's table, each with its reason. Key: `<feature> <table>`.
 * Everything else goes through the owner's `server/<owner>.reads.ts`.
 */
const ALLOWED: Record<string, string> = {
  'notifications app_secrets':
    'app_secrets is the bottom floor’s store of named site secrets (lib/server/app-secret.entity.ts), there for any feature: the VAPID key pair is two named rows in it, written once in one statement so that instances agree.',
  'site-health app_secrets':
    'app_secrets is the bottom floor’s store of named site secrets (lib/server/app-secret.entity.ts): site health reads whether the VAPID pair exists.',
};

const FEATURES_DIR = path.join(ROOT_DIR, 'src/features');

/** Every source file under a directory, tests and their helpers aside (they set up other features' rows on purpose). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sources(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|\.test-helpers\.ts$|\.d\.ts$/.test(e.name) ? [file] : [];
  });
}

/** Each table and the feature (or `lib`) whose entity file maps it: the entity list MikroORM is given, traced to files. */
async function tableOwners(): Promise<Map<string, string>> {
  const files = [
    ...readdirSync(FEATURES_DIR).flatMap((f) => sources(path.join(FEATURES_DIR, f))),
    ...sources(path.join(ROOT_DIR, 'src/lib/server')),
  ].filter((file) => file.endsWith('.entity.ts'));
  const owners = new Map<string, string>();
  const found = new Set<unknown>();
  for (const file of files) {
    const mod = (await import(file)) as Record<string, unknown>;
    const rel = path.relative(ROOT_DIR, file).split(path.sep);
    const owner = rel[1] === 'features' ? rel[2]! : 'lib';
    for (const value of Object.values(mod)) {
      if (!(entities as readonly unknown[]).includes(value)) continue;
      const table = (value as { meta: { tableName?: string; className: string } }).meta.tableName;
      if (!table) throw new Error(`${(value as { meta: { className: string } }).meta.className} has no explicit table name`);
      owners.set(table, owner);
      found.add(value);
    }
  }
  const untraced = entities.filter((e) => !found.has(e)).map((e) => (e as { meta: { className: string } }).meta.className);
  expect(untraced, 'entities whose file was not found under src/features/*/ or src/lib/server').toEqual([]);
  for (const [table, owner] of Object.entries(MIGRATION_ONLY_TABLES)) owners.set(table, owner);
  return owners;
}

/** The text of every string and template literal in a file (a template's holes as `?`), with its line. */
function literals(file: string): Array<{ text: string; line: number }> {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Array<{ text: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    const line = () => src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push({ text: node.text, line: line() });
    else if (ts.isTemplateExpression(node))
      out.push({ text: [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? '), line: line() });
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

/** SQL is how the code writes it: em.execute / raw / query builders take strings, so SQL is a literal that reads like SQL. */
const LOOKS_LIKE_SQL = /\b(select|insert|update|delete|with)\b[\s\S]*\b(from|into|set|join)\b/i;

/** The tables a literal names: quoted ("puppies", not p."puppies" which is a column), or bare after from/join/into/update. */
function tablesNamed(text: string, tables: string[]): string[] {
  if (!LOOKS_LIKE_SQL.test(text)) return [];
  const names = tables.join('|');
  const quoted = new RegExp(`(?<![.\\w])"(${names})"`, 'g');
  const bare = new RegExp(`\\b(?:from|join|into|update|table)\\s+(${names})\\b`, 'gi');
  return [...new Set([...text.matchAll(quoted), ...text.matchAll(bare)].map((m) => m[1]!.toLowerCase()))];
}

/** Every `<feature> <table>` where a feature's SQL names a table it does not own, with where. */
async function foreignTables(): Promise<Map<string, string[]>> {
  const owners = await tableOwners();
  const tables = [...owners.keys()].sort((a, b) => b.length - a.length);
  const out = new Map<string, string[]>();
  for (const feature of readdirSync(FEATURES_DIR)) {
    for (const file of sources(path.join(FEATURES_DIR, feature))) {
      for (const { text, line } of literals(file)) {
        for (const table of tablesNamed(text, tables)) {
          if (owners.get(table) === feature) continue;
          const key = `${feature} ${table}`;
          out.set(key, [...(out.get(key) ?? []), `${path.relative(ROOT_DIR, file)}:${line}`]);
        }
      }
    }
  }
  return out;
}

describe('SQL ownership', () => {
  it('finds the tables a literal names, and only in SQL', () => {
    const tables = ['puppies', 'puppy_pickups', 'users'];
    expect(tablesNamed('select p."name" from "puppies" p join puppy_pickups k on k."puppy_id" = p."id"', tables)).toEqual([
      'puppies',
      'puppy_pickups',
    ]);
    expect(tablesNamed('select c."users" from "contracts" c', tables)).toEqual([]);
    expect(tablesNamed('Messages from users', tables)).toEqual([]);
    expect(tablesNamed('update users set "email" = ?', tables)).toEqual(['users']);
  });

  it('maps every table to the feature whose entity maps it', async () => {
    const owners = await tableOwners();
    expect(owners.get('puppies')).toBe('puppies');
    expect(owners.get('puppy_pickups')).toBe('portal');
    expect(owners.get('media')).toBe('media');
    expect(owners.get('rate_limits')).toBe('lib');
  });

  it('a feature’s SQL names only its own tables (the owner’s reads face answers the rest)', async () => {
    const found = await foreignTables();
    const unexplained = [...found].filter(([key]) => !(key in ALLOWED)).map(([k, at]) => `${k}: ${at.join(', ')}`);
    expect(unexplained).toEqual([]);
    // An allowance that no longer occurs is taken out of the list.
    expect(Object.keys(ALLOWED).filter((key) => !found.has(key))).toEqual([]);
  });
});
