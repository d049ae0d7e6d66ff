// The sealed PDF: the contract as sent, both signatures, and an audit page (every event with time, IP and user
// agent; the SHA-256 of the text as sent and of the signed document), signed with the site's certificate,
// stored as a private upload.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DRAWN_SIGNATURE_PREFIX, CONTRACT_EVENT_LABELS } from '../contracts.schema.ts';
import { ContractEvent, type IContract } from './contract.entity.ts';
import { buildPdf, markdownBlocks, sha256Hex, signPdf, type PdfBlock } from './pdf.ts';
import { signingIdentity } from './signing-key.ts';
import { timestampRequest, timestampToken, type Timestamper } from './cades.ts';

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** What both signatures add to the text as sent: the "final document" whose SHA-256 the audit page prints. */
export function signedRecord(c: IContract): string {
  return JSON.stringify({
    text: c.sentText,
    family: { name: c.familySignedName, at: c.familySignedAt?.toISOString(), account: c.familySignedBy, ip: c.familySignedIp, userAgent: c.familySignedUserAgent },
    breeder: { name: c.breederSignedName, at: c.breederSignedAt?.toISOString(), account: c.breederSignedBy, ip: c.breederSignedIp, userAgent: c.breederSignedUserAgent },
  });
}

export interface SealedPdf {
  bytes: Buffer;
  sha256: string;
}

/** The configured timestamp server did not grant a timestamp (unreachable, an error, a refusal): sealing waits. */
export class TimestampUnavailable extends Error {}

/** Asks an RFC 3161 server over HTTP (application/timestamp-query) for a token over the signature value. */
export function tsaTimestamper(url: string, timeoutMs = 15_000): Timestamper {
  return async (signatureValue) => {
    const { der, nonce } = timestampRequest(signatureValue);
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' }, body: new Uint8Array(der), signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new TimestampUnavailable(`The timestamp server could not be reached (${(error as Error).message}).`);
    }
    if (!res.ok) throw new TimestampUnavailable(`The timestamp server answered HTTP ${res.status}.`);
    try {
      return timestampToken(new Uint8Array(await res.arrayBuffer()), signatureValue, nonce);
    } catch (error) {
      throw new TimestampUnavailable(`The timestamp server's answer was not a timestamp for this signature (${(error as Error).message}).`);
    }
  };
}

export async function buildSealedPdf(em: EntityManager, c: IContract, breeder: { name: string; email: string }, drawing: string | null, timestamp?: Timestamper): Promise<SealedPdf> {
  const events = await em.find(ContractEvent, { contract: c.id }, { orderBy: { at: 'asc', id: 'asc' } });
  const signature = (who: string, name: string | null, at: Date | null, ip: string | null): PdfBlock[] => [
    { kind: 'h3', text: who },
    { kind: 'p', text: `Signed electronically by ${name ?? ''} on ${at ? utc(at) : ''} (IP address ${ip ?? 'unknown'}).` },
  ];
  const blocks: PdfBlock[] = [
    { kind: 'h1', text: c.title },
    ...markdownBlocks(c.sentText ?? ''),
    { kind: 'space' },
    { kind: 'h2', text: 'Signatures' },
    ...signature(`The family: ${c.familyName}`, c.familySignedName ?? null, c.familySignedAt ?? null, c.familySignedIp ?? null),
    ...(drawing ? [{ kind: 'png' as const, png: Buffer.from(drawing.slice(DRAWN_SIGNATURE_PREFIX.length), 'base64'), height: 50 }] : []),
    ...signature(`The breeder: ${breeder.name}`, c.breederSignedName ?? null, c.breederSignedAt ?? null, c.breederSignedIp ?? null),
    { kind: 'page' },
    { kind: 'h1', text: 'Audit trail' },
    { kind: 'kv', label: 'Contract', text: `No. ${c.id}: ${c.title}` },
    { kind: 'kv', label: 'Family', text: c.familyName },
    { kind: 'kv', label: 'Breeder', text: breeder.name },
    { kind: 'kv', label: 'SHA-256 of the text as sent', text: c.textSha256 ?? '' },
    { kind: 'kv', label: 'SHA-256 of the signed document', text: sha256Hex(signedRecord(c)) },
    { kind: 'small', text: 'The signed document is the text as sent with both signatures (name, time, account, IP address, user agent). This PDF carries a digital signature: a PDF reader shows whether it was changed after it was sealed, and the verification page of the website checks it too.' },
    { kind: 'h2', text: 'Events' },
    ...events.flatMap((e): PdfBlock[] => [
      { kind: 'kv', label: CONTRACT_EVENT_LABELS[e.kind], text: utc(e.at) },
      { kind: 'kv', label: '', text: `By ${e.who ?? 'the website'} · IP ${e.ip ?? 'unknown'}` },
      { kind: 'kv', label: '', text: `User agent: ${e.userAgent ?? 'unknown'}` },
    ]),
  ];
  const doc = await buildPdf(blocks, { title: c.title, author: breeder.name, footer: `${c.title} · No. ${c.id}` });
  const bytes = await signPdf(doc, await signingIdentity(em, breeder.name), {
    reason: `Contract No. ${c.id} signed by ${c.familySignedName} and ${c.breederSignedName}`,
    name: breeder.name,
    location: 'Online',
    contactInfo: breeder.email,
  }, new Date(), timestamp);
  return { bytes, sha256: sha256Hex(bytes) };
}

/** Stores the PDF as a private upload (served under /private-media after an access check); returns its upload URL. */
export async function storePrivatePdf(em: EntityManager, pdf: SealedPdf, filename: string): Promise<string> {
  const id = randomUUID();
  await em.execute(
    'insert into "media" ("id", "kind", "mime", "ext", "bytes", "size", "sha256", "width", "height", "filename", "private", "created_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [id, 'document', 'application/pdf', 'pdf', pdf.bytes, pdf.bytes.length, pdf.sha256, null, null, filename.slice(0, 200), true, new Date()],
  );
  return `/uploads/${id}.pdf`;
}
