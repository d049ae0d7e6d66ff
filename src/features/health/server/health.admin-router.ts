// The breeder's health procedures (all adminProcedure): record for a puppy or a litter, the records list, the
// protocols and which one each litter follows.
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import {
  CareListSchema,
  IdSchema,
  LitterProtocolsSchema,
  PuppyIdSchema,
  RecordCareSchema,
  SaveProtocolSchema,
  SetLitterProtocolSchema,
} from '../health.schema.ts';
import { careList, recordCare, recordFor, recordingOptions, removeCareItem } from './health.service.ts';
import { litterProtocols, protocols, removeProtocol, saveProtocol, setLitterProtocol } from './protocols.service.ts';

export const healthAdminRouter = router({
  options: adminProcedure.query(({ ctx }) => recordingOptions(ctx.em)),
  record: adminProcedure.input(RecordCareSchema).mutation(({ ctx, input }) => recordCare(ctx.em, input)),
  list: adminProcedure.input(CareListSchema).query(({ ctx, input }) => careList(ctx.em, input)),
  puppyRecord: adminProcedure.input(PuppyIdSchema).query(({ ctx, input }) => recordFor(ctx.em, ctx.user, input.puppyId)),
  remove: adminProcedure.input(IdSchema).mutation(({ ctx, input }) => removeCareItem(ctx.em, input.id)),
  protocol: adminProcedure.query(({ ctx }) => protocols(ctx.em)),
  saveProtocol: adminProcedure.input(SaveProtocolSchema).mutation(({ ctx, input }) => saveProtocol(ctx.em, input)),
  removeProtocol: adminProcedure.input(IdSchema).mutation(({ ctx, input }) => removeProtocol(ctx.em, input.id)),
  litterProtocols: adminProcedure.input(LitterProtocolsSchema).query(({ ctx, input }) => litterProtocols(ctx.em, input)),
  setLitterProtocol: adminProcedure.input(SetLitterProtocolSchema).mutation(({ ctx, input }) => setLitterProtocol(ctx.em, input)),
});
