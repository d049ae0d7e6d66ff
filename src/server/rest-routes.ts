// Every REST route table, in one list the rest plugin registers: each feature's (src/server/features.ts), and the full
// export's, which is given every feature's records here (src/server/export-sources.ts), as Today is given its sources.
import type { RestEndpoint } from '../lib/server/rest.ts';
import { featureModules } from './features.ts';
import { exportRest } from '../features/export/server/export.rest.ts';
import { EXPORT_SOURCES } from './export-sources.ts';
import { siteHealthAdminRest } from '../features/site-health/server/site-health.rest.ts';
import { HEALTH_SOURCES } from './site-checks.ts';

export const restEndpoints: RestEndpoint[] = [
  ...featureModules.flatMap<RestEndpoint>((m) => ('rest' in m ? [...m.rest] : [])),
  ...exportRest(EXPORT_SOURCES),
  ...siteHealthAdminRest(HEALTH_SOURCES),
];
