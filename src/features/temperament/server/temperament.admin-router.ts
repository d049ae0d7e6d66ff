import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import {
  BlockSchema,
  FitRuleInputSchema,
  FitRulePageSchema,
  FitRuleUpdateSchema,
  LitterIdSchema,
  LitterPageSchema,
  SaveTestSchema,
  ShowToFamiliesSchema,
} from '../temperament.schema.ts';
import {
  createRule,
  fitBoard,
  getRule,
  listLitters,
  listRules,
  litterTests,
  removeRule,
  saveTest,
  setBlocked,
  setShowToFamilies,
  updateRule,
} from './temperament.admin-service.ts';

export const temperamentAdminRouter = router({
  litters: adminProcedure.input(LitterPageSchema).query(({ ctx, input }) => listLitters(ctx.em, input)),
  litter: adminProcedure.input(LitterIdSchema).query(({ ctx, input }) => litterTests(ctx.em, input.litterId)),
  save: adminProcedure.input(SaveTestSchema).mutation(({ ctx, input }) => saveTest(ctx.em, input)),
  setShown: adminProcedure.input(ShowToFamiliesSchema).mutation(({ ctx, input }) => setShowToFamilies(ctx.em, input.litterId, input.show)),
  rules: adminProcedure.input(FitRulePageSchema).query(({ ctx, input }) => listRules(ctx.em, input)),
  rule: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getRule(ctx.em, input.id)),
  createRule: adminProcedure.input(FitRuleInputSchema).mutation(({ ctx, input }) => createRule(ctx.em, input)),
  updateRule: adminProcedure.input(FitRuleUpdateSchema).mutation(({ ctx, input }) => updateRule(ctx.em, input.id, input.rule)),
  removeRule: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => removeRule(ctx.em, input.id)),
  board: adminProcedure.input(LitterIdSchema).query(({ ctx, input }) => fitBoard(ctx.em, input.litterId)),
  block: adminProcedure.input(BlockSchema).mutation(({ ctx, input }) => setBlocked(ctx.em, input)),
});
