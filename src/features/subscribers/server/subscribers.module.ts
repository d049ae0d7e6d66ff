// The subscribers feature's face to the app (decision 146): the newsletter list and the newsletters.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Subscriber } from './subscriber.entity.ts';
import { Newsletter, newsletterMediaRefs } from './newsletter.entity.ts';
import { subscribersRouter } from './subscribers.router.ts';
import { subscribersAdminRouter } from './subscribers.admin-router.ts';
import { newslettersAdminRouter } from './newsletters.admin-router.ts';
import { subscribersRest } from './subscribers.rest.ts';
import { subscribersAdminRest } from './subscribers.admin-rest.ts';
import { subscribersToday } from './subscribers.today.ts';
import oneClickUnsubscribe from './one-click-unsubscribe.ts';

export const subscribersModule = defineFeature({
  name: 'subscribers',
  entities: [Subscriber, Newsletter],
  routers: { subscribers: subscribersRouter },
  adminRouters: { subscribers: subscribersAdminRouter, newsletters: newslettersAdminRouter },
  rest: [...subscribersRest, ...subscribersAdminRest],
  today: { name: 'subscribers', source: subscribersToday },
  mediaReferences: [newsletterMediaRefs],
  plugins: [oneClickUnsubscribe],
});
