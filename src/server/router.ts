// The root tRPC router: one entry per feature router.
import { router } from '../lib/server/trpc.ts';
import { puppiesRouter } from '../features/puppies/server/puppies.router.ts';
import { littersRouter } from '../features/litters/server/litters.router.ts';
import { parentsRouter } from '../features/parents/server/parents.router.ts';
import { galleryRouter } from '../features/gallery/server/gallery.router.ts';
import { testimonialsRouter } from '../features/testimonials/server/testimonials.router.ts';
import { inquiriesRouter } from '../features/inquiries/server/inquiries.router.ts';
import { subscribersRouter } from '../features/subscribers/server/subscribers.router.ts';
import { settingsRouter } from '../features/settings/server/settings.router.ts';
import { authRouter } from '../features/auth/server/auth.router.ts';
import { adminRouter } from './admin-router.ts';

export const appRouter = router({
  puppies: puppiesRouter,
  litters: littersRouter,
  parents: parentsRouter,
  gallery: galleryRouter,
  testimonials: testimonialsRouter,
  inquiries: inquiriesRouter,
  subscribers: subscribersRouter,
  settings: settingsRouter,
  auth: authRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
