// REST for other clients: the signed-in family's payments, and the breeder's CSV export of every payment.
import { z } from 'zod';
import { restRoutes, queryValue } from '../../../lib/server/rest.ts';
import { csvHeaders } from '../../../lib/server/csv.ts';
import { PAYMENT_METHODS, type MyPaymentsDto } from '../payments.schema.ts';
import { paymentsRouter } from './payments.router.ts';
import { paymentsAdminRouter } from './payments.admin-router.ts';

const Cents = z.number().int().describe('An amount in integer cents (negative for a refund).');
const MyPaymentsSchema = z
  .strictObject({
    terms: z
      .strictObject({
        priceCents: Cents,
        depositCents: Cents,
        paidCents: Cents,
        balanceCents: Cents,
        depositDueCents: Cents,
        dueOn: z.iso.date().nullable(),
        puppyName: z.string().nullable(),
      })
      .nullable(),
    payments: z.array(
      z.strictObject({
        id: z.number().int(),
        amountCents: Cents,
        paidOn: z.iso.date(),
        method: z.enum(PAYMENT_METHODS),
        reason: z.string().nullable(),
        receiptNumber: z.string(),
      }),
    ),
    instructions: z.string(),
    link: z.string().nullable(),
  })
  .meta({ id: 'MyPayments' }) satisfies z.ZodType<MyPaymentsDto>;

export const paymentsRest = restRoutes(paymentsRouter, [
  {
    method: 'GET',
    url: '/api/payments/mine',
    call: (c) => c.mine(),
    doc: {
      tag: 'Payments',
      summary: 'The signed-in family’s price, deposit, balance and due date, each payment and refund, and how to pay',
      description: 'Each payment’s receipt PDF is at /receipts/{receiptNumber}.pdf for the signed-in family.',
      access: 'signed-in',
      response: MyPaymentsSchema,
      errors: [401],
    },
  },
]);

export const paymentsAdminRest = restRoutes(paymentsAdminRouter, [
  {
    method: 'GET',
    url: '/api/admin/payments.csv',
    headers: csvHeaders('payments.csv'),
    call: (c, { query }) => c.exportCsv({ search: queryValue(query.search) }),
    doc: {
      tag: 'Dashboard',
      summary: 'Every payment and refund, oldest first, as a CSV file',
      access: 'admin',
      query: z.object({ search: z.string().max(100).optional() }),
      response: 'csv',
      errors: [400, 401, 403],
    },
  },
]);
