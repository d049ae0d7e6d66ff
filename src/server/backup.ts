// Whole-site backups: one gzipped JSON-lines file with every table's rows (media originals included), for either database mode.
import { createReadStream, createWriteStream } from 'node:fs';
import { access, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import readline from 'node:readline';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { CompiledQuery, type Kysely } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The file (docs/decisions/030-portable-logical-backups.md):
 *   line 1: {"format":"goldendoodle-backup","version":1,"createdAt":…,"migrations":[…],"tables":[{name,columns,rows}]}
 *   then per table, parents before children: ["t", name] followed by one ["r", row] line per row,
 *   where the row is PostgreSQL's own row_to_json (bytea as "\\x…" hex, timestamps at full precision),
 *   read back with json_populate_recordset, so every value round-trips through the type's own text form.
 */
export const BACKUP_FORMAT = 'goldendoodle-backup';
const VERSION = 1;
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
/** The most rows per SELECT page, and the bytes a page or an INSERT batch aims at (media originals and video pieces make rows big). */
const PAGE_ROWS = 100;
const BATCH_BYTES = 8 * 1024 * 1024;

export class BackupError extends Error {}

interface TableInfo {
  name: string;
  columns: string[];
  rows: number;
}

interface Header {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  tables: TableInfo[];
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const kysely = (orm: MikroORM) => orm.em.getConnection().getClient() as Kysely<unknown>;
const runner =
  (db: Kysely<unknown>): Query =>
  async (sql, params = []) =>
    (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql, params))).rows;

