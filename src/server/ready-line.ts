// The one readable line `npm start` ends with when a person runs it on a terminal (issue 29); logs collected
// by a machine (stdout not a TTY) keep only their JSON records.
import type { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../features/auth/server/user.entity.ts';

/** The address a person types: the wildcard hosts mean this machine. */
export function siteAddress(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * "Site ready at http://localhost:3000 · dashboard at /admin", with how to create the first admin when there
 * is none; null when the output is not a terminal.
 */
export function readyLine({
  isTTY,
  host,
  port,
  hasAdmin,
}: {
  isTTY: boolean;
  host: string;
  port: number;
  hasAdmin: boolean;
}): string | null {
  if (!isTTY) return null;
  const parts = [`Site ready at ${siteAddress(host, port)}`, 'dashboard at /admin'];
  if (!hasAdmin) parts.push('no admin yet: npm run admin -- create <name>');
  return parts.join(' · ');
}

/** Prints the ready line on a terminal (after the server listens on `port`, the one it really got). */
export async function printReadyLine(
  orm: MikroORM,
  { host, port }: { host: string; port: number },
  out: { isTTY?: boolean; write: (s: string) => unknown } = process.stdout,
): Promise<void> {
  if (!out.isTTY) return;
  const hasAdmin = (await orm.em.fork().count(User, { isAdmin: true })) > 0;
  const line = readyLine({ isTTY: true, host, port, hasAdmin });
  if (line) out.write(`${line}\n`);
}
