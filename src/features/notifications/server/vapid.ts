// The site's VAPID key pair: generated on first start, kept in app_secrets so every instance signs with the same one.
import type { EntityManager } from '@mikro-orm/postgresql';
import { createECDH } from 'node:crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const PUBLIC = 'vapid_public_key';
const PRIVATE = 'vapid_private_key';

async function readKeys(em: EntityManager): Promise<VapidKeys | null> {
  const rows = await em.execute<Array<{ name: string; value: string }>>(
    `select "name", "value" from "app_secrets" where "name" in (?, ?)`,
    [PUBLIC, PRIVATE],
  );
  const pub = rows.find((r) => r.name === PUBLIC)?.value;
  const priv = rows.find((r) => r.name === PRIVATE)?.value;
  return pub && priv ? { publicKey: pub, privateKey: priv } : null;
}

/** Reads the pair, making it the first time; two instances starting at once agree on the first one written. */
export async function loadVapidKeys(em: EntityManager): Promise<VapidKeys> {
  const found = await readKeys(em);
  if (found) return found;
  // A P-256 pair as web-push's generateVAPIDKeys makes it (base64url, uncompressed public point), without loading it at start.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const made = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
  // Both in one statement: nobody reads half a pair.
  await em.execute(
    `insert into "app_secrets" ("name", "value", "created_at") values (?, ?, now()), (?, ?, now()) on conflict ("name") do nothing`,
    [PUBLIC, made.publicKey, PRIVATE, made.privateKey],
  );
  const stored = await readKeys(em);
  if (!stored) throw new Error('the VAPID keys could not be stored');
  return stored;
}
