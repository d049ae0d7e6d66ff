// Every feature's contribution to the dashboard's Today screen (lib/server/today.ts), under the name shown when one fails.
import type { NamedTodaySource } from '../features/today/server/today.service.ts';
import { featureModules } from './features.ts';

export const TODAY_SOURCES: readonly NamedTodaySource[] = featureModules.flatMap<NamedTodaySource>((m) => ('today' in m ? [m.today] : []));
