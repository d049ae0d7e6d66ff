import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { SiteSettingsSchema } from '../settings.schema.ts';
import { getSettings } from './settings.service.ts';
import { updateSettings } from './settings.admin-service.ts';

export const settingsAdminRouter = router({
  get: adminProcedure.query(({ ctx }) => getSettings(ctx.em)),
  update: adminProcedure.input(SiteSettingsSchema).mutation(async ({ ctx, input }) => {
    const { settings, releasedUrls } = await updateSettings(ctx.em, input);
    await ctx.services.media.release(releasedUrls);
    return settings;
  }),
});
