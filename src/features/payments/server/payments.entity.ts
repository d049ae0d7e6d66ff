// Money owed and paid, per family: the terms (price, deposit, when the balance is due), each payment or refund with its receipt, and the breeder's instructions.
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../auth/server/user.entity.ts';
import { PAYMENT_METHODS } from '../payments.schema.ts';

/** What one family owes: set by the breeder once the family is matched. Amounts are integer cents. */
export const PaymentAccount = defineEntity({
  name: 'PaymentAccount',
  tableName: 'payment_accounts',
  properties: {
    family: () => p.oneToOne(User).primary().deleteRule('cascade'),
    priceCents: p.integer(),
    depositCents: p.integer(),
    /** YYYY-MM-DD when the balance is due (null: not set). */
    dueOn: p.string().length(10).nullable().index(),
    /** The due date the 7-day reminder was sent for (a new due date gets its own reminder). */
    weekReminderFor: p.string().length(10).nullable(),
    /** The due date the on-the-day reminder was sent for. */
    dayReminderFor: p.string().length(10).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    {
      name: 'payment_accounts_list_order_index',
      expression: 'create index "payment_accounts_list_order_index" on "payment_accounts" ("due_on", "family_id")',
    },
  ],
});
export type IPaymentAccount = InstanceType<typeof PaymentAccount.class>;

/** Money received (positive) or given back (negative, with a reason). Never edited: a mistake is corrected by a refund. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The family's account; null once the family deleted it (the payment is an accounting record and stays: decision 121). */
    family: () => p.manyToOne(User).deleteRule('set null').nullable().index(),
    /** The family's name and address when the payment was recorded. */
    familyName: p.string().length(200).default(''),
    familyEmail: p.string().length(320).nullable(),
    familyErasedAt: p.datetime().nullable().index(),
    amountCents: p.integer(),
    paidOn: p.string().length(10),
    method: p.enum(PAYMENT_METHODS),
    reason: p.string().length(300).nullable(),
    recordedAt: p.datetime().onCreate(() => new Date()),
    /** The receipt PDF made when the payment was recorded (served only to the family and the breeder). */
    receiptPdf: p.blob().lazy(),
  },
  indexes: [
    {
      name: 'payments_kept_order_index',
      expression: 'create index "payments_kept_order_index" on "payments" ("paid_on" desc, "id" desc) where "family_id" is null',
    },
  ],
});
export type IPayment = InstanceType<typeof Payment.class>;

/** The breeder's payment instructions and link (one row, id 1). */
export const PaymentSettings = defineEntity({
  name: 'PaymentSettings',
  tableName: 'payment_settings',
  properties: {
    id: p.integer().primary(),
    instructions: p.text().default(''),
    link: p.string().length(500).nullable(),
  },
});
