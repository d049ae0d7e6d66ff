import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema, PageInputSchema } from '../../../lib/shared/paging.ts';
import { GalleryImageInputSchema, GalleryImageUpdateSchema, GalleryReorderSchema } from '../gallery.schema.ts';
import {
  createGalleryImage,
  getGalleryImageAdmin,
  listGalleryAdmin,
  removeGalleryImage,
  reorderGallery,
  updateGalleryImage,
} from './gallery.admin-service.ts';

export const galleryAdminRouter = router({
  list: adminProcedure.input(PageInputSchema).query(({ ctx, input }) => listGalleryAdmin(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getGalleryImageAdmin(ctx.em, input.id)),
  create: adminProcedure.input(GalleryImageInputSchema).mutation(({ ctx, input }) => createGalleryImage(ctx.em, input)),
  update: adminProcedure.input(GalleryImageUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...data } = input;
    const { image, releasedUrl } = await updateGalleryImage(ctx.em, id, data);
    await ctx.services.media.release([releasedUrl]);
    return image;
  }),
  reorder: adminProcedure.input(GalleryReorderSchema).mutation(({ ctx, input }) => reorderGallery(ctx.em, input.ids)),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrl } = await removeGalleryImage(ctx.em, input.id);
    await ctx.services.media.release([releasedUrl]);
    return { ok: true as const };
  }),
});
