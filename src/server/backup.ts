// Whole-site backups: one gzipped JSON-lines file with every table's rows (media originals included), for either
// database mode; a restore checks the whole file first and replaces the database in one transaction.
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, rename, rm, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import readline from 'node:readline';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { CompiledQuery, type Kysely } from 'kysely';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { migrations } from '../../migrations/index.ts';

/**
 * The file (docs/decisions/030-portable-logical-backups.md, 107-restore-all-or-nothing.md):
 *   line 1: {"format":"goldendoodle-backup","version":2,"createdAt":…,"schema":<last migration>,"migrations":[…],"tables":[{name,columns,rows}]}
 *   then per table, parents before children: ["t", name] followed by one ["r", row] line per row,
 *   where the row is PostgreSQL's own row_to_json (bytea as "\\x…" hex, timestamps at full precision),
 *   read back with json_populate_recordset, so every value round-trips through the type's own text form;
 *   last: ["end", {"rows": n, "sha256": hex}], the SHA-256 of every line before it (each with its "\n").
 * Version 1 (before the end line and `schema`) is still read: gzip's own CRC-32 is its checksum.
 */
export const BACKUP_FORMAT = 'goldendoodle-backup';
export const BACKUP_VERSION = 2;
const OLDEST_VERSION = 1;
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
/** The most rows per SELECT page, and the bytes a page or an INSERT batch aims at (media originals and video pieces make rows big). */
const PAGE_ROWS = 100;
const BATCH_BYTES = 8 * 1024 * 1024;

/** A refusal or a damaged file: its message is the one line the command prints. */
export class BackupError extends Error {}

export interface TableInfo {
  name: string;
  columns: string[];
  rows: number;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The last migration applied when it was made (version 2; for version 1, the last of `migrations`). */
  schema?: string | null;
  migrations: string[];
  tables: TableInfo[];
}

interface Trailer {
  rows: number;
  sha256: string;
}

type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const kysely = (orm: { em: EntityManager }) => orm.em.getConnection().getClient() as Kysely<unknown>;
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
export async function backupDatabase(orm: { em: EntityManager }, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial);
  gzip.pipe(out);
  const hash = createHash('sha256');
  let total = 0;
  const write = async (line: string, hashed = true) => {
    if (hashed) hash.update(`${line}\n`);
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
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          schema: migrations.at(-1) ?? null,
          migrations,
          tables,
        };
        await write(JSON.stringify(header));
        for (const table of tables) {
          await write(JSON.stringify(['t', table.name]));
          const key = await primaryKeyOf(q, table.name);
          const order = (key.length ? key : table.columns).map(ident).join(', ');
          // Pages of about BATCH_BYTES: a hundred 1 MiB video pieces would be 200 MB of hex text at once.
          const [{ avg }] = (await q(`select coalesce(avg(pg_column_size(t.*)), 0)::float8 as avg from ${ident(table.name)} t`)) as [
            { avg: number },
          ];
          const pageRows = Math.max(1, Math.min(PAGE_ROWS, Math.floor(BATCH_BYTES / Math.max(1, avg))));
          // A cursor in the snapshot, read a page at a time (issue 35): each page costs the same however deep into
          // the table it is (OFFSET re-read every row before it), and memory holds one page.
          await q(
            `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${ident(table.name)} t order by ${order}`,
          );
          for (;;) {
            const page = await q(`fetch forward ${pageRows} from backup_rows`);
            for (const { j } of page) await write(`["r",${String(j)}]`);
            total += page.length;
            if (page.length < pageRows) break;
          }
          await q('close backup_rows');
        }
        return { tables, migrations };
      });
    const trailer: Trailer = { rows: total, sha256: hash.digest('hex') };
    await write(JSON.stringify(['end', trailer]), false);
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
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  // The iterator reports errors while it runs; once a caller stops early (a damaged line), gunzip's
  // later error (its CRC check) must not become an unhandled 'error' event that kills the process.
  reader.on('error', () => {});
  try {
    yield* reader;
  } finally {
    reader.close();
    input.destroy();
  }
}

