// Payments' shared shapes: amounts as typed by people (checked to the cent), terms, payments and refunds, instructions, DTOs, messages.
import { z } from 'zod';
import { PageInputSchema } from '../../lib/shared/paging.ts';
import { MONEY_MESSAGES, parseMoney } from './money.ts';

export const PAYMENT_METHODS = ['cash', 'check', 'bank-transfer', 'card', 'payment-link'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  'payment-link': 'Payment link',
};

export const PAYMENTS_MESSAGES = {
  familyNotFound: 'Family not found.',
  paymentNotFound: 'Payment not found.',
  noTerms: 'Set the price for this family first.',
  zero: 'A payment can’t be $0.00.',
  refundNeedsReason: 'A refund needs a reason.',
  negativePrice: 'The price can’t be negative.',
  negativeDeposit: 'The deposit can’t be negative.',
  depositOverPrice: 'The deposit can’t be more than the price.',
  date: 'Enter a date like 2026-12-24.',
  method: 'Choose how it was paid.',
  link: 'Enter a link that starts with https://.',
  instructionsTooLong: 'Keep the instructions under 2,000 characters.',
  reasonTooLong: 'Keep the reason under 300 characters.',
  saved: 'Payment terms saved',
  recorded: 'Payment recorded',
  instructionsSaved: 'Payment instructions saved',
} as const;

/** An amount as people type it ("1,250.00") or as a number of dollars; becomes integer cents, or a clear message. */
export const AmountSchema = z
  .union([z.string().max(40, MONEY_MESSAGES.invalid), z.number()], { error: MONEY_MESSAGES.invalid })
  .transform((value, ctx) => {
    const parsed = parseMoney(typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'x') : value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.cents;
  });

const DateSchema = z.iso.date({ error: PAYMENTS_MESSAGES.date });
const FamilyIdSchema = z.number({ error: PAYMENTS_MESSAGES.familyNotFound }).int().positive();

export const FamilyInputSchema = z.object({ familyId: FamilyIdSchema });

export const SetTermsSchema = z
  .object({
    familyId: FamilyIdSchema,
    price: AmountSchema.refine((c) => c >= 0, PAYMENTS_MESSAGES.negativePrice),
    deposit: AmountSchema.refine((c) => c >= 0, PAYMENTS_MESSAGES.negativeDeposit),
    /** When the balance is due; null: not set yet. */
    dueOn: DateSchema.nullable(),
  })
  .refine((t) => t.deposit <= t.price, { path: ['deposit'], message: PAYMENTS_MESSAGES.depositOverPrice });
export type SetTermsInput = z.input<typeof SetTermsSchema>;

export const RecordPaymentSchema = z
  .object({
    familyId: FamilyIdSchema,
    amount: AmountSchema,
    paidOn: DateSchema,
    method: z.enum(PAYMENT_METHODS, { error: PAYMENTS_MESSAGES.method }),
    /** Why money went back: required for a refund (a negative amount). */
    reason: z
      .string()
      .trim()
      .max(300, PAYMENTS_MESSAGES.reasonTooLong)
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((p, ctx) => {
    if (p.amount === 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: PAYMENTS_MESSAGES.zero });
    if (p.amount < 0 && !p.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: PAYMENTS_MESSAGES.refundNeedsReason });
  });
export type RecordPaymentInput = z.input<typeof RecordPaymentSchema>;

export const InstructionsSchema = z.object({
  instructions: z.string().trim().max(2000, PAYMENTS_MESSAGES.instructionsTooLong),
  link: z
    .string()
    .trim()
    .max(500, PAYMENTS_MESSAGES.link)
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), PAYMENTS_MESSAGES.link)
    .transform((v) => v || null),
});
export type InstructionsInput = z.input<typeof InstructionsSchema>;

export const PaymentListSchema = PageInputSchema;
export const PaymentIdSchema = z.object({ paymentId: z.number().int().positive() });

export interface PaymentDto {
  id: number;
  amountCents: number;
  paidOn: string;
  method: PaymentMethod;
  reason: string | null;
  /** Receipt number shown on the PDF, e.g. R-000012. */
  receiptNumber: string;
}

export interface TermsDto {
  priceCents: number;
  depositCents: number;
  paidCents: number;
  balanceCents: number;
  depositDueCents: number;
  dueOn: string | null;
  puppyName: string | null;
}

export interface MyPaymentsDto {
  terms: TermsDto | null;
  payments: PaymentDto[];
  instructions: string;
  link: string | null;
}

export interface FamilyAccountDto extends TermsDto {
  /** The family's user id (the list's row id). */
  id: number;
  familyId: number;
  familyName: string;
  username: string;
  email: string | null;
}

export interface AdminAccountDto {
  familyId: number;
  familyName: string;
  username: string;
  email: string | null;
  puppyName: string | null;
  terms: TermsDto | null;
  payments: PaymentDto[];
}

/** A payment kept after its family deleted the account (decision 121), with the name and address it was paid under. */
export interface KeptPaymentDto extends PaymentDto {
  familyName: string;
  familyEmail: string | null;
  erasedAt: string;
}

export interface FamilyOptionDto {
  id: number;
  name: string;
  puppyName: string | null;
  /** The breeder already set this family's terms. */
  hasTerms: boolean;
  /**
   * What new terms start from (decision 141): the price, deposit and pickup date of the family's latest contract
   * (not voided), else the puppy's price.
   */
  suggested: { priceCents: number | null; depositCents: number | null; dueOn: string | null };
}

export const receiptNumber = (id: number) => `R-${String(id).padStart(6, '0')}`;
