import { restRoutes } from '../../../lib/server/rest.ts';
import { SiteSettingsSchema } from '../settings.schema.ts';
import { settingsRouter } from './settings.router.ts';

export const settingsRest = restRoutes(settingsRouter, [
  {
    method: 'GET',
    url: '/api/settings',
    call: (c) => c.get(),
    doc: {
      tag: 'Site',
      summary: 'The breeder’s contact details and home-page copy',
      // The same schema the dashboard saves through: what is stored is what is answered.
      response: SiteSettingsSchema.strict().meta({ id: 'SiteSettings' }),
    },
  },
]);
