// The gallery feature's face to the app (decision 146).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { GalleryImage, galleryImageMediaRefs } from './gallery-image.entity.ts';
import { galleryRouter } from './gallery.router.ts';
import { galleryAdminRouter } from './gallery.admin-router.ts';
import { galleryRest } from './gallery.rest.ts';

export const galleryModule = defineFeature({
  name: 'gallery',
  entities: [GalleryImage],
  routers: { gallery: galleryRouter },
  adminRouters: { gallery: galleryAdminRouter },
  rest: galleryRest,
  mediaReferences: [galleryImageMediaRefs],
});
