// The breeder's health procedures (all adminProcedure): record for a puppy or a litter, the records list, the protocol.
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { CareListSchema, IdSchema, PuppyIdSchema, RecordCareSchema, SaveProtocolSchema } from '../health.schema.ts';
import { careList, protocol, recordCare, recordFor, recordingOptions, removeCareItem, saveProtocol } from './health.service.ts';

export const healthAdminRouter = router({
  options: adminProcedure.query(({ ctx }) => recordingOptions(ctx.em)),
  record: adminProcedure.input(RecordCareSchema).mutation(({ ctx, input }) => recordCare(ctx.em, input)),
  list: adminProcedure.input(CareListSchema).query(({ ctx, input }) => careList(ctx.em, input)),
  puppyRecord: adminProcedure.input(PuppyIdSchema).query(({ ctx, input }) => recordFor(ctx.em, ctx.user, input.puppyId)),
  remove: adminProcedure.input(IdSchema).mutation(({ ctx, input }) => removeCareItem(ctx.em, input.id)),
  protocol: adminProcedure.query(({ ctx }) => protocol(ctx.em)),
  saveProtocol: adminProcedure.input(SaveProtocolSchema).mutation(({ ctx, input }) => saveProtocol(ctx.em, input)),
});
