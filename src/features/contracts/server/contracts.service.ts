// Contracts as the family sees them (its own, once sent; reading records "opened"; signing), and what both sides
// share: the DTO, the audit events, the filled text.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { renderMarkdown } from '../../../lib/server/markdown.ts';
import type { Context } from '../../../lib/server/trpc.ts';
import {
  CONTRACT_MESSAGES,
  DRAWN_SIGNATURE_PREFIX,
  fillFields,
  formatCents,
  type ContractDto,
  type ContractEventKind,
  type ContractField,
  type ContractSummaryDto,
  type SignInput,
} from '../contracts.schema.ts';
import { familyMailAddress } from '../../auth/server/user.entity.ts';
import { Contract, ContractEvent, type IContract } from './contract.entity.ts';
import { sha256Hex } from './pdf.ts';

/** A day as the contract prints it: "March 5, 2027". */
export const longDay = (day: string) =>
  day
    ? new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    : 'a date to be agreed';

export function fieldValues(c: IContract, breederName: string): Record<ContractField, string> {
  return {
    'family.name': c.familyName,
    'puppy.name': c.puppyName,
    'puppy.microchip': c.microchip || 'to be recorded at pickup',
    price: formatCents(c.priceCents),
    deposit: formatCents(c.depositCents),
    balance: formatCents(c.priceCents - c.depositCents),
    'pickup.date': longDay(c.pickupDate),
    'guarantee.years': String(c.guaranteeYears),
    'breeder.name': breederName,
    'contract.date': longDay(c.createdAt.toISOString().slice(0, 10)),
  };
}

/** The text the family reads: as sent once sent, else filled now from the draft. */
export const contractText = (c: IContract, breederName: string) => c.sentText ?? fillFields(c.body, fieldValues(c, breederName));

/** The HTML of a contract's text: one function for the breeder's preview and the family's copy (decision 141). */
export const contractHtml = (text: string) => renderMarkdown(text);

/** Who did something, as the audit trail names them. */
export const actorName = (ctx: Pick<Context, 'user'>) =>
  ctx.user ? (ctx.user.displayName ? `${ctx.user.displayName} (${ctx.user.username})` : ctx.user.username) : null;

/** Records a step of the contract; `req` is the request's (the background seal has none: "the website"). */
export function recordEvent(
  ctx: Pick<Context, 'em' | 'user'> & { req: { ip?: string | null; userAgent?: string | null } },
  contract: IContract,
  kind: ContractEventKind,
  at = new Date(),
) {
  ctx.em.create(ContractEvent, {
    contract,
    kind,
    at,
    userId: ctx.user?.id ?? null,
    who: actorName(ctx),
    ip: ctx.req.ip ?? null,
    userAgent: ctx.req.userAgent?.slice(0, 500) ?? null,
  });
}

export function toSummary(c: IContract): ContractSummaryDto {
  return {
    id: c.id,
    title: c.title,
    familyName: c.familyName,
    puppyName: c.puppyName,
    status: c.status,
    updatedAt: c.updatedAt.toISOString(),
    voidReason: c.status === 'voided' ? (c.voidReason ?? null) : null,
    pdfUrl: privatePdfUrl(c),
  };
}

