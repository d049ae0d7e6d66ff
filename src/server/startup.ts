// Start-up tasks beyond migrations: create or update the ADMIN_USERNAME admin for hosted deployments.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './env.ts';
import { NewAdminSchema } from '../features/auth/auth.schema.ts';
import { upsertAdmin } from '../features/auth/server/auth.service.ts';
import { deleteSessionsOfUser } from '../features/auth/server/session.service.ts';

export class StartupError extends Error {}

/**
 * With ADMIN_USERNAME and ADMIN_PASSWORD set, that account exists, is an admin and has that password
 * after start (a changed password signs its old sessions out). Both or neither must be set.
 */
export async function ensureAdminFromEnv(orm: MikroORM, env: Env, log: (line: string) => void = () => {}): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = env;
  if (!username && !password) return;
  if (!username || !password) throw new StartupError('ADMIN_USERNAME and ADMIN_PASSWORD must be set together.');
  const parsed = NewAdminSchema.safeParse({ username, password });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StartupError(`Invalid ADMIN_${issue.path[0] === 'username' ? 'USERNAME' : 'PASSWORD'}: ${issue.message}`);
  }
  const em = orm.em.fork();
  const result = await upsertAdmin(em, { username, password });
  if (result.passwordChanged && !result.created) await deleteSessionsOfUser(em, result.user.id);
  log(
    result.created
      ? `Created admin ${result.user.username} from ADMIN_USERNAME.`
      : `Admin ${result.user.username} from ADMIN_USERNAME is up to date${result.passwordChanged ? ' (password changed)' : ''}.`,
  );
}