/** The site's tables (not the migrations log), parents before the tables whose foreign keys point at them. */
async function siteTables(q: Query): Promise<string[]> {
  const names = (
    await q(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> $1 order by table_name`,
      [MIGRATIONS_TABLE],
    )
  ).map((r) => String(r.name));
  const edges = await q(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(String(child))?.add(String(parent));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

async function columnsOf(q: Query, table: string): Promise<string[]> {
  const rows = await q(
    `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows.map((r) => String(r.name));
}

async function primaryKeyOf(q: Query, table: string): Promise<string[]> {
  const rows = await q(
    `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
    [ident(table)],
  );
  return rows.map((r) => String(r.name));
}

export interface BackupSummary {
  tables: TableInfo[];
  migrations: string[];
}

/** Writes the whole database to `file` from one consistent snapshot (written beside it, then renamed). */
export async function backupDatabase(orm: MikroORM, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  try {
    const summary = await kysely(orm)
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const q = runner(trx);
        const migrations = (await q(`select name from ${ident(MIGRATIONS_TABLE)} order by id`)).map((r) => String(r.name));
        const tables: TableInfo[] = [];
        for (const name of await siteTables(q)) {
          const [{ n }] = (await q(`select count(*)::int as n from ${ident(name)}`)) as [{ n: number }];
          tables.push({ name, columns: await columnsOf(q, name), rows: n });
        }
        const header: Header = { format: BACKUP_FORMAT, version: VERSION, createdAt: new Date().toISOString(), migrations, tables };
        await write(JSON.stringify(header));
        for (const table of tables) {
          await write(JSON.stringify(['t', table.name]));
          const key = await primaryKeyOf(q, table.name);
          const order = (key.length ? key : table.columns).map(ident).join(', ');
          // Pages of about BATCH_BYTES: a hundred 1 MiB video pieces would be 200 MB of hex text at once.
          const [{ avg }] = (await q(`select coalesce(avg(pg_column_size(t.*)), 0)::float8 as avg from ${ident(table.name)} t`)) as [{ avg: number }];
          const pageRows = Math.max(1, Math.min(PAGE_ROWS, Math.floor(BATCH_BYTES / Math.max(1, avg))));
          for (let offset = 0; offset < table.rows; offset += pageRows) {
            const page = await q(
              `select row_to_json(t)::text as j from ${ident(table.name)} t order by ${order} limit ${pageRows} offset ${offset}`,
            );
            for (const { j } of page) await write(`["r",${String(j)}]`);
          }
        }
        return { tables, migrations };
      });
    gzip.end();
    await finished(out);
    await rename(partial, file);
    return summary;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

async function* lines(file: string): AsyncGenerator<string> {
  // pipeline (unlike pipe) hands a read or gunzip error on to the line reader instead of hanging it.
  const input = pipeline(createReadStream(file), createGunzip(), () => {});
  yield* readline.createInterface({ input, crlfDelay: Infinity });
}

async function readHeader(file: string): Promise<Header> {
  await access(file).catch(() => {
    throw new BackupError(`Cannot read ${file}: no such file, or no permission.`);
  });
  let first: string | undefined;
  try {
    for await (const line of lines(file)) {
      first = line;
      break;
    }
  } catch (error) {
    throw new BackupError(`${file} is not a backup made by db:backup (${error instanceof Error ? error.message : String(error)}).`);
  }
  let header: Partial<Header> | undefined;
  try {
    header = JSON.parse(first ?? '') as Partial<Header>;
  } catch {
    // reported below
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup made by db:backup.`);
  if (header.version !== VERSION) throw new BackupError(`${file} is a version ${header.version} backup; this site reads version ${VERSION}.`);
  return header as Header;
}

/** Tables of the site that hold at least one row. */
export async function nonEmptyTables(orm: MikroORM): Promise<string[]> {
  const q = runner(kysely(orm));
  const out: string[] = [];
  for (const name of await siteTables(q)) {
    if ((await q(`select 1 from ${ident(name)} limit 1`)).length) out.push(name);
  }
  return out;
}

/**
 * Replaces the database with the backup: refuses a database holding any row unless `force`; then
 * drops the site's tables, migrates to the backup's schema version, loads every row in one
 * transaction, moves the id sequences past the restored ids and migrates up to this code's version.
 */
export async function restoreDatabase(orm: MikroORM, file: string, { force = false } = {}): Promise<BackupSummary> {
  const header = await readHeader(file);
  const known = new Set([
    ...(await orm.migrator.getExecuted()).map((m) => m.name),
    ...(await orm.migrator.getPending()).map((m) => m.name),
  ]);
  const unknown = header.migrations.find((m) => !known.has(m));
  if (unknown) throw new BackupError(`This backup comes from a newer version of the site (migration ${unknown}); update the code first.`);
  const occupied = await nonEmptyTables(orm);
  if (occupied.length && !force) {
    throw new BackupError(
      `The database is not empty (${occupied.slice(0, 3).join(', ')}${occupied.length > 3 ? ', …' : ''} hold rows). ` +
        'Pass --force to replace everything in it with the backup.',
    );
  }

  const db = kysely(orm);
  const q = runner(db);
  const existing = await siteTables(q);
  if (existing.length) await q(`drop table ${existing.map(ident).join(', ')} cascade`);
  // Emptied rather than dropped: the migrator creates its log table once per process.
  await q(`delete from ${ident(MIGRATIONS_TABLE)}`);
  const last = header.migrations.at(-1);
  if (last) await orm.migrator.up({ to: last });

  await db.transaction().execute(async (trx) => {
    const tq = runner(trx);
    const byName = new Map(header.tables.map((t) => [t.name, t]));
    let table: TableInfo | undefined;
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!table || !batch.length) return;
      const cols = table.columns.map(ident).join(', ');
      await tq(`insert into ${ident(table.name)} (${cols}) select ${cols} from json_populate_recordset(null::${ident(table.name)}, $1::json)`, [
        `[${batch.join(',')}]`,
      ]);
      batch = [];
      bytes = 0;
    };
    let first = true;
    for await (const line of lines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('["r",')) {
        if (!table) throw new BackupError(`${file} is damaged: a row before its table.`);
        const row = line.slice(5, -1);
        batch.push(row);
        bytes += row.length;
        if (bytes >= BATCH_BYTES || batch.length >= 1000) await flush();
      } else if (line.startsWith('["t",')) {
        await flush();
        const [, name] = JSON.parse(line) as [string, string];
        table = byName.get(name);
        if (!table) throw new BackupError(`${file} is damaged: table ${name} is not in its header.`);
        const present = new Set(await columnsOf(tq, name));
        const missing = table.columns.find((c) => !present.has(c));
        if (missing) throw new BackupError(`${file} does not match the schema: ${name}.${missing} is missing.`);
      } else if (line.trim()) {
        throw new BackupError(`${file} is damaged: unexpected line.`);
      }
    }
    await flush();
    // serial columns: the next id must come after the restored ones.
    for (const t of header.tables) {
      for (const column of t.columns) {
        const [{ seq }] = (await tq(`select pg_get_serial_sequence($1, $2) as seq`, [ident(t.name), column])) as [{ seq: string | null }];
        if (seq) {
          await tq(`select setval($1::regclass, coalesce((select max(${ident(column)}) from ${ident(t.name)}), 0) + 1, false)`, [seq]);
        }
      }
    }
    for (const t of header.tables) {
      const [{ n }] = (await tq(`select count(*)::int as n from ${ident(t.name)}`)) as [{ n: number }];
      if (n !== t.rows) throw new BackupError(`${file} is damaged: ${t.name} should have ${t.rows} rows, found ${n}.`);
    }
  });
  await orm.migrator.up();
  return { tables: header.tables, migrations: header.migrations };
}
