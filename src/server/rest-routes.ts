// Every REST route table, in one list the rest plugin registers: each feature's (src/server/features.ts).
import type { RestEndpoint } from '../lib/server/rest.ts';
import { featureModules } from './features.ts';

export const restEndpoints: RestEndpoint[] = featureModules.flatMap<RestEndpoint>((m) => ('rest' in m ? [...m.rest] : []));
