// The breeder's side of payments: families to pick from, the accounts list, one family's terms and payments,
// recording a payment or refund (receipt PDF and e-mail in the same transaction), instructions, the CSV export.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError, badRequest } from '../../../lib/server/errors.ts';
import type { Readable } from 'node:stream';
import { csvStream } from '../../../lib/server/csv.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';
import { likePattern, searchAny } from '../../../lib/server/sql.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { CURSOR_INVALID, PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { decodeCursor, encodeCursor, keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import { centsToDecimal, formatCents, MAX_CENTS, sumCents } from '../money.ts';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENTS_MESSAGES,
  receiptNumber,
  type AdminAccountDto,
  type FamilyAccountDto,
  type FamilyOptionDto,
  type KeptPaymentDto,
  type InstructionsSchema,
  type RecordPaymentSchema,
  type SetTermsSchema,
} from '../payments.schema.ts';
import { Payment, PaymentAccount, PaymentSettings } from './payments.entity.ts';
import { accountById, accountsByIds, accountsNamed, familiesByName } from '../../auth/server/auth.reads.ts';
import { latestContractTerms } from '../../contracts/server/contracts.reads.ts';
import { familiesWithPuppies, familiesWithPuppyNamed, puppiesOfFamilies } from '../../puppies/server/puppies.reads.ts';
import { paymentSettings, paymentsOf, puppyNames, receiptToken, termsOf, toPaymentDto } from './payments.service.ts';
import { receiptPdf } from './receipt.ts';

interface FamilyRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
}

/** A family account (not the breeder's), or NOT_FOUND: recording money for nobody changes nothing. */
async function familyRow(em: EntityManager, familyId: number): Promise<FamilyRow> {
  const account = await accountById(em, familyId);
  const row =
    account && !account.isAdmin ? { id: account.id, name: account.greeting, username: account.username, email: account.email } : null;
  if (!row) throw new AppError('NOT_FOUND', PAYMENTS_MESSAGES.familyNotFound, { familyId: [PAYMENTS_MESSAGES.familyNotFound] });
  return row;
}

/** Families the breeder can set terms for: matched with a puppy, or already with an account; searched by name or puppy. */
export async function familyOptions(em: EntityManager, search: string | undefined): Promise<FamilyOptionDto[]> {
  // Matched with a puppy, or with terms already; searched by the family's names or a puppy's.
  const withTerms = (await em.execute<Array<{ family_id: number }>>(`select "family_id" from "payment_accounts"`)).map((r) =>
    Number(r.family_id),
  );
  let ids = [...new Set([...(await familiesWithPuppies(em)), ...withTerms])];
  if (search) {
    const like = likePattern(search);
    const named = new Set([...(await accountsNamed(em, like)), ...(await familiesWithPuppyNamed(em, like))]);
    ids = ids.filter((id) => named.has(id));
  }
  const families = await familiesByName(em, ids, 100);
  const shownIds = families.map((f) => f.id);
  const puppies = await puppiesOfFamilies(em, shownIds);
  const contracts = await latestContractTerms(em, shownIds);
  const terms = new Set(withTerms);
  const rows = families.map((f) => {
    const mine = puppies.filter((p) => p.familyId === f.id);
    const prices = mine.flatMap((p) => (p.price === null ? [] : [p.price]));
    const contract = contracts.get(f.id);
    return {
      id: f.id,
      name: f.greeting,
      has_terms: terms.has(f.id),
      puppy_name: mine.length ? mine.map((p) => p.name).join(', ') : null,
      price_cents: contract?.priceCents ?? (prices.length ? Math.max(...prices) * 100 : null),
      deposit_cents: contract?.depositCents ?? null,
      due_on: contract?.pickupDate || null,
    };
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    puppyName: r.puppy_name,
    hasTerms: r.has_terms,
    suggested: { priceCents: r.price_cents, depositCents: r.deposit_cents, dueOn: r.due_on },
  }));
}

/** The accounts, the soonest balance due first, a page at a time, searched by family or puppy name. */
/** The accounts list's order: soonest balance due first, accounts without a date last. */
const ACCOUNT_ORDER: KeyOrder = [
  { field: 'dueOn', type: 'string', dir: 'asc', nullsLast: true },
  { field: 'familyId', type: 'integer', dir: 'asc' },
];

