// Every feature's checks on the Site health list (lib/server/site-health.ts): the screen, GET /api/admin/health and
// `npm run doctor` run the same list, composed here as Today is.
import type { HealthSource } from '../lib/server/site-health.ts';
import { featureModules } from './features.ts';

export const HEALTH_SOURCES: readonly HealthSource[] = featureModules.flatMap<HealthSource>((m) => ('health' in m ? [m.health] : []));
