import { restRoutes } from '../../../lib/server/rest.ts';
import { csvHeaders } from '../../../lib/server/csv.ts';
import { queryValue } from '../../../lib/server/rest.ts';
import { subscribersAdminRouter } from './subscribers.admin-router.ts';
import { SubscriberListSchema, type SubscriberListInput } from '../subscribers.schema.ts';

export const subscribersAdminRest = restRoutes(subscribersAdminRouter, [
  {
    method: 'GET',
    url: '/api/admin/subscribers.csv',
    headers: csvHeaders('subscribers.csv'),
    call: (c, { query }) =>
      c.exportCsv({
        status: queryValue(query.status) as SubscriberListInput['status'],
        search: queryValue(query.search),
      }),
    doc: {
      tag: 'Dashboard',
      summary: 'Newsletter subscribers as a CSV file',
      access: 'admin',
      query: SubscriberListSchema.pick({ status: true, search: true }),
      response: 'csv',
      errors: [400, 401, 403],
    },
  },
]);
