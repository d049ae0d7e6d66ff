// The links in newsletter e-mail: signed, single-purpose tokens (confirm a subscription; unsubscribe an address).
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { linkKey, signFor, verifyFor } from '../../../lib/server/signed-token.ts';

/** A pending address that never confirms is deleted after this long, and its link stops working with it. */
export const CONFIRM_VALID_MS = 30 * 24 * 60 * 60_000;

const CONFIRM = 'newsletter-confirm';
const UNSUBSCRIBE = 'newsletter-unsubscribe';

/**
 * c1.<address, base64url>.<pending since, ms>.<signature>: bound to the address and to this confirmation,
 * so a new confirmation (after unsubscribing and subscribing again) invalidates the old link.
 */
export async function confirmToken(em: EntityManager, email: string, pendingSince: Date): Promise<string> {
  const ms = pendingSince.getTime();
  return `c1.${Buffer.from(email).toString('base64url')}.${ms}.${signFor(await linkKey(em), CONFIRM, `${email}:${ms}`)}`;
}

/** The address and confirmation a confirm token was signed for, or null for anything else. */
export async function readConfirmToken(em: EntityManager, token: string): Promise<{ email: string; pendingSince: number } | null> {
  const m = /^c1\.([A-Za-z0-9_-]{1,400})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const email = Buffer.from(m[1]!, 'base64url').toString('utf8');
  const pendingSince = Number(m[2]);
  return verifyFor(await linkKey(em), CONFIRM, `${email}:${pendingSince}`, m[3]!) ? { email, pendingSince } : null;
}

/** u1.<address, base64url>.<signature>: works for as long as the address gets our e-mail. */
export async function unsubscribeToken(em: EntityManager, email: string): Promise<string> {
  return `u1.${Buffer.from(email).toString('base64url')}.${signFor(await linkKey(em), UNSUBSCRIBE, email)}`;
}

/** The unsubscribe links of many addresses at once (a newsletter's readers): one key read, no query per address. */
export async function unsubscribeLinksFor(em: EntityManager, appOrigin: string, emails: readonly string[]): Promise<string[]> {
  const key = await linkKey(em);
  return emails.map((email) =>
    unsubscribeUrl(appOrigin, `u1.${Buffer.from(email).toString('base64url')}.${signFor(key, UNSUBSCRIBE, email)}`),
  );
}

/** base64url without padding of a bytea expression, as Buffer#toString('base64url') writes it. */
const base64url = (bytes: string) => `rtrim(translate(replace(encode(${bytes}, 'base64'), chr(10), ''), '+/', '-_'), '=')`;

/**
 * The unsubscribe link of the address in SQL expression `address`, made by the database: the same link as
 * unsubscribeLinksFor, so a newsletter's copies are queued by one INSERT … SELECT (issue 35, decision 131).
 * HMAC-SHA256 from the built-in sha256() (RFC 2104: H(K ⊕ opad ‖ H(K ⊕ ipad ‖ m))), no extension needed on
 * PostgreSQL or PGlite; the key's two pads are parameters (the key itself is read from this database anyway).
 * The token's characters are all unreserved, so encodeURIComponent leaves them as they are.
 */
export async function unsubscribeLinkSql(
  em: EntityManager,
  appOrigin: string,
  address: string,
): Promise<{ sql: string; params: unknown[] }> {
  const key = await linkKey(em);
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  const signature = `sha256(decode(?, 'hex') || sha256(decode(?, 'hex') || convert_to(? || ${address}, 'UTF8')))`;
  return {
    sql: `(? || ${base64url(`convert_to(${address}, 'UTF8')`)} || '.' || ${base64url(signature)})`,
    params: [unsubscribeUrl(appOrigin, 'u1.'), pad(0x5c), pad(0x36), `${UNSUBSCRIBE}\n`],
  };
}

/** The address a signed unsubscribe token was made for, or null for anything else. */
export async function addressOfUnsubscribeToken(em: EntityManager, token: string): Promise<string | null> {
  const m = /^u1\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const email = Buffer.from(m[1]!, 'base64url').toString('utf8');
  return verifyFor(await linkKey(em), UNSUBSCRIBE, email, m[2]!) ? email : null;
}

export const unsubscribeUrl = (appOrigin: string, token: string) => `${appOrigin}/unsubscribe?token=${encodeURIComponent(token)}`;
export const confirmUrl = (appOrigin: string, token: string) => `${appOrigin}/newsletter/confirm?token=${encodeURIComponent(token)}`;
