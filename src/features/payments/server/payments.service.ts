// Payments for both sides: the family's own account (terms, payments, how to pay) and the receipt behind a payment.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { linkKey, signFor, verifyFor } from '../../../lib/server/signed-token.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { totalsOf } from '../money.ts';
import { PAYMENTS_MESSAGES, receiptNumber, type MyPaymentsDto, type PaymentDto, type TermsDto } from '../payments.schema.ts';
import { Payment, PaymentAccount, PaymentSettings, type IPayment, type IPaymentAccount } from './payments.entity.ts';
import { puppiesOfFamilies } from '../../puppies/server/puppies.reads.ts';

export const toPaymentDto = (p: Pick<IPayment, 'id' | 'amountCents' | 'paidOn' | 'method' | 'reason'>): PaymentDto => ({
  id: p.id,
  amountCents: p.amountCents,
  paidOn: p.paidOn,
  method: p.method,
  reason: p.reason ?? null,
  receiptNumber: receiptNumber(p.id),
});

/** The names of the puppies matched with this family (through the puppies feature's reads face). */
export async function puppyNames(em: EntityManager, familyId: number): Promise<string | null> {
  const names = (await puppiesOfFamilies(em, [familyId])).map((p) => p.name);
  return names.length ? names.join(', ') : null;
}

export function termsOf(account: IPaymentAccount, payments: readonly { amountCents: number }[], puppyName: string | null): TermsDto {
  return {
    ...totalsOf(
      account.priceCents,
      account.depositCents,
      payments.map((p) => p.amountCents),
    ),
    depositCents: account.depositCents,
    dueOn: account.dueOn ?? null,
    puppyName,
  };
}

/** A family's payments, oldest first (the order a statement reads). */
export const paymentsOf = (em: EntityManager, familyId: number) =>
  em.find(
    Payment,
    { family: familyId },
    { orderBy: { paidOn: 'asc', id: 'asc' }, fields: ['id', 'amountCents', 'paidOn', 'method', 'reason'] },
  );

export async function paymentSettings(em: EntityManager): Promise<{ instructions: string; link: string | null }> {
  const row = await em.findOne(PaymentSettings, 1);
  return { instructions: row?.instructions ?? '', link: row?.link ?? null };
}

export async function myPayments(em: EntityManager, userId: number): Promise<MyPaymentsDto> {
  const account = await em.findOne(PaymentAccount, { family: userId });
  const payments = await paymentsOf(em, userId);
  const settings = await paymentSettings(em);
  return {
    terms: account ? termsOf(account, payments, await puppyNames(em, userId)) : null,
    payments: payments.map(toPaymentDto),
    ...settings,
  };
}

const RECEIPT_PURPOSE = 'payment-receipt';

/** The token in a receipt e-mail's link: it opens that one receipt without signing in, as an attachment would. */
export async function receiptToken(em: EntityManager, paymentId: number): Promise<string> {
  return signFor(await linkKey(em), RECEIPT_PURPOSE, String(paymentId));
}

/**
 * A receipt PDF for whoever may read it: the breeder, the family it belongs to, or anyone holding the
 * e-mailed link's token. Anyone else gets NOT_FOUND, the same as for a receipt that does not exist.
 */
export async function readReceipt(
  em: EntityManager,
  user: SessionUser | null,
  paymentId: number,
  token: string | undefined,
): Promise<{ pdf: Buffer; number: string }> {
  const missing = new AppError('NOT_FOUND', PAYMENTS_MESSAGES.paymentNotFound);
  const byToken = token ? verifyFor(await linkKey(em), RECEIPT_PURPOSE, String(paymentId), token) : false;
  if (!byToken && !user) throw missing;
  // The e-mailed link opens it while the family's account exists; once deleted, only the breeder may (decision 121).
  const where = user?.isAdmin
    ? { id: paymentId }
    : byToken
      ? { id: paymentId, family: { $ne: null } }
      : { id: paymentId, family: user!.id };
  const payment = await em.findOne(Payment, where, { fields: ['id', 'receiptPdf'] });
  if (!payment) throw missing;
  return { pdf: Buffer.from(payment.receiptPdf), number: receiptNumber(payment.id) };
}

/**
 * The family deletes its account (decision 121): its terms go (nothing more is owed by nobody, no reminders),
 * its payments stay as accounting records, detached, with the name and address they were recorded under.
 */
export async function erasePaymentsOf(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(PaymentAccount, { family: userId });
  await em.nativeUpdate(Payment, { family: userId }, { family: null, familyErasedAt: new Date() });
}
