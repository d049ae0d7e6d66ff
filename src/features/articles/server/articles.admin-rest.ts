import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { PreviewInputSchema } from '../articles.schema.ts';
import { articlesAdminRouter } from './articles.admin-router.ts';

export const articlesAdminRest = restRoutes(articlesAdminRouter, [
  // Up to 200 KB of Markdown, JSON-escaped; the schema answers a clear 400 above the cap.
  {
    method: 'POST',
    url: '/api/admin/articles/preview',
    bodyLimit: 1024 * 1024,
    call: (c, req) => c.preview(req.body as { body: string }),
    doc: {
      tag: 'Dashboard',
      summary: 'Render Markdown exactly as a published article would be (sanitised HTML)',
      access: 'admin',
      body: PreviewInputSchema,
      response: z.strictObject({ html: z.string(), readingMinutes: z.number().int() }),
      errors: [400, 401, 403],
    },
  },
]);
