// The sealed PDF: the contract as sent, both signatures, and an audit page (every event with time, IP and user
// agent; the SHA-256 of the text as sent and of the signed document), signed with the site's certificate,
// stored as a private upload. And the countersignature that leads to it: sealing happens outside the lock
// (issue 44, decision 140), claimed in one short transaction and recorded in another.
import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { Context } from '../../../lib/server/trpc.ts';
import { familyMailAddress } from '../../auth/server/user.entity.ts';
import { DRAWN_SIGNATURE_PREFIX, CONTRACT_EVENT_LABELS, CONTRACT_MESSAGES, type ContractDto } from '../contracts.schema.ts';
import { Contract, ContractEvent, type IContract } from './contract.entity.ts';
import { recordEvent, toDto } from './contracts.service.ts';
import { buildPdf, markdownBlocks, sha256Hex, signPdf, type PdfBlock } from './pdf.ts';
import { signingIdentity } from './signing-key.ts';
import { storePrivateFile } from '../../media/server/media.reads.ts';
import { breederTimeZone } from '../../visits/server/visits.reads.ts';
import { timestampRequest, timestampToken, type Timestamper } from './cades.ts';

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/** A moment as the breeder's clock read it, with UTC beside it: "December 7, 2026 at 2:40:05 PM MST (2026-12-07 21:40:05 UTC)". */
export function inZoneAndUtc(d: Date, timeZone: string): string {
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  })
    .format(d)
    // Some ICU versions put a narrow no-break space before AM/PM, which the PDF's standard font cannot draw.
    .replace(/[\u202f\u00a0]/g, ' ');
  return `${local} (${utc(d)})`;
}

