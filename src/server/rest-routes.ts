// Every REST route table, in one list the rest plugin registers.
import type { RestEndpoint } from '../lib/server/rest.ts';
import { puppiesRest } from '../features/puppies/server/puppies.rest.ts';
import { littersRest } from '../features/litters/server/litters.rest.ts';

export const restEndpoints: RestEndpoint[] = [...puppiesRest, ...littersRest];
