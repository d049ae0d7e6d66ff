// The breeder's side: templates (every save a new version), contracts prepared per matched family, sent,
// countersigned and sealed, voided; lists paged and searched on the server.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { likePattern, searchAny } from '../../../lib/server/sql.ts';
import type { Context } from '../../../lib/server/trpc.ts';
import { familyMailAddress, User } from '../../auth/server/user.entity.ts';
import { accountsByIds, accountsNamed } from '../../auth/server/auth.reads.ts';
import { applicationDeposit } from '../../applications/server/applications.reads.ts';
import { ledgerDepositCents } from '../../payments/server/payments.reads.ts';
import { pickupTimes } from '../../portal/server/portal.reads.ts';
import { matchedPuppies, puppiesOfFamilies } from '../../puppies/server/puppies.reads.ts';
import {
  CONTRACT_MESSAGES,
  unfilledFields,
  unknownFieldIn,
  type ContractDto,
  type ContractPreviewDto,
  type ContractListInput,
  type ContractSummaryDto,
  type ContractValues,
  type TemplateDto,
} from '../contracts.schema.ts';
import { Contract, ContractTemplate, ContractTemplateVersion, type IContract, type IContractTemplate } from './contract.entity.ts';
import { contractHtml, contractText, recordEvent, toDto, toSummary } from './contracts.service.ts';
import { sha256Hex } from './pdf.ts';

type AdminCtx = Context & { user: NonNullable<Context['user']> };
export const PAGE_SIZE = 50;

const toTemplateDto = (t: IContractTemplate): TemplateDto => ({
  id: t.id,
  name: t.name,
  version: t.version,
  body: t.body,
  updatedAt: t.updatedAt.toISOString(),
});

export async function listTemplates(
  em: EntityManager,
  input: { page: number; search?: string },
): Promise<{ items: TemplateDto[]; total: number }> {
  const where = input.search ? { name: { $ilike: likePattern(input.search) } } : {};
  const [rows, total] = await em.findAndCount(ContractTemplate, where, {
    orderBy: { updatedAt: 'desc', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toTemplateDto), total };
}

/** Saves a template as a new version (contracts keep the version they were made from). */
export async function saveTemplate(em: EntityManager, input: { id: number | null; name: string; body: string }): Promise<TemplateDto> {
  // The schema refuses unknown fields; checked again here for in-process callers that skip it.
  const unknown = unknownFieldIn(input.body);
  if (unknown !== null)
    throw new AppError('BAD_REQUEST', CONTRACT_MESSAGES.unknownField(unknown), { body: [CONTRACT_MESSAGES.unknownField(unknown)] });
  let t: IContractTemplate;
  if (input.id === null) {
    t = em.create(ContractTemplate, { name: input.name, body: input.body, version: 1, updatedAt: new Date() });
  } else {
    const found = await em.findOne(ContractTemplate, input.id);
    if (!found) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.templateNotFound);
    t = found;
    if (t.name === input.name && t.body === input.body) return toTemplateDto(t);
    t.name = input.name;
    t.body = input.body;
    t.version += 1;
  }
  em.create(ContractTemplateVersion, { template: t, version: t.version, name: t.name, body: t.body, createdAt: new Date() });
  await em.flush();
  return toTemplateDto(t);
}