/** What both signatures add to the text as sent: the "final document" whose SHA-256 the audit page prints. */
export function signedRecord(c: IContract): string {
  return JSON.stringify({
    text: c.sentText,
    family: {
      name: c.familySignedName,
      at: c.familySignedAt?.toISOString(),
      account: c.familySignedBy,
      ip: c.familySignedIp,
      userAgent: c.familySignedUserAgent,
    },
    breeder: {
      name: c.breederSignedName,
      at: c.breederSignedAt?.toISOString(),
      account: c.breederSignedBy,
      ip: c.breederSignedIp,
      userAgent: c.breederSignedUserAgent,
    },
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
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(der),
        signal: AbortSignal.timeout(timeoutMs),
      });
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

export async function buildSealedPdf(
  em: EntityManager,
  c: IContract,
  breeder: { name: string; email: string },
  drawing: string | null,
  timestamp?: Timestamper,
): Promise<SealedPdf> {
  const events = await em.find(ContractEvent, { contract: c.id }, { orderBy: { at: 'asc', id: 'asc' } });
  // Times as the breeder's clock (her visiting hours' zone) read them, UTC beside each (issue 45).
  const timeZone = await breederTimeZone(em);
  const when = (d: Date) => inZoneAndUtc(d, timeZone);
  const signature = (who: string, name: string | null, at: Date | null, ip: string | null): PdfBlock[] => [
    { kind: 'h3', text: who },
    { kind: 'p', text: `Signed electronically by ${name ?? ''} on ${at ? when(at) : ''} (IP address ${ip ?? 'unknown'}).` },
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
    {
      kind: 'small',
      text: 'The signed document is the text as sent with both signatures (name, time, account, IP address, user agent). This PDF carries a digital signature: a PDF reader shows whether it was changed after it was sealed, and the verification page of the website checks it too.',
    },
    { kind: 'h2', text: 'Events' },
    ...events.flatMap((e): PdfBlock[] => [
      { kind: 'kv', label: CONTRACT_EVENT_LABELS[e.kind], text: when(e.at) },
      { kind: 'kv', label: '', text: `By ${e.who ?? 'the website'} · IP ${e.ip ?? 'unknown'}` },
      { kind: 'kv', label: '', text: `User agent: ${e.userAgent ?? 'unknown'}` },
    ]),
  ];
  const doc = await buildPdf(blocks, { title: c.title, author: breeder.name, footer: `${c.title} · No. ${c.id}` });
  const bytes = await signPdf(
    doc,
    await signingIdentity(em, breeder.name),
    {
      reason: `Contract No. ${c.id} signed by ${c.familySignedName} and ${c.breederSignedName}`,
      name: breeder.name,
      location: 'Online',
      contactInfo: breeder.email,
    },
    new Date(),
    timestamp,
  );
  return { bytes, sha256: sha256Hex(bytes) };
}

/**
 * Stores the PDF as a private upload (served under /private-media after an access check) through the media feature's
 * face, so the row keeps media's invariants; returns its upload URL.
 */
export async function storePrivatePdf(em: EntityManager, pdf: SealedPdf, filename: string): Promise<string> {
  return storePrivateFile(em, { bytes: pdf.bytes, kind: 'document', mime: 'application/pdf', ext: 'pdf', filename });
}

/**
 * How long a claim to seal a contract stands: far past the timestamp server's 15 s and the signature's second or
 * two. A claim older than this was left by a process that died half-way; the retry takes the contract again.
 */
export const SEAL_LEASE_MS = 2 * 60_000;

type AdminCtx = Context & { user: NonNullable<Context['user']> };
type SealCtx = Pick<Context, 'em' | 'user' | 'services'> & { req: { ip?: string | null; userAgent?: string | null } };
type Breeder = { name: string; email: string };

/** The claim's holder lost it (it expired and another took the contract): nothing of this attempt is kept. */
class ClaimLost extends Error {}

/**
 * The breeder countersigns what the family signed, and the contract is sealed (decision 140):
 * 1. one short transaction, the row locked: the countersignature is recorded and the contract claimed for sealing
 *    (status "sealing", a claim token); two countersignatures at once: the second finds it sealing (409);
 * 2. outside any transaction: the PDF is built, signed and time-stamped (the timestamp server may take its 15 s;
 *    every other request, on the embedded database's only connection too, goes on meanwhile);
 * 3. one short transaction: the PDF stored, the seal recorded and the two e-mails queued, only by the claim's
 *    holder. Without a timestamp (the server down), the contract waits and the background retry seals it.
 */
export async function countersignContract(ctx: AdminCtx, input: { id: number; fullName: string }): Promise<ContractDto> {
  const breeder = await ctx.services.mail.breeder(ctx.em);
  const claim = randomUUID();
  await ctx.em.transactional(async (em) => {
    const tx: AdminCtx = { ...ctx, em };
    const c = await em.findOne(Contract, input.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!c) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
    if (c.status === 'sealed' || c.status === 'sealing') throw new AppError('CONFLICT', CONTRACT_MESSAGES.sealed);
    if (c.status === 'voided') throw new AppError('CONFLICT', CONTRACT_MESSAGES.voided);
    if (c.status !== 'signed') throw new AppError('CONFLICT', CONTRACT_MESSAGES.familyNotSigned);
    const now = new Date();
    Object.assign(c, {
      breederSignedName: input.fullName.trim(),
      breederSignedAt: now,
      breederSignedBy: ctx.user.id,
      breederSignedIp: ctx.req.ip ?? null,
      breederSignedUserAgent: ctx.req.userAgent?.slice(0, 500) ?? null,
      status: 'sealing',
      sealClaim: claim,
      sealClaimedAt: now,
    });
    recordEvent(tx, c, 'countersigned', now);
    await em.flush();
  });
  await sealClaimed({ ...ctx, em: ctx.em.fork() }, input.id, claim, breeder);
  // Committed: this request's answer wakes the sender for the two e-mails.
  ctx.services.mail.notify(ctx.em);
  const c = await ctx.em.fork().findOneOrFail(Contract, input.id);
  return toDto(ctx.em.fork(), c, breeder.name);
}

/**
 * Seals the contract this claim holds: the network work first, then the record in one short transaction guarded
 * by the claim. Returns 'sealed', 'waiting' (no timestamp: the claim is handed back and the contract waits for the
 * retry) or 'lost' (the claim was no longer this caller's: another sealed it, or holds it now).
 */
async function sealClaimed(ctx: SealCtx, id: number, claim: string, breeder: Breeder): Promise<'sealed' | 'waiting' | 'lost'> {
  const { em } = ctx;
  const c = await em.findOne(Contract, id);
  if (!c || c.status !== 'sealing' || c.sealClaim !== claim) return 'lost';
  const [row] = await em.execute<Array<{ d: string | null }>>('select "family_drawing" as d from "contracts" where "id" = ?', [c.id]);
  const tsa = ctx.services.env.contractTsaUrl;
  let pdf: SealedPdf;
  try {
    pdf = await buildSealedPdf(em, c, breeder, row?.d ?? null, tsa ? tsaTimestamper(tsa) : undefined);
  } catch (error) {
    const message =
      error instanceof TimestampUnavailable ? error.message : `The sealed PDF could not be made (${(error as Error).message}).`;
    // The claim handed back, the wait and its reason recorded: the retry tries again.
    const since = c.sealWaitingSince ?? new Date();
    await em.transactional(async (tx) => {
      const changed = await tx.nativeUpdate(
        Contract,
        { id, status: 'sealing', sealClaim: claim },
        { sealClaim: null, sealClaimedAt: null, sealWaitingSince: since, sealError: message.slice(0, 300) },
      );
      if (changed === 1 && !c.sealWaitingSince) recordEvent({ ...ctx, em: tx }, tx.getReference(Contract, id), 'seal-waiting', since);
    });
    if (!(error instanceof TimestampUnavailable)) throw error;
    return 'waiting';
  }
  const filename = `contract-${c.id}-${c.puppyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
  try {
    await em.transactional(async (tx) => {
      const pdfUrl = await storePrivatePdf(tx, pdf, filename);
      const sealedAt = new Date();
      // Only the claim's holder records the seal: a seal is recorded (and e-mailed) once.
      const changed = await tx.nativeUpdate(
        Contract,
        { id, status: 'sealing', sealClaim: claim },
        {
          status: 'sealed',
          pdfUrl,
          pdfSha256: pdf.sha256,
          sealedAt,
          sealWaitingSince: null,
          sealError: null,
          sealClaim: null,
          sealClaimedAt: null,
          updatedAt: sealedAt,
        },
      );
      if (changed !== 1) throw new ClaimLost();
      const sealed = await tx.findOneOrFail(Contract, id, { refresh: true });
      recordEvent({ ...ctx, em: tx }, sealed, 'sealed', sealedAt);
      await queueSealedMails({ ...ctx, em: tx }, sealed, breeder, filename, pdf);
      await tx.flush();
    });
  } catch (error) {
    if (error instanceof ClaimLost) return 'lost';
    throw error;
  }
  return 'sealed';
}

/** The sealed PDF to the family and to the breeder, in the sale's lane. */
async function queueSealedMails(ctx: SealCtx, c: IContract, breeder: Breeder, filename: string, pdf: SealedPdf): Promise<void> {
  const { em } = ctx;
  const link = `${ctx.services.env.appOrigin}${c.pdfUrl!.replace(/^\/uploads\//, '/private-media/')}`;
  const body = (greeting: string, where: string) =>
    [
      greeting,
      '',
      `"${c.title}" is signed by ${c.familySignedName} and ${c.breederSignedName} and sealed.`,
      `The sealed PDF is attached; you can also download it (sign in first): ${link}`,
      where,
      '',
      `SHA-256 of the text as sent: ${c.textSha256}`,
      `SHA-256 of the sealed PDF: ${c.pdfSha256}`,
      `Check any copy at ${ctx.services.env.appOrigin}/contracts/verify`,
    ].join('\n');
  const attachments = [{ filename, contentType: 'application/pdf', contentBase64: pdf.bytes.toString('base64') }];
  const familyTo = await familyMailAddress(em, c.family?.id);
  if (familyTo)
    ctx.services.mail.enqueue(em, {
      lane: 'sale',
      to: familyTo,
      subject: `Your signed contract for ${c.puppyName}`,
      text: body(`Hello ${c.familyName},`, 'It is also in My Family, under Contract.'),
      attachments,
    });
  if (breeder.email)
    ctx.services.mail.enqueue(em, {
      lane: 'sale',
      to: breeder.email,
      subject: `Signed contract for ${c.puppyName}: ${c.familyName}`,
      text: body('Hello,', 'It is also in the dashboard, under Contracts.'),
      attachments,
    });
}

/**
 * The background retry (every minute, and once at start): each contract waiting to be sealed (the timestamp
 * server was down, or a process died half-way) is claimed in one statement, only if no live claim holds it, then
 * sealed outside any transaction; the claim guards the record, so each is sealed (and e-mailed) once. Returns
 * how many were sealed.
 */
export async function retryWaitingSeals(em: EntityManager, services: Context['services'], leaseMs = SEAL_LEASE_MS): Promise<number> {
  const waiting = await em.find(Contract, { status: 'sealing' }, { fields: ['id'], orderBy: { id: 'asc' }, limit: 20 });
  if (!waiting.length) return 0;
  const breeder = await services.mail.breeder(em);
  let sealed = 0;
  for (const { id } of waiting) {
    const claim = randomUUID();
    const taken = await em.getConnection().execute<Array<{ id: number }>>(
      `update "contracts" set "seal_claim" = ?, "seal_claimed_at" = now()
       where "id" = ? and "status" = 'sealing' and ("seal_claim" is null or "seal_claimed_at" < now() - (? * interval '1 millisecond')) returning "id"`,
      [claim, id, leaseMs],
    );
    if (!taken.length) continue;
    if ((await sealClaimed({ em: em.fork(), user: null, req: {}, services }, id, claim, breeder)) === 'sealed') sealed++;
  }
  if (sealed) services.mail.wake();
  return sealed;
}
