// The certificate the sealed PDFs are signed with: a self-signed one made on first use and kept in the database
// (every instance signs with the same one), or the breeder's own PKCS#12 put in its place.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { p12Certificate, selfSignedP12, type SigningIdentity } from './pdf.ts';

const KEY_NAME = 'contracts';
/** The subject of the certificate the site makes for itself. */
export const SELF_SIGNED_ORGANIZATION = 'Self-signed by the website';

export interface CertificateDto {
  commonName: string;
  fingerprint: string;
  notAfter: string;
  selfSigned: boolean;
}

/** The identity to sign with; made (once, whatever the number of instances) when there is none yet. */
export async function signingIdentity(em: EntityManager, breederName: string): Promise<SigningIdentity> {
  const existing = await em.execute<Array<{ p12: string; passphrase: string }>>(
    'select "p12", "passphrase" from "contract_signing_keys" where "name" = ?',
    [KEY_NAME],
  );
  if (existing[0]) return { p12: Buffer.from(existing[0].p12, 'base64'), passphrase: existing[0].passphrase };
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = selfSignedP12(breederName || 'Breeder', SELF_SIGNED_ORGANIZATION, passphrase);
  // Two instances starting together: the first insert wins and both sign with it (em.execute joins the caller's transaction).
  await em.execute(
    'insert into "contract_signing_keys" ("name", "p12", "passphrase", "created_at") values (?, ?, ?, now()) on conflict ("name") do nothing',
    [KEY_NAME, p12.toString('base64'), passphrase],
  );
  return signingIdentity(em, breederName);
}

export async function certificateInfo(em: EntityManager, breederName: string): Promise<CertificateDto> {
  const { p12, passphrase } = await signingIdentity(em, breederName);
  const cert = p12Certificate(p12, passphrase);
  const org = await selfSignedOrg(p12, passphrase);
  return { commonName: cert.commonName, fingerprint: cert.fingerprint, notAfter: cert.notAfter.toISOString(), selfSigned: org };
}

async function selfSignedOrg(p12: Buffer, passphrase: string): Promise<boolean> {
  const forge = (await import('node-forge')).default;
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  return cert?.subject.getField('O')?.value === SELF_SIGNED_ORGANIZATION && cert.isIssuer(cert);
}

export const CERTIFICATE_MESSAGES = {
  unreadable: 'That file is not a PKCS#12 (.p12 or .pfx) we can open with this passphrase.',
  noKey: 'That PKCS#12 holds no private key: export it again with its key.',
  expired: 'That certificate has expired.',
} as const;

/** Puts the breeder's own PKCS#12 in place of the current one; refused (nothing changed) unless it opens and signs. */
export async function replaceCertificate(em: EntityManager, p12Base64: string, passphrase: string): Promise<CertificateDto> {
  const p12 = Buffer.from(p12Base64, 'base64');
  let cert: ReturnType<typeof p12Certificate>;
  try {
    cert = p12Certificate(p12, passphrase);
    const forge = (await import('node-forge')).default;
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
    const keys = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
    if (!keys.length) throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.noKey);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.unreadable);
  }
  if (cert.notAfter.getTime() < Date.now()) throw new AppError('BAD_REQUEST', CERTIFICATE_MESSAGES.expired);
  await em.execute(
    `insert into "contract_signing_keys" ("name", "p12", "passphrase", "created_at") values (?, ?, ?, now())
     on conflict ("name") do update set "p12" = excluded."p12", "passphrase" = excluded."passphrase", "created_at" = excluded."created_at"`,
    [KEY_NAME, p12.toString('base64'), passphrase],
  );
  return { commonName: cert.commonName, fingerprint: cert.fingerprint, notAfter: cert.notAfter.toISOString(), selfSigned: false };
}
