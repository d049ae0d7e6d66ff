import { restRoutes } from '../../../lib/server/rest.ts';
import { subscribersRouter } from './subscribers.router.ts';

const BODY_LIMIT = 10 * 1024;

export const subscribersRest = restRoutes(subscribersRouter, [
  { method: 'POST', url: '/api/subscribers', bodyLimit: BODY_LIMIT, call: (c, { body }) => c.subscribe(body as never) },
  {
    method: 'POST',
    url: '/api/subscribers/unsubscribe',
    bodyLimit: BODY_LIMIT,
    call: (c, { body }) => c.unsubscribe(body as never),
  },
]);
