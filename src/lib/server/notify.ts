// The contract between features that have news for someone and the push notifications (features/notifications).
// A feature calls ctx.services.push.notify(...) after its write; it never imports the notifications feature.
import type { EntityManager } from '@mikro-orm/postgresql';

/** What the breeder's devices can choose: a new application, a family's message, a signed contract, a booking. */
export const BREEDER_TOPICS = ['application', 'message', 'contract', 'booking'] as const;
/** What a family's devices can choose: a message from the breeder, a new update about their puppy, its turn on pick day. */
export const FAMILY_TOPICS = ['message', 'update', 'pick'] as const;
export type NotifyTopic = (typeof BREEDER_TOPICS)[number] | (typeof FAMILY_TOPICS)[number];

/** All a notification carries (it passes through the browser vendor's push service): a title and where it opens. */
export interface PushMessage {
  /** At most 120 characters, e.g. "New application from Jamie Rivera". */
  title: string;
  /** A path on this site, e.g. '/admin/applications?edit=12'. */
  url: string;
}

/** The breeder's devices (every admin), or these accounts' devices. */
export type NotifyAudience = { breeder: true } | { userIds: number[] };

export interface PushNotifier {
  /**
   * Sends `message` to the audience's devices that chose `topic`, after the current request has answered (so call it
   * once the write is flushed). Never throws: failures are logged; dead subscriptions are removed.
   */
  notify(em: EntityManager, topic: NotifyTopic, message: PushMessage, audience: NotifyAudience, options?: { ttlSeconds?: number }): void;
}

/** The notifier and what subscribing needs: the site's VAPID public key and which other push services it accepts. */
export interface PushService extends PushNotifier {
  publicKey(em: EntityManager): Promise<string>;
  /** Origins of push services besides the browsers' own (PUSH_EXTRA_ORIGINS). */
  extraOrigins: readonly string[];
}
