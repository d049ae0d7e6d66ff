import { restRoutes } from '../../../lib/server/rest.ts';
import { OkSchema } from '../../../lib/shared/api-error.ts';
import { SubscribeSchema, UnsubscribeSchema } from '../subscribers.schema.ts';
import { subscribersRouter } from './subscribers.router.ts';

const BODY_LIMIT = 10 * 1024;

export const subscribersRest = restRoutes(subscribersRouter, [
  {
    method: 'POST',
    url: '/api/subscribers',
    bodyLimit: BODY_LIMIT,
    call: (c, { body }) => c.subscribe(body as never),
    doc: { tag: 'Newsletter', summary: 'Subscribe to the newsletter', body: SubscribeSchema, response: OkSchema, errors: [400, 429] },
  },
  {
    method: 'POST',
    url: '/api/subscribers/unsubscribe',
    bodyLimit: BODY_LIMIT,
    call: (c, { body }) => c.unsubscribe(body as never),
    doc: {
      tag: 'Newsletter',
      summary: 'Unsubscribe with the token from an e-mail’s link',
      body: UnsubscribeSchema,
      response: OkSchema,
      errors: [400, 404, 429],
    },
  },
]);
