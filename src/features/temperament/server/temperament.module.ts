// The temperament feature's face to the app (decision 146): puppies' aptitude tests, the fit rules, the breeder's marks.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { FitRule, PuppyBlock, TemperamentLitterSetting, TemperamentSettings, TemperamentTestRecord } from './temperament.entity.ts';
import { temperamentRouter } from './temperament.router.ts';
import { temperamentAdminRouter } from './temperament.admin-router.ts';
import { temperamentToday } from './temperament.today.ts';

export const temperamentModule = defineFeature({
  name: 'temperament',
  entities: [TemperamentTestRecord, TemperamentLitterSetting, FitRule, PuppyBlock, TemperamentSettings],
  routers: { temperament: temperamentRouter },
  adminRouters: { temperament: temperamentAdminRouter },
  today: { name: 'temperament', source: temperamentToday },
  // A deleted family's marks go with its account (the foreign key cascades); its tests are the puppies'.
});
