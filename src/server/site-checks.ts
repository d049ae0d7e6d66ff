// Every feature's checks on the Site health list (lib/server/site-health.ts): the screen, GET /api/admin/health and
// `npm run doctor` run the same list, composed here as Today is. The site's own checks (address, proxy, database,
// mail, DNS, backups…) come first, then the other features' in the modules' order.
import type { HealthSource } from '../lib/server/site-health.ts';
import { featureModules } from './features.ts';
import { siteHealthModule } from '../features/site-health/server/site-health.module.ts';

export const HEALTH_SOURCES: readonly HealthSource[] = [
  siteHealthModule.health,
  ...featureModules.flatMap<HealthSource>((m) => (m !== siteHealthModule && 'health' in m ? [m.health] : [])),
];
