// The breeder's payments procedures (all adminProcedure): families, accounts, terms, payments and refunds, instructions, CSV.
import { z } from 'zod';
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { FamilyInputSchema, InstructionsSchema, PaymentListSchema, RecordPaymentSchema, SetTermsSchema } from '../payments.schema.ts';
import {
  adminAccount,
  familyOptions,
  getInstructions,
  keptPayments,
  listAccounts,
  paymentsCsv,
  recordPayment,
  saveInstructions,
  setTerms,
} from './payments.admin-service.ts';

export const paymentsAdminRouter = router({
  families: adminProcedure.input(PaymentListSchema.pick({ search: true })).query(({ ctx, input }) => familyOptions(ctx.em, input.search)),
  list: adminProcedure.input(PaymentListSchema).query(({ ctx, input }) => listAccounts(ctx.em, input)),
  account: adminProcedure.input(FamilyInputSchema).query(({ ctx, input }) => adminAccount(ctx.em, input.familyId)),
  setTerms: adminProcedure.input(SetTermsSchema).mutation(({ ctx, input }) => setTerms(ctx.em, input)),
  record: adminProcedure.input(RecordPaymentSchema).mutation(({ ctx, input }) => recordPayment(ctx.em, ctx.services, input)),
  kept: adminProcedure.input(PaymentListSchema).query(({ ctx, input }) => keptPayments(ctx.em, input)),
  instructions: adminProcedure.query(({ ctx }) => getInstructions(ctx.em)),
  saveInstructions: adminProcedure.input(InstructionsSchema).mutation(({ ctx, input }) => saveInstructions(ctx.em, input)),
  exportCsv: adminProcedure
    .input(z.object({ search: PaymentListSchema.shape.search }).default({ search: undefined }))
    .query(({ ctx, input }) => paymentsCsv(ctx.em, input.search)),
});
