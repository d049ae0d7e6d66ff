import { restRoutes } from '../../../lib/server/rest.ts';
import { littersRouter } from './litters.router.ts';

export const littersRest = restRoutes(littersRouter, [
  { method: 'GET', url: '/api/litters/active', call: (c) => c.active() },
]);
