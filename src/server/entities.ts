// The one list of entities MikroORM knows about: every feature's (src/server/features.ts) and the library's own.
import { AppSecret } from '../lib/server/app-secret.entity.ts';
import { RateLimitCounter } from '../lib/server/rate-limit.entity.ts';
import type { FeatureEntity } from '../lib/server/feature-module.ts';
import { featureModules } from './features.ts';

export const entities: FeatureEntity[] = [
  ...featureModules.flatMap<FeatureEntity>((m) => ('entities' in m ? [...m.entities] : [])),
  AppSecret,
  RateLimitCounter,
];
