// The family's temperament procedure: its own litters' results only (no input, so no one else's id to send).
import { authedProcedure, router } from '../../../lib/server/trpc.ts';
import { myTemperament } from './temperament.service.ts';

export const temperamentRouter = router({
  mine: authedProcedure.query(({ ctx }) => myTemperament(ctx.em, ctx.user.id)),
});
