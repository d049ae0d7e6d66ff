import { restRoutes } from '../../../lib/server/rest.ts';
import { csvHeaders } from '../../../lib/server/csv.ts';
import { queryValue } from '../../../lib/server/rest.ts';
import { inquiriesAdminRouter } from './inquiries.admin-router.ts';
import { InquiryListSchema, type InquiryListInput } from '../inquiries.schema.ts';

export const inquiriesAdminRest = restRoutes(inquiriesAdminRouter, [
  {
    method: 'GET',
    url: '/api/admin/inquiries.csv',
    headers: csvHeaders('inquiries.csv'),
    // Unknown filter values are passed through so the shared schema rejects them with a 400.
    call: (c, { query }) =>
      c.exportCsv({
        status: queryValue(query.status) as InquiryListInput['status'],
        interest: queryValue(query.interest) as InquiryListInput['interest'],
        search: queryValue(query.search),
      }),
    doc: {
      tag: 'Dashboard',
      summary: 'Inquiries as a CSV file (every match of the filters)',
      access: 'admin',
      query: InquiryListSchema.pick({ status: true, interest: true, search: true }),
      response: 'csv',
      errors: [400, 401, 403],
    },
  },
]);
