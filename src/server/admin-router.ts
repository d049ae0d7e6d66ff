// Everything the dashboard calls: appRouter.admin, one entry per feature's admin router (all adminProcedure).
import { router } from '../lib/server/trpc.ts';
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