/** What a full read of a backup found: its header, its rows, and (version 2) the checksum it matched. */
export interface CheckedBackup {
  header: BackupHeader;
  /** The last migration its schema had. */
  schema: string | null;
  rows: number;
  sha256: string | null;
}

interface Visitor {
  table?: (table: TableInfo) => Promise<void>;
  /** One row's JSON object, as the file has it. */
  row?: (json: string) => Promise<void>;
}

/** A first line that is no header: a foreign file, or a backup whose first line is corrupt (gzip's CRC tells which). */
class NotABackup extends BackupError {}

/** Carries an error of a visitor (the database, while restoring) through the reader's own error mapping. */
class VisitorError {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
const AGAIN = 'Use another copy of the backup.';

/** A reading or gunzip error as one line: a file cut short, a corrupt one, or one that cannot be read. */
function readError(file: string, error: unknown, size: number, started: boolean): BackupError {
  const { code, message = '' } = error as { code?: string; message?: string };
  const bytes = `${size.toLocaleString('en-US')} bytes`;
  if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(message)) {
    return new BackupError(
      `${file} is cut short: its compressed data stops early (at ${bytes}), so it was not written or copied whole. ${AGAIN}`,
    );
  }
  if (code === 'Z_DATA_ERROR') {
    if (!started && /header check/i.test(message))
      return new BackupError(`${file} is not a backup made by db:backup (it is not gzip data).`);
    return new BackupError(`${file} is damaged: its compressed data is corrupt (gzip: ${message}). ${AGAIN}`);
  }
  return new BackupError(`Cannot read ${file}: ${firstLine(error)}`);
}

