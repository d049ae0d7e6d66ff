// Admin accounts from the command line: create <username> (password from a hidden prompt or stdin), promote, demote.
import path from 'node:path';
import { loadEnv, EnvError } from '../env.ts';
import { closeDatabase, openDatabase } from '../db.ts';
import { NewAdminSchema, UsernameSchema, usernameKey } from '../../features/auth/auth.schema.ts';
import { setAdmin, upsertAdmin } from '../../features/auth/server/auth.service.ts';
import { User } from '../../features/auth/server/user.entity.ts';

const USAGE = 'Usage: npm run admin -- create|promote|demote <username>';

class CliError extends Error {}

function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    // Echo off before the prompt shows, so nothing typed early is printed.
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.resume();
    process.stdout.write(question);
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new CliError('Cancelled.'));
          return;
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdinLine(): Promise<string> {
  let data = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) data += chunk as string;
  return data.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new CliError('The passwords do not match.');
  return first;
}

async function main(): Promise<number> {
  const [command, username, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!command || !username || rest.length || !['create', 'promote', 'demote'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const name = UsernameSchema.safeParse(username);
  if (!name.success) throw new CliError(name.error.issues[0]!.message);

  let password: string | undefined;
  if (command === 'create') {
    password = await readPassword();
    const parsed = NewAdminSchema.safeParse({ username, password });
    if (!parsed.success) throw new CliError(parsed.error.issues[0]!.message);
  }

  const orm = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: path.join(env.DATA_DIR, 'db') });
  try {
    await orm.migrator.up();
    const em = orm.em.fork();
    if (command === 'create') {
      if ((await em.count(User, { usernameKey: usernameKey(username) })) > 0) {
        throw new CliError(`The username ${username} is already taken. To make it an admin: npm run admin -- promote ${username}`);
      }
      const { user } = await upsertAdmin(em, { username, password });
      console.log(`Created admin ${user.username}.`);
    } else {
      const user = await setAdmin(em, username, command === 'promote');
      if (!user) throw new CliError(`No user named ${username}.`);
      console.log(command === 'promote' ? `${user.username} is now an admin.` : `${user.username} is no longer an admin.`);
    }
  } finally {
    await closeDatabase(orm);
  }
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof CliError || error instanceof EnvError) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    console.error(`admin: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exitCode = 1;
  }
}
