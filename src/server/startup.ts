// Start-up tasks beyond migrations (accounts issue: create or update ADMIN_USERNAME).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Env } from './env.ts';

export async function ensureAdminFromEnv(_orm: MikroORM, _env: Env): Promise<void> {}
