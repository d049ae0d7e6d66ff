import { restRoutes } from '../../../lib/server/rest.ts';
import { galleryRouter } from './gallery.router.ts';

export const galleryRest = restRoutes(galleryRouter, [
  { method: 'GET', url: '/api/gallery', call: (c) => c.list() },
]);