const privatePdfUrl = (c: IContract) => (c.pdfUrl ? c.pdfUrl.replace(/^\/uploads\//, '/private-media/') : null);

const dollars = (cents: number) => (cents % 100 ? (cents / 100).toFixed(2) : String(cents / 100));

export async function toDto(em: EntityManager, c: IContract, breederName: string): Promise<ContractDto> {
  const events = await em.find(ContractEvent, { contract: c.id }, { orderBy: { at: 'asc', id: 'asc' } });
  await em.populate(c, ['templateVersion']);
  const text = contractText(c, breederName);
  const drawn = c.familySignedAt
    ? (await em.execute<Array<{ d: boolean }>>('select "family_drawing" is not null as d from "contracts" where "id" = ?', [c.id]))[0]
        ?.d === true
    : false;
  return {
    ...toSummary(c),
    familyId: c.family?.id ?? null,
    familyEmail: c.familyEmail ?? null,
    familyErasedAt: c.familyErasedAt?.toISOString() ?? null,
    templateName: c.templateVersion.name,
    templateVersion: c.templateVersion.version,
    body: c.body,
    values: {
      familyName: c.familyName,
      puppyName: c.puppyName,
      microchip: c.microchip,
      price: dollars(c.priceCents),
      deposit: dollars(c.depositCents),
      pickupDate: c.pickupDate,
      guaranteeYears: c.guaranteeYears,
    },
    text,
    html: contractHtml(text),
    textSha256: c.textSha256 ?? null,
    familySignature:
      c.familySignedAt && c.familySignedName ? { fullName: c.familySignedName, at: c.familySignedAt.toISOString(), drawn } : null,
    breederSignature:
      c.breederSignedAt && c.breederSignedName
        ? { fullName: c.breederSignedName, at: c.breederSignedAt.toISOString(), drawn: false }
        : null,
    pdfUrl: privatePdfUrl(c),
    pdfSha256: c.pdfSha256 ?? null,
    notice: c.notice ?? null,
    sealWaiting:
      c.status === 'sealing' && c.sealWaitingSince ? { since: c.sealWaitingSince.toISOString(), error: c.sealError ?? null } : null,
    events: events.map((e) => ({
      kind: e.kind,
      at: e.at.toISOString(),
      who: e.who ?? null,
      ip: e.ip ?? null,
      userAgent: e.userAgent ?? null,
    })),
  };
}

/**
 * The family's contracts: never a draft (the breeder is still writing it); a voided one only if it had been sent to
 * them, as its title and the breeder's reason (its text left their view: decision 141).
 */
export async function myContracts(em: EntityManager, userId: number): Promise<ContractSummaryDto[]> {
  const rows = await em.find(
    Contract,
    { family: userId, $or: [{ status: { $nin: ['draft', 'voided'] } }, { status: 'voided', firstSentAt: { $ne: null } }] },
    { orderBy: { id: 'desc' }, limit: 50 },
  );
  return rows.map(toSummary);
}

/** One of the family's own contracts, or NOT_FOUND (another family's, a draft and a voided one look the same: unknown). */
async function ownContract(em: EntityManager, userId: number, id: number): Promise<IContract> {
  const c = await em.findOne(Contract, { id, family: userId });
  if (!c || c.status === 'draft' || c.status === 'voided') throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
  return c;
}

export async function myContract(ctx: Context & { user: NonNullable<Context['user']> }, id: number): Promise<ContractDto> {
  const c = await ownContract(ctx.em, ctx.user.id, id);
  // The first reading after it was sent (again) is the "opened" of the audit trail.
  if (c.status === 'sent') {
    const lastSent = await ctx.em.findOne(ContractEvent, { contract: c.id, kind: 'sent' }, { orderBy: { at: 'desc', id: 'desc' } });
    const opened = lastSent ? await ctx.em.count(ContractEvent, { contract: c.id, kind: 'opened', at: { $gte: lastSent.at } }) : 1;
    if (!opened) {
      recordEvent(ctx, c, 'opened');
      await ctx.em.flush();
    }
  }
  const breeder = await ctx.services.mail.breeder(ctx.em);
  return toDto(ctx.em, c, breeder.name);
}

/** A drawn signature must be a real PNG (the data URL's bytes start with PNG's signature). */
function drawnPng(drawing: string | null): string | null {
  if (!drawing) return null;
  const bytes = Buffer.from(drawing.slice(DRAWN_SIGNATURE_PREFIX.length), 'base64');
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    throw new AppError('BAD_REQUEST', CONTRACT_MESSAGES.drawingInvalid, { drawing: [CONTRACT_MESSAGES.drawingInvalid] });
  }
  return drawing;
}

/** The family signs: only its own contract, only as sent (not a draft, not voided, not twice). */
export async function signContract(
  ctx: Context & { user: NonNullable<Context['user']> },
  input: Omit<SignInput, 'consent'> & { drawing: string | null },
): Promise<ContractDto> {
  const drawing = drawnPng(input.drawing);
  const c = await ctx.em.findOne(Contract, { id: input.id, family: ctx.user.id });
  if (!c) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
  if (c.status === 'draft') throw new AppError('CONFLICT', CONTRACT_MESSAGES.notSent);
  if (c.status === 'voided') throw new AppError('CONFLICT', CONTRACT_MESSAGES.voided);
  if (c.status !== 'sent') throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadySigned);
  const now = new Date();
  // The address it signed with stays on the record, as the name does (decision 121).
  const familyEmail = await familyMailAddress(ctx.em, ctx.user.id);
  // The text signed is the text sent: its hash was fixed when it was sent, checked again here.
  if (!c.sentText || sha256Hex(c.sentText) !== c.textSha256) throw new AppError('CONFLICT', CONTRACT_MESSAGES.notSent);
  const signature = {
    familySignedName: input.fullName.trim(),
    familySignedAt: now,
    familySignedBy: ctx.user.id,
    familySignedIp: ctx.req.ip ?? null,
    familySignedUserAgent: ctx.req.userAgent?.slice(0, 500) ?? null,
    familyDrawing: drawing,
    familyEmail,
    notice: null,
  };
  // Only from "sent", in one statement: two signings at once (two tabs, a retried request) sign once.
  const changed = await ctx.em.nativeUpdate(Contract, { id: c.id, status: 'sent' }, { status: 'signed', ...signature, updatedAt: now });
  if (changed !== 1) throw new AppError('CONFLICT', CONTRACT_MESSAGES.alreadySigned);
  await ctx.em.refresh(c);
  recordEvent(ctx, c, 'signed', now);
  await ctx.em.flush();
  const breeder = await ctx.services.mail.breeder(ctx.em);
  if (breeder.email) {
    ctx.services.mail.enqueue(ctx.em, {
      lane: 'sale',
      to: breeder.email,
      subject: `${c.familyName} signed the contract for ${c.puppyName}`,
      text: `${c.familyName} signed "${c.title}" on ${now.toUTCString()}.\n\nCountersign it in the dashboard: ${ctx.services.env.appOrigin}/admin/contracts?contract=${c.id}`,
    });
    await ctx.em.flush();
  }
  // The breeder's devices that chose signed contracts (issue 34): a title and the link, no names of the family.
  ctx.services.push.notify(
    ctx.em,
    'contract',
    { title: 'A family signed its contract', url: `/admin/contracts?contract=${c.id}` },
    { breeder: true },
  );
  return toDto(ctx.em, c, breeder.name);
}

/**
 * The family deletes its account (decision 121): what it signed stays, detached from the account, with the name
 * and address it signed with; what it never signed (a draft, a contract sent but not signed, a voided one) goes.
 */
export async function eraseContractsOf(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(Contract, { family: userId, status: { $nin: ['signed', 'sealing', 'sealed'] } });
  await em.nativeUpdate(Contract, { family: userId }, { family: null, familyErasedAt: new Date() });
}
