import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { getSettings } from './settings.service.ts';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => getSettings(ctx.em)),
});