function parseHeader(file: string, line: string): BackupHeader {
  let header: Partial<BackupHeader> | undefined;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    // reported below
  }
  if (header?.format !== BACKUP_FORMAT) throw new NotABackup(`${file} is not a backup made by db:backup.`);
  const { version } = header;
  if (typeof version !== 'number' || version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} is a version ${String(version)} backup, from a newer release of the site; this one reads versions ${OLDEST_VERSION} to ${BACKUP_VERSION}: update the code first.`,
    );
  }
  if (version < OLDEST_VERSION || !Number.isInteger(version))
    throw new BackupError(`${file} is a version ${version} backup; this site reads versions ${OLDEST_VERSION} to ${BACKUP_VERSION}.`);
  const tablesOk =
    Array.isArray(header.tables) &&
    header.tables.every(
      (t) =>
        typeof t?.name === 'string' &&
        Array.isArray(t.columns) &&
        t.columns.every((c) => typeof c === 'string') &&
        Number.isInteger(t.rows) &&
        t.rows >= 0,
    );
  const migrationsOk = Array.isArray(header.migrations) && header.migrations.every((m) => typeof m === 'string');
  const schemaOk = version < 2 || header.schema === (header.migrations?.at(-1) ?? null);
  if (!tablesOk || !migrationsOk || !schemaOk) throw new BackupError(`${file} is damaged: its header (line 1) is not valid. ${AGAIN}`);
  return header as BackupHeader;
}

/**
 * Reads the whole backup and checks it: gzip's framing and CRC, the header (format, version), that the
 * tables come in the header's order with the header's row counts, that every row is a JSON object of the
 * table's columns, and (version 2) the end line's checksum. Hands each table and row to `visit` as it goes
 * (a restore loads them); throws BackupError with one line naming the problem.
 */
export async function readBackup(file: string, visit: Visitor = {}): Promise<CheckedBackup> {
  await access(file, constants.R_OK).catch(() => {
    throw new BackupError(`Cannot read ${file}: no such file, or no permission.`);
  });
  const { size } = await stat(file);
  const damaged = (what: string) => new BackupError(`${file} is damaged: ${what}. ${AGAIN}`);
  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let lineNo = 0;
  let next = 0;
  let table: TableInfo | undefined;
  let columns = new Set<string>();
  let inTable = 0;
  let total = 0;
  let sha256: string | null = null;
  const endTable = () => {
    if (table && inTable !== table.rows) throw damaged(`table ${table.name} has ${inTable} rows where its header says ${table.rows}`);
    table = undefined;
  };
  const visiting = async (call: Promise<void> | undefined) => {
    try {
      await call;
    } catch (error) {
      throw new VisitorError(error);
    }
  };
  try {
    for await (const line of lines(file)) {
      lineNo += 1;
      if (sha256 !== null) {
        if (line.trim()) throw damaged(`line ${lineNo} comes after its end line`);
        continue;
      }
      if (!header) {
        header = parseHeader(file, line);
        hash.update(`${line}\n`);
        continue;
      }
      if (line.startsWith('["r",')) {
        if (!table) throw damaged(`line ${lineNo} is a row outside any table`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw damaged(`line ${lineNo} (a row of ${table.name}) is not valid JSON`);
        }
        const row = Array.isArray(parsed) && parsed.length === 2 ? (parsed[1] as unknown) : undefined;
        if (!row || typeof row !== 'object' || Array.isArray(row) || !line.endsWith('}]')) {
          throw damaged(`line ${lineNo} (in table ${table.name}) is not a row`);
        }
        const stray = Object.keys(row).find((key) => !columns.has(key));
        if (stray !== undefined) throw damaged(`line ${lineNo}: a row of ${table.name} has a column ${stray} its header does not list`);
        inTable += 1;
        total += 1;
        if (inTable > table.rows) throw damaged(`table ${table.name} has more rows than the ${table.rows} its header says`);
        hash.update(`${line}\n`);
        await visiting(visit.row?.(line.slice(5, -1)));
      } else if (line.startsWith('["t",')) {
        endTable();
        let name: unknown;
        try {
          name = (JSON.parse(line) as unknown[])[1];
        } catch {
          // reported below
        }
        if (typeof name !== 'string') throw damaged(`line ${lineNo} is not a valid table line`);
        const expected = header.tables[next];
        if (name !== expected?.name) {
          throw damaged(`line ${lineNo} starts table ${name} where its header lists ${expected ? expected.name : 'no more tables'}`);
        }
        next += 1;
        table = expected;
        columns = new Set(expected.columns);
        inTable = 0;
        hash.update(`${line}\n`);
        await visiting(visit.table?.(expected));
      } else if (line.startsWith('["end",') && header.version >= 2) {
        endTable();
        if (next < header.tables.length) throw damaged(`its end line comes before table ${header.tables[next]!.name}`);
        let trailer: Partial<Trailer> | undefined;
        try {
          trailer = (JSON.parse(line) as [string, Partial<Trailer>])[1];
        } catch {
          // reported below
        }
        if (typeof trailer?.sha256 !== 'string' || typeof trailer.rows !== 'number')
          throw damaged(`its end line (line ${lineNo}) is not valid`);
        const digest = hash.digest('hex');
        if (trailer.sha256 !== digest) {
          throw damaged(
            `its checksum does not match its contents (SHA-256 ${digest.slice(0, 12)}…, recorded ${trailer.sha256.slice(0, 12)}…)`,
          );
        }
        if (trailer.rows !== total) throw damaged(`it holds ${total} rows where its end line says ${trailer.rows}`);
        sha256 = digest;
      } else if (line.trim()) {
        throw damaged(`line ${lineNo} is neither a table nor a row`);
      }
    }
  } catch (error) {
    if (error instanceof VisitorError) throw error.error;
    if (error instanceof NotABackup) {
      // Read on: a backup whose start is corrupt fails gzip's check at the end, a foreign gzip file does not.
      try {
        for await (const line of lines(file)) void line;
      } catch (readFailure) {
        throw readError(file, readFailure, size, true);
      }
    }
    if (error instanceof BackupError) throw error;
    throw readError(file, error, size, lineNo > 0);
  }
  if (!header) throw new BackupError(`${file} is not a backup made by db:backup (it is empty).`);
  const cut = (what: string) => new BackupError(`${file} is cut short: ${what}, so it was not written or copied whole. ${AGAIN}`);
  if (header.version >= 2 && sha256 === null) {
    throw cut(`it ends at line ${lineNo}${table ? `, in table ${table.name},` : ''} without its end line`);
  }
  endTable();
  if (next < header.tables.length) throw cut(`it ends at line ${lineNo}, before table ${header.tables[next]!.name}`);
  return { header, schema: header.schema ?? header.migrations.at(-1) ?? null, rows: total, sha256 };
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

export interface RestoreOptions {
  /** Replace a database that holds rows. */
  force?: boolean;
  /** The file was read through and checked; nothing has been touched yet. */
  onChecked?: (backup: CheckedBackup) => void;
  /** The old tables are gone (inside the transaction) and this table's rows are being loaded. */
  onTable?: (table: TableInfo) => void;
}

/** SQLSTATE classes of a value that does not fit its column (22) or breaks a constraint (23). */
const DATA_ERROR = /^2[23]/;

/**
 * Replaces the database with the backup, all or nothing (docs/decisions/107-restore-all-or-nothing.md):
 * 1. reads the whole file and checks it (readBackup) and its schema version against this code's migrations,
 *    and refuses a database holding any row unless `force`, before touching anything;
 * 2. then, in one transaction: drops the site's tables, migrates to the backup's schema version, loads every
 *    row (reading and checking the file again), moves the id sequences past the restored ids, checks the row
 *    counts and migrates up to this code's version. Any failure, or the process dying, before the commit
 *    leaves the old database as it was.
 */
export async function restoreDatabase(orm: MikroORM, file: string, options: RestoreOptions = {}): Promise<BackupSummary> {
  const checked = await readBackup(file);
  const { header } = checked;
  const ours = new Set(migrations.map((m) => m.name));
  const unknown = header.migrations.find((m) => !ours.has(m));
  if (unknown) {
    throw new BackupError(
      `${file} comes from a newer release of the site: its schema is at ${checked.schema}, and this release does not have migration ${unknown}. Update the code first.`,
    );
  }
  options.onChecked?.(checked);
  const occupied = await nonEmptyTables(orm);
  if (occupied.length && !options.force) {
    throw new BackupError(
      `The database is not empty (${occupied.slice(0, 3).join(', ')}${occupied.length > 3 ? ', …' : ''} hold rows). ` +
        'Pass --force to replace everything in it with the backup.',
    );
  }

  // The migrator starts outside the transaction (it creates its log table in a new database): on the
  // embedded database the transaction holds the only connection.
  await orm.migrator.getExecuted();
  await orm.em.getConnection().transactional(async (trx) => {
    const tq = runner(trx as unknown as Kysely<unknown>);
    const existing = await siteTables(tq);
    if (existing.length) await tq(`drop table ${existing.map(ident).join(', ')} cascade`);
    // Emptied rather than dropped: the migrator creates its log table once per process.
    await tq(`delete from ${ident(MIGRATIONS_TABLE)}`);
    if (checked.schema) await orm.migrator.up({ to: checked.schema, transaction: trx });

    let table: TableInfo | undefined;
    let batch: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!table || !batch.length) return;
      const cols = table.columns.map(ident).join(', ');
      try {
        await tq(
          `insert into ${ident(table.name)} (${cols}) select ${cols} from json_populate_recordset(null::${ident(table.name)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !DATA_ERROR.test(code)) throw error;
        throw new BackupError(`${file} does not load: a row of ${table.name} does not fit the table (${firstLine(error)}).`);
      }
      batch = [];
      bytes = 0;
    };
    const again = await readBackup(file, {
      table: async (next) => {
        await flush();
        table = next;
        const present = new Set(await columnsOf(tq, next.name));
        const missing = next.columns.find((c) => !present.has(c));
        if (missing)
          throw new BackupError(
            `${file} does not match its schema version: ${next.name}.${missing} is missing after migrating to ${checked.schema}.`,
          );
        options.onTable?.(next);
      },
      row: async (json) => {
        batch.push(json);
        bytes += json.length;
        if (bytes >= BATCH_BYTES || batch.length >= 1000) await flush();
      },
    });
    await flush();
    if (again.rows !== checked.rows || again.sha256 !== checked.sha256)
      throw new BackupError(`${file} changed while it was being restored.`);
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
      if (n !== t.rows) throw new BackupError(`${file} did not load whole: ${t.name} should have ${t.rows} rows, found ${n}.`);
    }
    await orm.migrator.up({ transaction: trx });
  });
  return { tables: header.tables, migrations: header.migrations };
}
