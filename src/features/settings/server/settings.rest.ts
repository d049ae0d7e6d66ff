import { restRoutes } from '../../../lib/server/rest.ts';
import { settingsRouter } from './settings.router.ts';

export const settingsRest = restRoutes(settingsRouter, [
  { method: 'GET', url: '/api/settings', call: (c) => c.get() },
]);
