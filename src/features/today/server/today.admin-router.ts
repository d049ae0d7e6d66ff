// appRouter.admin.today: the breeder's Today screen in one request. The app passes the sources (features never import each other).
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { gatherToday, type NamedTodaySource } from './today.service.ts';

export function createTodayAdminRouter(sources: readonly NamedTodaySource[], log: { warn: (obj: object, msg: string) => void } = console) {
  return router({
    get: adminProcedure.query(({ ctx }) => gatherToday(ctx.em, sources, new Date(), log, ctx.services)),
  });
}
