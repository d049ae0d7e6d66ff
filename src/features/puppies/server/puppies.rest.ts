import { restRoutes } from '../../../lib/server/rest.ts';
import { puppiesRouter } from './puppies.router.ts';

export const puppiesRest = restRoutes(puppiesRouter, [
  { method: 'GET', url: '/api/puppies/featured', call: (c) => c.featured() },
]);
