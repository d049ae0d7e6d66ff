import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { getSettings } from './settings.service.ts';

export const settingsRouter = router({
  get: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('settings.get', () => getSettings(ctx.em))),
});