export async function listContracts(
  em: EntityManager,
  input: ContractListInput & { page: number },
): Promise<{ items: ContractSummaryDto[]; total: number }> {
  const where: Record<string, unknown> = {};
  if (input.status) where.status = input.status;
  if (input.search) Object.assign(where, searchAny(input.search, ['familyName', 'puppyName', 'title']));
  const [rows, total] = await em.findAndCount(Contract, where, {
    orderBy: { updatedAt: 'desc', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toSummary), total };
}

/** Matched families (an account with a puppy), for the "prepare" form: searched, at most 50. */
export async function matchedFamilies(em: EntityManager, search?: string): Promise<Array<{ id: number; name: string; puppyName: string }>> {
  const like = search ? likePattern(search) : undefined;
  const puppies = await matchedPuppies(
    em,
    like === undefined ? { limit: 50 } : { like, familyIds: await accountsNamed(em, like), limit: 50 },
  );
  const families = await accountsByIds(em, [...new Set(puppies.map((p) => p.familyId!))]);
  const rows = puppies.flatMap((p) => {
    const u = families.get(p.familyId!);
    return u ? [{ id: u.id, name: u.displayName ?? u.username, puppy_name: p.name }] : [];
  });
  return rows.map((r) => ({ id: r.id, name: r.name, puppyName: r.puppy_name }));
}

async function byId(em: EntityManager, id: number): Promise<IContract> {
  const c = await em.findOne(Contract, id);
  if (!c) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
  return c;
}

export async function contractById(ctx: AdminCtx, id: number): Promise<ContractDto> {
  const c = await byId(ctx.em, id);
  return toDto(ctx.em, c, (await ctx.services.mail.breeder(ctx.em)).name);
}

/** The family's latest matched puppy: its name, price, pickup and the deposit (undefined: no puppy). */
async function matchOf(
  em: EntityManager,
  familyId: number,
): Promise<{ name: string; price: number | null; at: Date | null; deposit_cents: number | null } | undefined> {
  const puppy = (await puppiesOfFamilies(em, [familyId])).at(-1);
  if (!puppy) return undefined;
  const at = (await pickupTimes(em, [puppy.id])).get(puppy.id) ?? null;
  const dollars = await applicationDeposit(em, familyId);
  const deposit = (await ledgerDepositCents(em, familyId)) ?? (dollars === null ? null : dollars * 100);
  return { name: puppy.name, price: puppy.price, at, deposit_cents: deposit };
}

/** A draft for a matched family from a template's current version, prefilled from the match (puppy, price, deposit, pickup). */
export async function prepareContract(ctx: AdminCtx, input: { templateId: number; familyId: number }): Promise<ContractDto> {
  const { em } = ctx;
  const template = await em.findOne(ContractTemplate, input.templateId);
  if (!template) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.templateNotFound);
  const family = await em.findOne(User, input.familyId);
  if (!family || family.isAdmin) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.familyNotFound);
  const version = await em.findOneOrFail(ContractTemplateVersion, { template: template.id, version: template.version });
  // The deposit from the payments ledger, the one record of money (decision 141): the terms' deposit, else the first
  // payment received, else (recorded before the ledger had it) the application's.
  const match = await matchOf(em, family.id);
  const familyName = family.displayName ?? family.username;
  const c = em.create(Contract, {
    family,
    templateVersion: version,
    title: `Puppy sale agreement: ${match?.name ?? 'puppy'}`.slice(0, 200),
    status: 'draft',
    familyName,
    puppyName: match?.name ?? '',
    microchip: '',
    priceCents: (match?.price ?? 0) * 100,
    depositCents: match?.deposit_cents ?? 0,
    pickupDate: match?.at ? new Date(match.at).toISOString().slice(0, 10) : '',
    guaranteeYears: 2,
    body: version.body,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  if (c.depositCents > c.priceCents && c.priceCents > 0) c.depositCents = c.priceCents;
  await em.flush();
  recordEvent(ctx, c, 'prepared');
  await em.flush();
  return contractById(ctx, c.id);
}

/** The values and text on screen put on the contract (not flushed). */
function applyValues(c: IContract, values: ContractValues, body: string) {
  Object.assign(c, {
    familyName: values.familyName,
    puppyName: values.puppyName,
    microchip: values.microchip,
    priceCents: values.price,
    depositCents: values.deposit,
    pickupDate: values.pickupDate,
    guaranteeYears: values.guaranteeYears,
    body,
  });
}

/** The text as it would be sent now (a draft's fields filled from its current values). */
const draftText = (c: IContract, breederName: string) => contractText({ ...c, sentText: null } as IContract, breederName);

function refuseUnfilled(c: IContract) {
  const missing = unfilledFields(c.body, c);
  if (missing.length) throw new AppError('BAD_REQUEST', CONTRACT_MESSAGES.unfilled(missing));
}

/**
 * Edits a contract before it is sealed. After it was sent the text changes, so it goes back to a draft to be
 * sent again; after the family signed, their signature is void and the contract says so.
 */
export async function updateContract(ctx: AdminCtx, input: { id: number; values: ContractValues; body: string }): Promise<ContractDto> {
  const c = await byId(ctx.em, input.id);
  if (c.status === 'sealed' || c.status === 'sealing') throw new AppError('CONFLICT', CONTRACT_MESSAGES.sealed);
  if (c.status === 'voided') throw new AppError('CONFLICT', CONTRACT_MESSAGES.voided);
  if (!c.family) throw new AppError('CONFLICT', CONTRACT_MESSAGES.erasedCannotChange);
  const breeder = await ctx.services.mail.breeder(ctx.em);
  const before = contractText(c, breeder.name);
  applyValues(c, input.values, input.body);
  const after = draftText(c, breeder.name);
  if (after !== before && c.status !== 'draft') {
    if (c.status === 'signed') {
      recordEvent(ctx, c, 'signatures-voided');
      c.notice = CONTRACT_MESSAGES.textChangedAfterSigning;
      Object.assign(c, {
        familySignedName: null,
        familySignedAt: null,
        familySignedBy: null,
        familySignedIp: null,
        familySignedUserAgent: null,
        familyDrawing: null,
      });
    }
    c.status = 'draft';
    c.sentText = null;
    c.textSha256 = null;
  }
  recordEvent(ctx, c, 'edited');
  await ctx.em.flush();
  return toDto(ctx.em, c, breeder.name);
}

/**
 * What the family would read if the values and text on screen (saved or not) were sent now: rendered by the same
 * functions as the family's copy, so the preview and what is signed are the same bytes (decision 141). Nothing is stored.
 */
export async function previewContract(
  ctx: AdminCtx,
  input: { id: number; values: ContractValues; body: string },
): Promise<ContractPreviewDto> {
  const c = await byId(ctx.em, input.id);
  const breeder = await ctx.services.mail.breeder(ctx.em);
  const draft = { ...c, sentText: null } as IContract;
  applyValues(draft, input.values, input.body);
  // A copy: the managed entity is left as it was (the request's flush must not save a preview).
  const text = contractText(draft, breeder.name);
  return { text, html: contractHtml(text), textSha256: sha256Hex(text), unfilled: unfilledFields(draft.body, draft) };
}

/**
 * Saves the values and text on screen (when given) and sends them, in one transaction with the row locked: the text
 * is fixed with its hash, put in the family's portal and e-mailed. Refused, with nothing changed, when a field the
 * text uses is empty, or when the text differs from the preview the breeder confirmed.
 */
export async function sendContract(
  ctx: AdminCtx,
  input: { id: number; values?: ContractValues; body?: string; previewSha256?: string },
): Promise<ContractDto> {
  const breeder = await ctx.services.mail.breeder(ctx.em);
  const id = await ctx.em.transactional(async (em) => {
    const tx: AdminCtx = { ...ctx, em };
    const c = await em.findOne(Contract, input.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!c) throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
    if (c.status === 'voided') throw new AppError('CONFLICT', CONTRACT_MESSAGES.voided);
    if (c.status !== 'draft')
      throw new AppError('CONFLICT', c.status === 'sealed' ? CONTRACT_MESSAGES.sealed : CONTRACT_MESSAGES.alreadySent);
    if (!c.family) throw new AppError('CONFLICT', CONTRACT_MESSAGES.erasedCannotChange);
    if (input.values && input.body !== undefined) {
      const before = draftText(c, breeder.name);
      applyValues(c, input.values, input.body);
      if (draftText(c, breeder.name) !== before) recordEvent(tx, c, 'edited');
    }
    refuseUnfilled(c);
    const text = contractText(c, breeder.name);
    const sha = sha256Hex(text);
    if (input.previewSha256 && input.previewSha256 !== sha) throw new AppError('CONFLICT', CONTRACT_MESSAGES.previewOutdated);
    const now = new Date();
    c.sentText = text;
    c.textSha256 = sha;
    c.status = 'sent';
    c.firstSentAt ??= now;
    recordEvent(tx, c, 'sent', now);
    const to = await familyMailAddress(em, c.family.id);
    if (to) {
      // The sale's lane (decision 140), as a value so it reads the same before and after lanes are typed.
      const mail = {
        lane: 'sale' as const,
        to,
        subject: `Your puppy contract for ${c.puppyName} is ready to sign`,
        text: [
          `Hello ${c.familyName},`,
          '',
          `The contract for ${c.puppyName} is ready: "${c.title}". Read it and sign it online in My Family:`,
          `${ctx.services.env.appOrigin}/account`,
          '',
          `SHA-256 of the text as sent: ${c.textSha256}`,
          '',
          breeder.name,
        ].join('\n'),
      };
      ctx.services.mail.enqueue(em, mail);
    }
    await em.flush();
    return c.id;
  });
  ctx.services.mail.notify(ctx.em);
  return contractById(ctx, id);
}

// Countersigning and sealing (outside any transaction's lock, decision 140) live in seal.ts.
export { countersignContract, retryWaitingSeals } from './seal.ts';

/**
 * Voids a contract with the breeder's reason. A family that had it (it was sent) is told, by e-mail and in My Family,
 * where only the title and the reason remain; a contract never sent leaves no trace for them (decision 141).
 */
export async function voidContract(ctx: AdminCtx, input: { id: number; reason: string }): Promise<ContractDto> {
  const c = await byId(ctx.em, input.id);
  if (c.status === 'sealed' || c.status === 'sealing') throw new AppError('CONFLICT', CONTRACT_MESSAGES.sealed);
  if (c.status === 'voided') throw new AppError('CONFLICT', CONTRACT_MESSAGES.voided);
  const now = new Date();
  c.status = 'voided';
  c.voidReason = input.reason.trim();
  c.voidedAt = now;
  recordEvent(ctx, c, 'voided', now);
  const to = c.firstSentAt ? await familyMailAddress(ctx.em, c.family?.id) : null;
  if (to) {
    const breeder = await ctx.services.mail.breeder(ctx.em);
    const mail = {
      lane: 'sale' as const,
      to,
      subject: `Your puppy contract for ${c.puppyName} was voided`,
      text: [
        `Hello ${c.familyName},`,
        '',
        `The contract "${c.title}" was voided: it can no longer be signed.`,
        `Reason: ${c.voidReason}`,
        '',
        `You can see this in My Family: ${ctx.services.env.appOrigin}/account`,
        '',
        breeder.name,
      ].join('\n'),
    };
    ctx.services.mail.enqueue(ctx.em, mail);
  }
  await ctx.em.flush();
  return contractById(ctx, c.id);
}
