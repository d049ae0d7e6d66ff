import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { listGallery } from './gallery.service.ts';

export const galleryRouter = router({
  list: publicProcedure.query(({ ctx }) => ctx.services.publicCache.wrap('gallery.list', () => listGallery(ctx.em))),
});
