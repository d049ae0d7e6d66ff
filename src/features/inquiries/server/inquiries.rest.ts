import { restRoutes } from '../../../lib/server/rest.ts';
import { OkSchema } from '../../../lib/shared/api-error.ts';
import { InquirySchema } from '../inquiries.schema.ts';
import { inquiriesRouter } from './inquiries.router.ts';

/** SPEC: more than 10 KB of JSON is refused (400) before it reaches the procedure. */
export const INQUIRY_BODY_LIMIT = 10 * 1024;

export const inquiriesRest = restRoutes(inquiriesRouter, [
  {
    method: 'POST',
    url: '/api/inquiries',
    status: 201,
    bodyLimit: INQUIRY_BODY_LIMIT,
    call: (c, { body }) => c.create(body as never),
    doc: {
      tag: 'Inquiries',
      summary: 'Send the breeder a message (the contact form)',
      body: InquirySchema,
      response: OkSchema,
      errors: [400, 429],
    },
  },
]);