/** The accounts after a cursor, in ACCOUNT_ORDER, as SQL (the list reads plain rows). */
function accountsAfter(after: string | undefined): { sql: string; params: unknown[] } {
  if (!after) return { sql: 'true', params: [] };
  const [dueOn, familyId] = decodeCursor(after, ACCOUNT_ORDER);
  if (typeof familyId !== 'number' || (dueOn !== null && typeof dueOn !== 'string')) throw badRequest(CURSOR_INVALID);
  return dueOn === null
    ? { sql: `("a"."due_on" is null and "a"."family_id" > ?)`, params: [familyId] }
    : { sql: `("a"."due_on" > ? or "a"."due_on" is null or ("a"."due_on" = ? and "a"."family_id" > ?))`, params: [dueOn, dueOn, familyId] };
}

export async function listAccounts(
  em: EntityManager,
  input: { page: number; search?: string; after?: string },
): Promise<Page<FamilyAccountDto>> {
  // A search keeps the families it names (by their names or a puppy's); the account's row always has its family.
  const named = input.search
    ? [
        ...new Set([
          ...(await accountsNamed(em, likePattern(input.search))),
          ...(await familiesWithPuppyNamed(em, likePattern(input.search))),
        ]),
      ]
    : null;
  const where = named === null ? 'true' : named.length ? `"a"."family_id" in (${named.map(() => '?').join(', ')})` : 'false';
  const params = named ?? [];
  const from = accountsAfter(input.after);
  const [count] = await em.execute<Array<{ n: string }>>(`select count(*) as "n" from "payment_accounts" "a" where ${where}`, params);
  const page = await em.execute<
    Array<{ family_id: number; price_cents: number; deposit_cents: number; due_on: string | null; paid: string }>
  >(
    `select "a"."family_id", "a"."price_cents", "a"."deposit_cents", "a"."due_on",
       coalesce((select sum("x"."amount_cents") from "payments" "x" where "x"."family_id" = "a"."family_id"), 0) as "paid"
     from "payment_accounts" "a"
     where ${where} and ${from.sql}
     order by "a"."due_on" asc nulls last, "a"."family_id" asc
     limit ? offset ?`,
    [...params, ...from.params, PAGE_SIZE + 1, input.after ? 0 : (input.page - 1) * PAGE_SIZE],
  );
  const familyIds = page.map((r) => Number(r.family_id));
  const families = await accountsByIds(em, familyIds);
  const puppies = await puppiesOfFamilies(em, familyIds);
  const rows = page.flatMap((r) => {
    const f = families.get(Number(r.family_id));
    const mine = puppies.filter((p) => p.familyId === Number(r.family_id)).map((p) => p.name);
    return f ? [{ ...r, name: f.greeting, username: f.username, email: f.email, puppy_name: mine.length ? mine.join(', ') : null }] : [];
  });
  const more = rows.length > PAGE_SIZE;
  const shown = rows.slice(0, PAGE_SIZE);
  const last = shown[shown.length - 1];
  return {
    nextCursor: more && last ? encodeCursor([last.due_on, last.family_id]) : null,
    items: shown.map((r) => {
      const paidCents = Number(r.paid);
      return {
        id: r.family_id,
        familyId: r.family_id,
        familyName: r.name,
        username: r.username,
        email: r.email,
        priceCents: r.price_cents,
        depositCents: r.deposit_cents,
        paidCents,
        balanceCents: r.price_cents - paidCents,
        depositDueCents: Math.max(0, r.deposit_cents - paidCents),
        dueOn: r.due_on,
        puppyName: r.puppy_name,
      };
    }),
    total: Number(count?.n ?? 0),
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}

export async function adminAccount(em: EntityManager, familyId: number): Promise<AdminAccountDto> {
  const family = await familyRow(em, familyId);
  const account = await em.findOne(PaymentAccount, { family: familyId });
  const payments = await paymentsOf(em, familyId);
  const puppyName = await puppyNames(em, familyId);
  return {
    familyId,
    familyName: family.name,
    username: family.username,
    email: family.email,
    puppyName,
    terms: account ? termsOf(account, payments, puppyName) : null,
    payments: payments.map(toPaymentDto).reverse(),
  };
}

export async function setTerms(em: EntityManager, input: z.output<typeof SetTermsSchema>): Promise<AdminAccountDto> {
  await familyRow(em, input.familyId);
  const account = await em.findOne(PaymentAccount, { family: input.familyId });
  if (account) {
    account.priceCents = input.price;
    account.depositCents = input.deposit;
    account.dueOn = input.dueOn;
  } else {
    em.create(PaymentAccount, {
      family: input.familyId,
      priceCents: input.price,
      depositCents: input.deposit,
      dueOn: input.dueOn,
      weekReminderFor: null,
      dayReminderFor: null,
      updatedAt: new Date(),
    });
  }
  await em.flush();
  return adminAccount(em, input.familyId);
}

/**
 * Records a payment or refund, its receipt PDF and the receipt e-mail in one flush (one transaction): all of
 * them are stored or none. The id is taken first so the receipt can carry its number.
 */
export async function recordPayment(
  em: EntityManager,
  services: Pick<AppServices, 'mail' | 'env'>,
  input: z.output<typeof RecordPaymentSchema>,
): Promise<AdminAccountDto> {
  const family = await familyRow(em, input.familyId);
  const account = await em.findOne(PaymentAccount, { family: input.familyId });
  if (!account) throw new AppError('BAD_REQUEST', PAYMENTS_MESSAGES.noTerms, { amount: [PAYMENTS_MESSAGES.noTerms] });
  const before = await paymentsOf(em, input.familyId);
  const paid = sumCents([...before.map((p) => p.amountCents), input.amount]);
  if (Math.abs(paid) > MAX_CENTS) throw new AppError('BAD_REQUEST', 'That amount is too large.', { amount: ['That amount is too large.'] });
  const totals = termsOf(account, [...before, { amountCents: input.amount }], null);
  const [{ id }] = (await em.execute<Array<{ id: number }>>(`select nextval(pg_get_serial_sequence('payments', 'id'))::int as "id"`)) as [
    { id: number },
  ];
  const breeder = await services.mail.breeder(em);
  const pdf = await receiptPdf({
    paymentId: id,
    breederName: breeder.name,
    town: breeder.town,
    familyName: family.name,
    amountCents: input.amount,
    paidOn: input.paidOn,
    method: input.method,
    reason: input.reason,
    totals,
  });
  em.create(Payment, {
    id,
    family: input.familyId,
    // Kept on the record as they are now, in case the account goes later (decision 121).
    familyName: family.name.slice(0, 200),
    familyEmail: family.email,
    amountCents: input.amount,
    paidOn: input.paidOn,
    method: input.method,
    reason: input.reason,
    recordedAt: new Date(),
    receiptPdf: Buffer.from(pdf),
  });
  if (family.email) {
    const refund = input.amount < 0;
    const number = receiptNumber(id);
    const link = `${services.env.appOrigin}/receipts/${receiptNumber(id)}.pdf?t=${await receiptToken(em, id)}`;
    const what = refund ? `a refund of ${formatCents(-input.amount)}` : `your payment of ${formatCents(input.amount)}`;
    const lines = [
      `Hello ${family.name},`,
      `Thank you: ${breeder.name} recorded ${what} on ${formatDay(input.paidOn)} (${PAYMENT_METHOD_LABELS[input.method]}).${input.reason ? ` Reason: ${input.reason}` : ''}`,
      `Paid so far: ${formatCents(totals.paidCents)}. Balance: ${formatCents(totals.balanceCents)}${account.dueOn && totals.balanceCents > 0 ? `, due ${formatDay(account.dueOn)}` : ''}.`,
    ];
    services.mail.enqueue(em, {
      lane: 'sale',
      to: family.email,
      subject: `${refund ? 'Refund receipt' : 'Receipt'} ${number}`,
      text: `${lines.join('\n\n')}\n\nYour receipt is attached (PDF), and here: ${link}\n\nEverything you have paid is on your family page: ${services.env.appOrigin}/account\n\n${breeder.name}\n`,
      html:
        lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
        `<p><a href="${escapeHtml(link)}">Download receipt ${number} (PDF)</a></p>` +
        `<p>Everything you have paid is on <a href="${escapeHtml(`${services.env.appOrigin}/account`)}">your family page</a>.</p><p>${escapeHtml(breeder.name)}</p>`,
      attachments: [
        { filename: `receipt-${number}.pdf`, contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') },
      ],
    });
  }
  await em.flush();
  return adminAccount(em, input.familyId);
}

export const getInstructions = (em: EntityManager) => paymentSettings(em);

export async function saveInstructions(em: EntityManager, input: z.output<typeof InstructionsSchema>) {
  const row = await em.findOne(PaymentSettings, 1);
  if (row) {
    row.instructions = input.instructions;
    row.link = input.link;
  } else {
    em.create(PaymentSettings, { id: 1, instructions: input.instructions, link: input.link });
  }
  await em.flush();
  return paymentSettings(em);
}

export const PAYMENT_CSV_COLUMNS = ['receipt', 'paid on', 'family', 'username', 'amount', 'method', 'reason', 'recorded at'] as const;

type PaymentCsvRow = {
  id: number;
  paid_on: string;
  name: string;
  username: string;
  amount_cents: number;
  method: keyof typeof PAYMENT_METHOD_LABELS;
  reason: string | null;
  recorded_at: Date | string;
};

/** The CSV's rows after `last`: a search matches the family's names, or a deleted account's name kept on the payment. */
async function csvBatch(em: EntityManager, like: string | null, last: PaymentCsvRow | null, limit: number): Promise<PaymentCsvRow[]> {
  const named = like === null ? [] : await accountsNamed(em, like);
  const byName = named.length ? `"x"."family_id" in (${named.map(() => '?').join(', ')})` : 'false';
  const rows = await em.execute<Array<Omit<PaymentCsvRow, 'name' | 'username'> & { family_id: number | null; family_name: string | null }>>(
    `select "x"."id", "x"."paid_on", "x"."family_id", "x"."family_name", "x"."amount_cents", "x"."method", "x"."reason", "x"."recorded_at"
     from "payments" "x"
     where (?::text is null or ${byName} or ("x"."family_id" is null and "x"."family_name" ilike ?))
       and (?::int is null or ("x"."paid_on", "x"."id") > (?::text, ?::int))
     order by "x"."paid_on" asc, "x"."id" asc
     limit ${Number(limit)}`,
    [like, ...named, like, last?.id ?? null, last?.paid_on ?? null, last?.id ?? null],
  );
  const families = await accountsByIds(em, [...new Set(rows.flatMap((r) => (r.family_id === null ? [] : [Number(r.family_id)])))]);
  return rows.map(({ family_id, family_name, ...r }) => {
    const f = family_id === null ? undefined : families.get(Number(family_id));
    return { ...r, name: f ? f.greeting : (family_name as string), username: f?.username ?? '(account deleted)' };
  });
}

/**
 * Every payment and refund (optionally for matching families), oldest first, as CSV safe to open in a spreadsheet,
 * streamed a batch at a time after the last row sent (keyset on paid on, id; issue 35).
 */
export function paymentsCsv(em: EntityManager, search: string | undefined, batch?: number): Readable {
  const like = search ? likePattern(search) : null;
  return csvStream(
    PAYMENT_CSV_COLUMNS,
    (last: PaymentCsvRow | null, limit) => csvBatch(em.fork(), like, last, limit),
    (r) => [
      receiptNumber(r.id),
      r.paid_on,
      r.name,
      r.username,
      centsToDecimal(r.amount_cents),
      PAYMENT_METHOD_LABELS[r.method],
      r.reason ?? '',
      new Date(r.recorded_at).toISOString(),
    ],
    batch,
  );
}

/** Newest payment first (payments_kept_order_index). */
const KEPT_ORDER: KeyOrder = [
  { field: 'paidOn', type: 'string', dir: 'desc' },
  { field: 'id', type: 'integer', dir: 'desc' },
];

/**
 * Payments kept from deleted accounts (decision 121): accounting records, listed for the breeder with the
 * family's name and address as they were when paid, newest first, a page at a time, searched by that name or address.
 */
export async function keptPayments(
  em: EntityManager,
  input: { page: number; search?: string; after?: string },
): Promise<Page<KeptPaymentDto>> {
  const where = {
    family: null,
    familyErasedAt: { $ne: null },
    ...(input.search ? searchAny(input.search, ['familyName', 'familyEmail']) : {}),
  };
  const { rows, ...page } = await keysetPage(em, Payment, where, KEPT_ORDER, input, {
    fields: ['id', 'amountCents', 'paidOn', 'method', 'reason', 'familyName', 'familyEmail', 'familyErasedAt'],
  });
  return {
    ...page,
    items: rows.map((p) => ({
      ...toPaymentDto(p),
      familyName: p.familyName,
      familyEmail: p.familyEmail ?? null,
      erasedAt: p.familyErasedAt!.toISOString(),
    })),
  };
}
