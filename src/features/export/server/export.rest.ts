// GET /api/admin/export: the full export for the dashboard's button and for other clients.
import { restRoutes } from '../../../lib/server/rest.ts';
import { EXPORT_PATH } from '../export.schema.ts';
import { createExportAdminRouter } from './export.admin-router.ts';
import type { ExportSources } from './export.service.ts';

export const zipHeaders = (filename: string) => ({
  'content-type': 'application/zip',
  'content-disposition': `attachment; filename="${filename}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

export const exportRest = (sources: ExportSources) =>
  restRoutes(createExportAdminRouter(sources), [
    {
      method: 'GET',
      url: EXPORT_PATH,
      headers: zipHeaders('goldendoodle-export.zip'),
      call: (c) => c.download(),
      doc: {
        tag: 'Dashboard',
        summary: 'Every record of the site as one zip file',
        description:
          'A zip streamed as it is written: a CSV per kind of record (families, applications, waitlist, dogs, dog health tests, ' +
          'litters, puppies, payments, payment accounts, contracts, health records, bookings, messages, subscribers, articles, ' +
          'media), the media originals under media/, the sealed contracts under contracts/, the receipts under receipts/, and ' +
          'manifest.json (last) describing every file’s columns (name, type, meaning) and its row count.',
        access: 'admin',
        response: 'zip',
        errors: [401, 403],
      },
    },
  ]);
