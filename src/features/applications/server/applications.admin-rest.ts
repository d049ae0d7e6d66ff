import { restRoutes, queryValue } from '../../../lib/server/rest.ts';
import { csvHeaders } from '../../../lib/server/csv.ts';
import { applicationsAdminRouter } from './applications.admin-router.ts';
import { ApplicationListSchema, type ApplicationListInput } from '../applications.schema.ts';

export const applicationsAdminRest = restRoutes(applicationsAdminRouter, [
  {
    method: 'GET',
    url: '/api/admin/applications.csv',
    headers: csvHeaders('applications.csv'),
    // Unknown filter values are passed through so the shared schema rejects them with a 400.
    call: (c, { query }) =>
      c.exportCsv({ status: queryValue(query.status) as ApplicationListInput['status'], search: queryValue(query.search) }),
    doc: {
      tag: 'Dashboard',
      summary: 'Applications with every answer, as a CSV file',
      access: 'admin',
      query: ApplicationListSchema.pick({ status: true, search: true }),
      response: 'csv',
      errors: [400, 401, 403],
    },
  },
]);
