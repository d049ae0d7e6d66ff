// The notifications feature's face to the app (decision 146): push subscriptions of the breeder's and families' devices.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { PushSubscription } from './push-subscription.entity.ts';
import { notificationsRouter } from './notifications.router.ts';

export const notificationsModule = defineFeature({
  name: 'notifications',
  entities: [PushSubscription],
  routers: { notifications: notificationsRouter },
});
