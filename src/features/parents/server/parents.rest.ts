import { restRoutes } from '../../../lib/server/rest.ts';
import { parentsRouter } from './parents.router.ts';

export const parentsRest = restRoutes(parentsRouter, [
  { method: 'GET', url: '/api/parents/featured', call: (c) => c.featured() },
]);
