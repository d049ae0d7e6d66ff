// Everything the dashboard calls: appRouter.admin, one entry per feature's admin router (all adminProcedure).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { router } from '../lib/server/trpc.ts';
import { type ReleaseMedia } from '../lib/server/media-release.ts';
import { deleteMedia, mediaIdFromUrl } from '../features/media/server/media.service.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { Litter } from '../features/litters/server/litter.entity.ts';
import { ParentDog } from '../features/parents/server/parent-dog.entity.ts';
import { GalleryImage } from '../features/gallery/server/gallery-image.entity.ts';
import { Testimonial } from '../features/testimonials/server/testimonial.entity.ts';
import { SiteSettings } from '../features/settings/server/site-settings.entity.ts';
import { puppiesAdminRouter } from '../features/puppies/server/puppies.admin-router.ts';
import { littersAdminRouter } from '../features/litters/server/litters.admin-router.ts';
import { parentsAdminRouter } from '../features/parents/server/parents.admin-router.ts';
import { galleryAdminRouter } from '../features/gallery/server/gallery.admin-router.ts';
import { testimonialsAdminRouter } from '../features/testimonials/server/testimonials.admin-router.ts';
import { inquiriesAdminRouter } from '../features/inquiries/server/inquiries.admin-router.ts';
import { subscribersAdminRouter } from '../features/subscribers/server/subscribers.admin-router.ts';
import { settingsAdminRouter } from '../features/settings/server/settings.admin-router.ts';
import { usersAdminRouter } from '../features/auth/server/users.admin-router.ts';

export const adminRouter = router({
  puppies: puppiesAdminRouter,
  litters: littersAdminRouter,
  parents: parentsAdminRouter,
  gallery: galleryAdminRouter,
  testimonials: testimonialsAdminRouter,
  inquiries: inquiriesAdminRouter,
  subscribers: subscribersAdminRouter,
  settings: settingsAdminRouter,
  users: usersAdminRouter,
});

/**
 * The releaseMedia hook (ctx.services.releaseMedia) for admin saves: an upload that a replaced or
 * deleted photo or video stopped using is deleted, with its cached variants, once no puppy, litter,
 * parent dog, gallery image, testimonial or site setting refers to it any more.
 */
export function releaseUnusedMedia(orm: MikroORM, log: Pick<FastifyBaseLogger, 'warn'>): ReleaseMedia {
  return async (urls) => {
    const em = orm.em.fork();
    const ids = new Set(urls.map(mediaIdFromUrl).filter((id): id is string => id !== null));
    for (const id of ids) {
      try {
        const url = { $ilike: `/uploads/${id}.%` };
        const uses = await Promise.all([
          em.count(Puppy, { imageUrl: url }),
          em.count(Litter, { imageUrl: url }),
          em.count(ParentDog, { imageUrl: url }),
          em.count(GalleryImage, { imageUrl: url }),
          em.count(Testimonial, { imageUrl: url }),
          em.count(SiteSettings, { $or: [{ heroImageUrl: url }, { heroVideoUrl: url }] }),
        ]);
        if (uses.every((n) => n === 0)) await deleteMedia(em, id);
      } catch (err) {
        log.warn({ err, mediaId: id }, 'releasing an unused upload failed');
      }
    }
  };
}
