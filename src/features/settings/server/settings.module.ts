// The settings feature's face to the app (decision 146).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { SiteSettings, siteSettingsMediaRefs } from './site-settings.entity.ts';
import { settingsRouter } from './settings.router.ts';
import { settingsAdminRouter } from './settings.admin-router.ts';
import { settingsRest } from './settings.rest.ts';

export const settingsModule = defineFeature({
  name: 'settings',
  entities: [SiteSettings],
  routers: { settings: settingsRouter },
  adminRouters: { settings: settingsAdminRouter },
  rest: settingsRest,
  mediaReferences: [siteSettingsMediaRefs],
});
