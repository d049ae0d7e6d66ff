// The money in the full export (issue 49): payments.csv (the ledger: every payment and refund), payment-accounts.csv
// (each family's price, deposit and due date) and the receipts as PDF files, each read a batch at a time.
import type { ExportFile, ExportFileSet, ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, dollars, isoInstant } from '../../../lib/server/export.ts';

interface PaymentRow {
  id: number;
  family_id: number | null;
  family_name: string;
  family_email: string | null;
  family_erased_at: Date | null;
  amount_cents: number;
  paid_on: string;
  method: string;
  reason: string | null;
  recorded_at: Date;
  has_receipt: boolean;
}

const receiptPath = (id: number) => `receipts/payment-${id}.pdf`;

export const paymentsExport: ExportTable = {
  file: 'payments.csv',
  description: 'The payments ledger: every payment a family made and every refund, with the name and address it was paid under.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The payment's number on this site (on its receipt)." },
    { name: 'paid_on', type: 'date', meaning: 'The day it was paid or refunded (YYYY-MM-DD).' },
    { name: 'kind', type: 'text', meaning: 'payment (the family paid) or refund (the breeder paid back).' },
    {
      name: 'amount',
      type: 'money',
      meaning: 'US dollars, always positive (kind tells the direction: a leading minus would be escaped as a formula).',
    },
    { name: 'method', type: 'text', meaning: 'cash, check, bank-transfer, card or payment-link.' },
    { name: 'reason', type: 'text', meaning: 'What it was for, or why it was refunded.' },
    { name: 'family_id', type: 'integer', meaning: 'The family account (id in families.csv); empty once the account was erased.' },
    { name: 'family_name', type: 'text', meaning: 'The name it was paid under.' },
    { name: 'family_email', type: 'email', meaning: 'The address it was paid under.' },
    { name: 'family_erased_at', type: 'timestamp', meaning: 'When the family’s account was erased; the record stays for the books (UTC).' },
    { name: 'recorded_at', type: 'timestamp', meaning: 'When it was entered (UTC).' },
    { name: 'receipt_file', type: 'file', meaning: 'The receipt PDF in this zip (receipts/payment-<id>.pdf).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<PaymentRow[]>(
      `select "id", "family_id", "family_name", "family_email", "family_erased_at", "amount_cents", "paid_on", "method", "reason",
              "recorded_at", "receipt_pdf" is not null and octet_length("receipt_pdf") > 0 as "has_receipt"
       from "payments" where "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      paid_on: r.paid_on,
      kind: r.amount_cents < 0 ? 'refund' : 'payment',
      amount: dollars(Math.abs(r.amount_cents)),
      method: r.method,
      reason: r.reason,
      family_id: r.family_id === null ? null : Number(r.family_id),
      family_name: r.family_name,
      family_email: r.family_email,
      family_erased_at: isoInstant(r.family_erased_at),
      recorded_at: isoInstant(r.recorded_at),
      receipt_file: r.has_receipt ? receiptPath(Number(r.id)) : null,
    }));
  },
};

export const paymentAccountsExport: ExportTable = {
  file: 'payment-accounts.csv',
  description: 'What each family owes: the agreed price, the deposit and the day the balance is due.',
  columns: [
    { name: 'family_id', type: 'integer', meaning: 'The family account (id in families.csv).' },
    { name: 'price', type: 'money', meaning: 'The agreed price of the puppy, in US dollars.' },
    { name: 'deposit', type: 'money', meaning: 'The deposit asked, in US dollars.' },
    { name: 'due_on', type: 'date', meaning: 'When the balance is due (YYYY-MM-DD).' },
    { name: 'updated_at', type: 'timestamp', meaning: 'Last change (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<
      { family_id: number; price_cents: number; deposit_cents: number; due_on: string | null; updated_at: Date }[]
    >(
      `select "family_id", "price_cents", "deposit_cents", "due_on", "updated_at" from "payment_accounts"
       where "family_id" > ? order by "family_id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.family_id),
      family_id: Number(r.family_id),
      price: dollars(r.price_cents),
      deposit: dollars(r.deposit_cents),
      due_on: r.due_on,
      updated_at: isoInstant(r.updated_at),
    }));
  },
};

export const receiptsExport: ExportFileSet = {
  folder: 'receipts',
  description: 'Each payment’s receipt as the family received it (PDF), named by the payment’s id (receipt_file in payments.csv).',
  list: async (em, last, limit) => {
    const rows = await em.execute<{ id: number }[]>(
      `select "id" from "payments" where "receipt_pdf" is not null and octet_length("receipt_pdf") > 0 and "id" > ? order by "id" limit ?`,
      [last ? Number(last.key) : 0, limit],
    );
    return rows.map((r): ExportFile => ({
      key: Number(r.id),
      path: receiptPath(Number(r.id)),
      open: async () => {
        // As base64 text: Node decodes it natively, where the driver's bytea parsing runs in JavaScript (media-store.ts).
        const [found] = await em.execute<{ b: string }[]>(`select encode("receipt_pdf", 'base64') as "b" from "payments" where "id" = ?`, [
          r.id,
        ]);
        return found ? Buffer.from(found.b, 'base64') : null;
      },
    }));
  },
};
