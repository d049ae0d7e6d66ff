// Signed, single-purpose tokens for links in e-mail (confirm, unsubscribe): HMAC-SHA256 under a key kept in the database.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

const KEY_NAME = 'mail-link-key';
const keys = new WeakMap<object, Promise<Buffer>>();

/**
 * The signing key: made once by whichever instance needs it first (insert … on conflict do nothing),
 * then read by all, so every instance signs and verifies alike. Cached per database.
 */
export function linkKey(em: EntityManager): Promise<Buffer> {
  const owner = em.getDriver();
  let key = keys.get(owner);
  if (!key) {
    key = (async () => {
      const conn = em.getConnection();
      await conn.execute(`insert into "app_secrets" ("name", "value", "created_at") values (?, ?, now()) on conflict ("name") do nothing`, [
        KEY_NAME,
        randomBytes(32).toString('base64url'),
      ]);
      const [row] = await conn.execute<Array<{ value: string }>>(`select "value" from "app_secrets" where "name" = ?`, [KEY_NAME]);
      return Buffer.from(row!.value, 'base64url');
    })();
    key.catch(() => keys.delete(owner));
    keys.set(owner, key);
  }
  return key;
}

/** The signature of `payload` for one purpose: a token signed for one purpose never verifies for another. */
export function signFor(key: Buffer, purpose: string, payload: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${payload}`).digest('base64url');
}

export function verifyFor(key: Buffer, purpose: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(signFor(key, purpose, payload));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
