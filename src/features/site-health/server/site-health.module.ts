// The site-health feature's face to the app (decisions 146, 173-176): the site's facts about itself, the setup link's
// door, the newest backup's download, Today's go-live and backup lines, and its checks. Its admin router and REST
// route are composed on the top floor from every feature's checks (src/server/site-checks.ts), as Today is.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { SiteState } from './site-state.entity.ts';
import { siteHealthToday } from './go-live.ts';
import { siteHealthChecks } from './checks.ts';
import setupGate from './setup-gate.plugin.ts';
import backupDownload from './backup-download.plugin.ts';

export const siteHealthModule = defineFeature({
  name: 'site-health',
  entities: [SiteState],
  today: { name: 'site', source: siteHealthToday },
  health: siteHealthChecks,
  plugins: [setupGate, backupDownload],
});
