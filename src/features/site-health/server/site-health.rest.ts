import { restRoutes } from '../../../lib/server/rest.ts';
import type { HealthSource } from '../../../lib/server/site-health.ts';
import { HealthReportSchema } from '../site-health.schema.ts';
import { createSiteHealthAdminRouter } from './site-health.admin-router.ts';

export const siteHealthAdminRest = (sources: readonly HealthSource[]) =>
  restRoutes(createSiteHealthAdminRouter(sources), [
    {
      method: 'GET',
      url: '/api/admin/health',
      call: (c) => c.report(),
      doc: {
        tag: 'Dashboard',
        summary: 'Site health: every check with its state, what it means and the exact fix',
        description:
          'The list the dashboard’s Site health screen and `npm run doctor` show: the public address and proxy headers (as this request arrived), the database and its migrations, free disk, outgoing e-mail, the SPF, DKIM, DMARC and MX records, backups, the contract signing certificate, ffmpeg and heif-convert, web push keys and Node. `state` is fail when any check fails.',
        access: 'admin',
        response: HealthReportSchema.meta({ id: 'HealthReport' }),
        errors: [401, 403],
      },
    },
  ]);
