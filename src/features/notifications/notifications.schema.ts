// Push notification settings: what a device sends when it subscribes, and the topics each side can choose.
import { z } from 'zod';

export const BREEDER_TOPIC_LABELS = {
  application: 'A new application',
  message: 'A new message from a family',
  contract: 'A signed contract',
  booking: 'A new booking',
} as const;

export const FAMILY_TOPIC_LABELS = {
  message: 'A message from the breeder',
  update: 'A new update about our puppy',
  pick: 'Pick day: our turn to choose',
} as const;

const TOPICS = ['application', 'message', 'contract', 'booking', 'update', 'pick'] as const;

/** Devices one account may have notifications on (each a row the server posts to for every event it chose). */
export const MAX_DEVICES_PER_ACCOUNT = 10;

export const NOTIFICATION_MESSAGES = {
  badEndpoint: 'This browser’s push address is not one we can send to.',
  unknownDevice: 'This device is not subscribed to notifications.',
  breederOnly: 'Only the breeder’s devices can choose that notification.',
  otherAccount:
    'This device already gets notifications for another account. Turn them off there first (sign in to it, then Notifications on /account).',
  tooManyDevices: `This account already gets notifications on ${MAX_DEVICES_PER_ACCOUNT} devices. Turn them off on one you no longer use, then try again.`,
} as const;

const base64url = (max: number) =>
  z
    .string()
    .min(16, 'This key is too short.')
    .max(max, 'This key is too long.')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'This key is not base64url.');
const Endpoint = z.url({ message: NOTIFICATION_MESSAGES.badEndpoint }).max(1000, NOTIFICATION_MESSAGES.badEndpoint);
const Topics = z.array(z.enum(TOPICS, 'Unknown notification topic.')).max(TOPICS.length);

/** What PushSubscription.toJSON() gives, plus the topics this device wants. */
export const SubscribeSchema = z.object({
  endpoint: Endpoint,
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
  topics: Topics,
});
export const DeviceSchema = z.object({ endpoint: Endpoint });
/** This device (when the browser has a subscription) among the account's devices. */
export const DeviceQuerySchema = z.object({ endpoint: Endpoint.optional() }).optional();
export const TopicsSchema = z.object({ endpoint: Endpoint, topics: Topics });
