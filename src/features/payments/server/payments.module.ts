// The payments feature's face to the app (decision 146): the ledger, receipts, balance reminders.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Payment, PaymentAccount, PaymentSettings } from './payments.entity.ts';
import { paymentsRouter } from './payments.router.ts';
import { paymentsAdminRouter } from './payments.admin-router.ts';
import { paymentsAdminRest, paymentsRest } from './payments.rest.ts';
import { paymentsToday } from './payments.today.ts';
import { paymentsJobs } from './payments.jobs.ts';
import { erasePaymentsOf } from './payments.service.ts';
import paymentsPlugin from './payments.plugin.ts';

export const paymentsModule = defineFeature({
  name: 'payments',
  entities: [PaymentAccount, Payment, PaymentSettings],
  routers: { payments: paymentsRouter },
  adminRouters: { payments: paymentsAdminRouter },
  rest: [...paymentsRest, ...paymentsAdminRest],
  today: { name: 'payments', source: paymentsToday },
  jobs: paymentsJobs,
  eraseUser: erasePaymentsOf,
  plugins: [paymentsPlugin],
});
