// The breeder's contract procedures (all adminProcedure): templates, contracts from prepare to sealed, the certificate.
import { z } from 'zod';
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import {
  ContractListSchema,
  CountersignSchema,
  IdSchema,
  PrepareContractSchema,
  PreviewContractSchema,
  SaveTemplateSchema,
  SendContractSchema,
  TemplateListSchema,
  UpdateContractSchema,
  VoidContractSchema,
} from '../contracts.schema.ts';
import {
  contractById,
  countersignContract,
  listContracts,
  listTemplates,
  matchedFamilies,
  prepareContract,
  previewContract,
  saveTemplate,
  sendContract,
  updateContract,
  voidContract,
} from './contracts.admin-service.ts';
import { certificateInfo, replaceCertificate } from './signing-key.ts';

const ReplaceCertificateSchema = z.object({
  p12: z
    .string()
    .min(1)
    .max(100_000)
    .regex(/^[A-Za-z0-9+/=]+$/),
  passphrase: z.string().max(200),
});

export const contractsAdminRouter = router({
  templates: adminProcedure.input(TemplateListSchema).query(({ ctx, input }) => listTemplates(ctx.em, input)),
  saveTemplate: adminProcedure.input(SaveTemplateSchema).mutation(({ ctx, input }) => saveTemplate(ctx.em, input)),
  list: adminProcedure.input(ContractListSchema).query(({ ctx, input }) => listContracts(ctx.em, input)),
  families: adminProcedure
    .input(z.object({ search: z.string().trim().max(100).optional() }))
    .query(({ ctx, input }) => matchedFamilies(ctx.em, input.search)),
  byId: adminProcedure.input(IdSchema).query(({ ctx, input }) => contractById(ctx, input.id)),
  prepare: adminProcedure.input(PrepareContractSchema).mutation(({ ctx, input }) => prepareContract(ctx, input)),
  update: adminProcedure.input(UpdateContractSchema).mutation(({ ctx, input }) => updateContract(ctx, input)),
  // A query-like read of unsaved values: a mutation so the values travel in the body, not the URL.
  preview: adminProcedure.input(PreviewContractSchema).mutation(({ ctx, input }) => previewContract(ctx, input)),
  send: adminProcedure.input(SendContractSchema).mutation(({ ctx, input }) => sendContract(ctx, input)),
  countersign: adminProcedure.input(CountersignSchema).mutation(({ ctx, input }) => countersignContract(ctx, input)),
  void: adminProcedure.input(VoidContractSchema).mutation(({ ctx, input }) => voidContract(ctx, input)),
  certificate: adminProcedure.query(async ({ ctx }) => certificateInfo(ctx.em, (await ctx.services.mail.breeder(ctx.em)).name)),
  replaceCertificate: adminProcedure
    .input(ReplaceCertificateSchema)
    .mutation(({ ctx, input }) => replaceCertificate(ctx.em, input.p12, input.passphrase)),
});
