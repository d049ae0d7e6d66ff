// npm run setup: makes or updates .env for this site, checking each answer as it goes (issue 48). Asks on a terminal,
// or takes flags for scripts:
//   npm run setup -- --origin https://doodles.example.com --database embedded|postgres://… --admin <username>
//     --smtp smtp://user:pass@host:587 --mail-from "Kennel <hello@example.com>" --demo|--empty
//     --kennel-name "…" --town "…" --email … --phone …   [--env-file path]
// The admin's password comes from ADMIN_PASSWORD or a hidden prompt. Run again, it changes only what it is asked.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { EnvError, loadEnv } from '../env.ts';
import { closeDatabase, migrate, openDatabase, ROOT_DIR } from '../db.ts';
import { DatabaseInUseError } from '../db-lock.ts';
import { EnvFile } from './env-file.ts';
import { NewAdminSchema } from '../../features/auth/auth.schema.ts';
import { upsertAdmin } from '../../features/auth/server/auth.service.ts';
import { mergeState, readState } from '../../features/site-health/server/site-state.ts';
import { domainOf } from '../../features/site-health/server/dns-checks.ts';
import { applySiteIdentity, emptySite } from '../setup.ts';

class SetupError extends Error {}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

const { values: flags } = parseArgs({
  options: {
    origin: { type: 'string' },
    database: { type: 'string' },
    admin: { type: 'string' },
    smtp: { type: 'string' },
    'mail-from': { type: 'string' },
    demo: { type: 'boolean' },
    empty: { type: 'boolean' },
    'kennel-name': { type: 'string' },
    town: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    'env-file': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

function checkOrigin(value: string): string {
  const bad = new SetupError(`Invalid --origin ${value}: give the site's address like https://doodles.example.com (no path).`);
  if (!URL.canParse(value)) throw bad;
  const url = new URL(value);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw bad;
  if (value.replace(/\/$/, '') !== url.origin) throw bad;
  return url.origin;
}

async function checkDatabase(value: string): Promise<string> {
  if (value === 'embedded') return '';
  if (!/^postgres(ql)?:\/\//.test(value))
    throw new SetupError(`Invalid --database ${value}: give embedded, or postgres://user:password@host:5432/database.`);
  let orm;
  try {
    orm = await openDatabase({ databaseUrl: value, pgliteDir: '' });
  } catch (error) {
    throw new SetupError(`Cannot reach the database at ${redact(value)}: ${firstLine(error)}`);
  }
  await closeDatabase(orm);
  return value;
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

async function checkSmtp(value: string): Promise<string> {
  if (!/^smtps?:\/\//.test(value) || !URL.canParse(value))
    throw new SetupError(`Invalid --smtp ${redact(value)}: give smtp://user:password@host:587 or smtps://…:465.`);
  const nodemailer = await import('nodemailer');
  const url = new URL(value);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 8000,
    greetingTimeout: 8000,
    socketTimeout: 8000,
  });
  try {
    await transport.verify();
  } catch (error) {
    throw new SetupError(`The mail server at ${redact(value)} does not answer as expected: ${firstLine(error)}`);
  } finally {
    transport.close();
  }
  return value;
}

function checkMailFrom(value: string): string {
  const address = /<([^>]+)>/.exec(value)?.[1] ?? value;
  if (!/^[^\s@<>]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(address.trim()))
    throw new SetupError(`Invalid --mail-from ${value}: give an address like "Your Kennel <hello@your-domain.com>".`);
  return value.trim();
}

/** Answers on a terminal: each question shows the current value, Enter keeps it. */
async function ask(
  rl: ReturnType<typeof createInterface> | null,
  question: string,
  current: string | undefined,
): Promise<string | undefined> {
  if (!rl) return undefined;
  const answer = (await rl.question(`${question}${current ? ` [${current}]` : ''}: `)).trim();
  return answer === '' ? undefined : answer;
}

async function readPassword(username: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY)
    throw new SetupError(`--admin ${username} needs a password: set ADMIN_PASSWORD, or run setup on a terminal to be asked.`);
  const prompt = (q: string) =>
    new Promise<string>((resolve, reject) => {
      const stdin = process.stdin;
      stdin.setRawMode(true);
      stdin.setEncoding('utf8');
      stdin.resume();
      process.stdout.write(q);
      let value = '';
      const onData = (chunk: string) => {
        for (const ch of chunk) {
          if (ch === '\r' || ch === '\n' || ch === '\u0004') {
            stdin.off('data', onData);
            stdin.setRawMode(false);
            stdin.pause();
            process.stdout.write('\n');
            return resolve(value);
          }
          if (ch === '\u0003') {
            stdin.off('data', onData);
            stdin.setRawMode(false);
            return reject(new SetupError('Cancelled.'));
          }
          if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
          else value += ch;
        }
      };
      stdin.on('data', onData);
    });
  const first = await prompt(`Password for ${username}: `);
  if (first !== (await prompt('Repeat the password: '))) throw new SetupError('The passwords do not match.');
  return first;
}

async function main(): Promise<number> {
  if (flags.help) {
    console.log(
      readFileSync(new URL(import.meta.url), 'utf8')
        .split('\n')
        .slice(1, 6)
        .join('\n')
        .replace(/^\/\/ ?/gm, ''),
    );
    return 0;
  }
  if (flags.demo && flags.empty) throw new SetupError('Choose one of --demo and --empty.');
  const file = EnvFile.read(path.resolve(flags['env-file'] ?? '.env'), readFileSync(path.join(ROOT_DIR, '.env.example'), 'utf8'));
  const before = file.values();
  const given = Object.keys(flags).filter((k) => k !== 'env-file').length > 0;
  // No flags on a terminal: the questions, one by one. With flags: only what they name.
  const rl = !given && process.stdin.isTTY ? createInterface({ input: process.stdin, output: process.stdout }) : null;
  const said: string[] = [];
  try {
    const origin = flags.origin ?? (await ask(rl, 'Public address of the site (https://…)', before.APP_ORIGIN));
    if (origin !== undefined) {
      file.set('APP_ORIGIN', checkOrigin(origin));
      said.push(`origin ${checkOrigin(origin)}`);
      // Behind the proxy the deploy recipe sets up: believe it about visitors' addresses, and listen to it only.
      if (origin.startsWith('https:') && !before.TRUST_PROXY) {
        file.set('TRUST_PROXY', '1');
        file.set('HOST', '127.0.0.1');
      }
    }
    const database =
      flags.database ?? (await ask(rl, 'Database: embedded, or postgres://user:password@host:5432/db', before.DATABASE_URL || 'embedded'));
    if (database !== undefined) {
      file.set('DATABASE_URL', await checkDatabase(database));
      said.push(database === 'embedded' ? 'the embedded database' : `PostgreSQL at ${redact(database)} (reachable)`);
    }
    const smtp =
      flags.smtp ??
      (await ask(rl, 'Outgoing mail server (smtp://user:password@host:587, empty: later)', before.SMTP_URL && redact(before.SMTP_URL)));
    if (smtp !== undefined) {
      file.set('SMTP_URL', await checkSmtp(smtp));
      said.push(`mail through ${redact(smtp)} (it answered)`);
    }
    const mailFrom = flags['mail-from'] ?? (await ask(rl, 'Send e-mail as (Your Kennel <hello@your-domain>)', before.MAIL_FROM));
    if (mailFrom !== undefined) {
      file.set('MAIL_FROM', checkMailFrom(mailFrom));
      said.push(`mail from ${mailFrom}`);
      // Secrets made where needed: a DKIM key for the sender's domain (npm run doctor shows the record to publish).
      if (!before.DKIM_PRIVATE_KEY) {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        file.set('DKIM_DOMAIN', domainOf(mailFrom));
        file.set('DKIM_SELECTOR', 'site');
        file.set('DKIM_PRIVATE_KEY', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim());
        said.push(`a DKIM key for ${domainOf(mailFrom)} (selector "site")`);
      }
    }

    let content: 'demo' | 'empty' | undefined = flags.demo ? 'demo' : flags.empty ? 'empty' : undefined;
    if (!content && rl) {
      const answer = await ask(
        rl,
        'Start with demo content or an empty site? (demo/empty)',
        before.SEED_DEMO === 'false' ? 'empty' : 'demo',
      );
      if (answer === 'demo' || answer === 'empty') content = answer;
      else if (answer !== undefined) throw new SetupError(`Answer demo or empty, not ${answer}.`);
    }
    if (content) file.set('SEED_DEMO', content === 'demo' ? 'true' : 'false');
    const kennelName = flags['kennel-name'] ?? (content === 'empty' || rl ? await ask(rl, 'Your kennel’s name', undefined) : undefined);
    if (content === 'empty' && !kennelName)
      throw new SetupError('--empty needs --kennel-name "Your Kennel": an empty site shows your name, not the demo breeder’s.');
    const identity = kennelName
      ? {
          kennelName,
          town: flags.town ?? (await ask(rl, 'Town', undefined)),
          email: flags.email ?? (await ask(rl, 'Contact e-mail', undefined)),
          phone: flags.phone ?? (await ask(rl, 'Phone', undefined)),
        }
      : null;
    if (identity?.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(identity.email))
      throw new SetupError(`Invalid --email ${identity.email}: give an address like hello@your-domain.com.`);
    const admin = flags.admin ?? (await ask(rl, 'Admin username (empty: make it in the browser)', undefined));
    rl?.close();

    // Every answer checked: the file is written, then the database gets the admin and her details.
    let password: string | undefined;
    if (admin) {
      password = await readPassword(admin);
      const parsed = NewAdminSchema.safeParse({ username: admin, password });
      if (!parsed.success) throw new SetupError(`Invalid admin: ${parsed.error.issues[0]!.message}`);
    }
    let env;
    try {
      const values = file.values();
      env = loadEnv({ ...values, DATABASE_URL: values.DATABASE_URL ?? '' });
    } catch (error) {
      throw new SetupError(`The settings do not hold together: ${firstLine(error)}`);
    }
    const existed = file.exists;
    file.write();
    console.log(
      `${existed ? 'Updated' : 'Made'} ${path.relative(process.cwd(), file.path) || file.path} (mode 600)${said.length ? `: ${said.join('; ')}` : ''}.`,
    );

    if (admin || identity || content) {
      const orm = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db') });
      try {
        await migrate(orm);
        const em = orm.em.fork();
        const done = await readState<{ at: string }>(em, 'setup-done');
        const [{ admins }] = (await em.execute<Array<{ admins: number }>>(
          `select count(*)::int as admins from "users" where "is_admin"`,
        )) as [{ admins: number }];
        // Only a site that never had an admin loses its content: an empty one starts with nothing of the demo's.
        if (content === 'empty' && !done.at && admins === 0) await emptySite(em);
        if (identity) await applySiteIdentity(em, identity, content ?? 'demo');
        if (identity) console.log(`The site is ${identity.kennelName}${content === 'empty' ? ', with no demo content' : ''}.`);
        if (admin && password) {
          const { created } = await upsertAdmin(em, { username: admin, password });
          console.log(created ? `Created admin ${admin}.` : `${admin} is an admin, with that password.`);
          // Set up: no setup link is logged, and Today shows the go-live checklist.
          const now = new Date().toISOString();
          await mergeState(em, 'setup', { token: randomBytes(24).toString('base64url'), createdAt: now, usedAt: now });
          if (!done.at) await mergeState(em, 'setup-done', { at: now, by: 'npm run setup' });
        }
      } finally {
        await closeDatabase(orm);
      }
    }
    console.log('Next: npm start, then npm run doctor to see what is left to do.');
    return 0;
  } finally {
    rl?.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof SetupError || error instanceof EnvError || error instanceof DatabaseInUseError) console.error(error.message);
  else console.error(`Setup failed: ${firstLine(error)}`);
  process.exitCode = 1;
}
