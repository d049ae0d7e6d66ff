import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import {
  ApplicationListSchema,
  DepositSchema,
  MatchSchema,
  MoveListSchema,
  NotesSchema,
  ReorderSchema,
  StatusChangeSchema,
  WaitlistQuerySchema,
} from '../applications.schema.ts';
import {
  applicationsCsv,
  changeStatus,
  getApplication,
  listApplications,
  listWaitlist,
  matchPuppy,
  moveToList,
  newApplicationCount,
  openApplication,
  reorderWaitlist,
  setApplicationNotes,
  setDeposit,
} from './applications.admin-service.ts';

export const applicationsAdminRouter = router({
  list: adminProcedure.input(ApplicationListSchema).query(({ ctx, input }) => listApplications(ctx.em, input)),
  newCount: adminProcedure.query(({ ctx }) => newApplicationCount(ctx.em)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getApplication(ctx.em, input.id)),
  /** Opening an application marks it read, so this is a mutation. */
  open: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => openApplication(ctx.em, input.id)),
  setNotes: adminProcedure.input(NotesSchema).mutation(({ ctx, input }) => setApplicationNotes(ctx.em, input)),
  changeStatus: adminProcedure.input(StatusChangeSchema).mutation(({ ctx, input }) => changeStatus(ctx.em, ctx.user, input, ctx.services)),
  exportCsv: adminProcedure
    .input(ApplicationListSchema.omit({ page: true }).default({}))
    .query(({ ctx, input }) => applicationsCsv(ctx.em, input)),
  waitlist: adminProcedure.input(WaitlistQuerySchema).query(({ ctx, input }) => listWaitlist(ctx.em, input.litterId)),
  reorder: adminProcedure.input(ReorderSchema).mutation(({ ctx, input }) => reorderWaitlist(ctx.em, input)),
  moveToList: adminProcedure.input(MoveListSchema).mutation(({ ctx, input }) => moveToList(ctx.em, input)),
  setDeposit: adminProcedure.input(DepositSchema).mutation(({ ctx, input }) => setDeposit(ctx.em, input)),
  match: adminProcedure.input(MatchSchema).mutation(({ ctx, input }) => matchPuppy(ctx.em, ctx.user, input, ctx.services)),
});
