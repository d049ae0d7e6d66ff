// Web Push: devices subscribe with the topics they want; notify() encrypts a title and a link (RFC 8291, aes128gcm),
// signs with the site's VAPID key (RFC 8292) and posts it to each device's push service. 404, 410 and other 4xx
// (but 408 and 429) mean the subscription is dead and it is removed; 5xx, 408, 429 and network errors are retried
// with a growing pause.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { AppError } from '../../../lib/server/errors.ts';
import {
  BREEDER_TOPICS,
  FAMILY_TOPICS,
  type NotifyAudience,
  type NotifyTopic,
  type PushMessage,
  type PushNotifier,
} from '../../../lib/server/notify.ts';
import type { AfterAnswer } from '../../../lib/server/after-answer.ts';
import { MAX_DEVICES_PER_ACCOUNT, NOTIFICATION_MESSAGES, type SubscribeSchema, type TopicsSchema } from '../notifications.schema.ts';
import { PushSubscription } from './push-subscription.entity.ts';
import { loadVapidKeys, type VapidKeys } from './vapid.ts';
import type { z } from 'zod';
import { adminIds, lockAccount } from '../../auth/server/auth.reads.ts';

/** The browsers' push services (an endpoint elsewhere would make the server post wherever a caller says). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && !url.port && PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

function checkTopics(user: SessionUser, topics: readonly NotifyTopic[]) {
  const family: readonly string[] = FAMILY_TOPICS;
  if (!user.isAdmin && topics.some((t) => !family.includes(t))) throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.breederOnly);
  return [...new Set(topics)];
}

export async function subscribeDevice(
  em: EntityManager,
  user: SessionUser,
  input: z.output<typeof SubscribeSchema>,
  extraOrigins: readonly string[],
) {
  if (!isAllowedEndpoint(input.endpoint, extraOrigins)) {
    throw new AppError('BAD_REQUEST', NOTIFICATION_MESSAGES.badEndpoint, { endpoint: [NOTIFICATION_MESSAGES.badEndpoint] });
  }
  const topics = checkTopics(user, input.topics);
  await em.transactional(async (tx) => {
    // The account's row, locked: two devices subscribing at once count each other against the cap.
    await lockAccount(tx, user.id);
    const [mine] = await tx.execute<Array<{ devices: number; known: boolean }>>(
      `select count(*)::int as "devices", coalesce(bool_or("endpoint" = ?), false) as "known" from "push_subscriptions" where "user_id" = ?`,
      [input.endpoint, user.id],
    );
    if (!mine!.known && mine!.devices >= MAX_DEVICES_PER_ACCOUNT) throw new AppError('CONFLICT', NOTIFICATION_MESSAGES.tooManyDevices);
    // One row per device, and it stays with the account that registered it: another account's endpoint is
    // refused, never moved (whoever holds an endpoint must not take over someone else's notifications).
    const saved = await tx.execute<Array<{ id: number }>>(
      `insert into "push_subscriptions" ("user_id", "endpoint", "p256dh", "auth", "topics", "created_at") values (?, ?, ?, ?, ?::jsonb, now())
       on conflict ("endpoint") do update set "p256dh" = excluded."p256dh", "auth" = excluded."auth", "topics" = excluded."topics"
         where "push_subscriptions"."user_id" = excluded."user_id"
       returning "id"`,
      [user.id, input.endpoint, input.keys.p256dh, input.keys.auth, JSON.stringify(topics)],
    );
    if (saved.length === 0)
      throw new AppError('CONFLICT', NOTIFICATION_MESSAGES.otherAccount, { endpoint: [NOTIFICATION_MESSAGES.otherAccount] });
  });
  return { topics };
}

/** How many devices of this account get notifications, and this device's topics (none when it is not subscribed). */
export async function deviceTopics(em: EntityManager, user: SessionUser, endpoint: string | undefined) {
  const rows = await em.find(PushSubscription, { user: user.id }, { fields: ['endpoint', 'topics'] });
  const row = endpoint ? rows.find((r) => r.endpoint === endpoint) : undefined;
  return { devices: rows.length, subscribed: !!row, topics: row?.topics ?? ([] as NotifyTopic[]) };
}

export async function setDeviceTopics(em: EntityManager, user: SessionUser, input: z.output<typeof TopicsSchema>) {
  const row = await em.findOne(PushSubscription, { endpoint: input.endpoint, user: user.id });
  if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_MESSAGES.unknownDevice);
  row.topics = checkTopics(user, input.topics);
  await em.flush();
  return { topics: row.topics };
}

export async function unsubscribeDevice(em: EntityManager, user: SessionUser, endpoint: string) {
  const removed = await em.nativeDelete(PushSubscription, { endpoint, user: user.id });
  return { removed: removed > 0 };
}

export interface PushSenderOptions {
  afterAnswer: AfterAnswer;
  log: { warn: (obj: object, msg: string) => void };
  /** The VAPID subject: an https: site or a mailto: address. */
  subject: string;
  /** Attempts per device for a 5xx, 408, 429 or network error (first try included). */
  attempts?: number;
  /** The first pause before a retry; each next one doubles (a push service's Retry-After wins, up to a minute). */
  retryBaseMs?: number;
}

export interface DeliveryReport {
  sent: number;
  removed: number;
  failed: number;
}

interface Row {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPushSender(options: PushSenderOptions) {
  const attempts = options.attempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  let keys: Promise<VapidKeys> | undefined;
  const vapid = (em: EntityManager) =>
    (keys ??= loadVapidKeys(em).catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  async function recipients(em: EntityManager, topic: NotifyTopic, audience: NotifyAudience): Promise<Row[]> {
    const topicJson = JSON.stringify([topic]);
    if ('breeder' in audience) {
      if (!(BREEDER_TOPICS as readonly string[]).includes(topic)) return [];
      const admins = await adminIds(em);
      if (!admins.length) return [];
      return em.execute<Row[]>(
        `select s."id", s."endpoint", s."p256dh", s."auth" from "push_subscriptions" s
         where s."user_id" in (${admins.map(() => '?').join(', ')}) and s."topics" @> ?::jsonb`,
        [...admins, topicJson],
      );
    }
    const ids = audience.userIds.filter((id) => Number.isSafeInteger(id));
    if (!ids.length) return [];
    return em.execute<Row[]>(
      `select "id", "endpoint", "p256dh", "auth" from "push_subscriptions" where "user_id" in (${ids.map(() => '?').join(', ')}) and "topics" @> ?::jsonb`,
      [...ids, topicJson],
    );
  }

  /** One device: 'sent', 'removed' (dead subscription) or 'failed' (gave up after the retries). */
  async function deliverOne(em: EntityManager, row: Row, payload: string, ttlSeconds: number): Promise<'sent' | 'removed' | 'failed'> {
    const { default: webpush } = await import('web-push');
    const { publicKey, privateKey } = await vapid(em);
    for (let attempt = 1; ; attempt++) {
      // Encrypted afresh each time: a new salt and key per request, as RFC 8291 asks.
      const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
        vapidDetails: { subject: options.subject, publicKey, privateKey },
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      });
      let status: number;
      let retryAfter: string | null = null;
      try {
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: request.body as Buffer<ArrayBuffer>,
          redirect: 'error',
          signal: AbortSignal.timeout(15_000),
        });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        await res.body?.cancel();
      } catch (error) {
        options.log.warn({ err: error, subscription: row.id }, 'a push service could not be reached');
        status = 0;
      }
      if (status >= 200 && status < 300) {
        await em.execute(`update "push_subscriptions" set "last_sent_at" = now() where "id" = ?`, [row.id]);
        return 'sent';
      }
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        await em.execute(`delete from "push_subscriptions" where "id" = ?`, [row.id]);
        return 'removed';
      }
      if (attempt >= attempts) {
        options.log.warn({ subscription: row.id, status }, 'a push notification was given up after its retries');
        return 'failed';
      }
      const asked = retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
      await pause(Math.min(60_000, Math.max(asked, retryBaseMs * 2 ** (attempt - 1))));
    }
  }

  /** Sends now and reports (the notifier runs this after the answer; tests call it directly). */
  async function deliver(
    em: EntityManager,
    topic: NotifyTopic,
    message: PushMessage,
    audience: NotifyAudience,
    ttlSeconds = 86_400,
  ): Promise<DeliveryReport> {
    // No more than a title and a link: the push service sees the size, the device decrypts the rest.
    const payload = JSON.stringify({ title: message.title.slice(0, 120), url: /^\/(?!\/)/.test(message.url) ? message.url : '/' });
    const rows = await recipients(em, topic, audience);
    const results = await Promise.all(rows.map((row) => deliverOne(em, row, payload, ttlSeconds)));
    return {
      sent: results.filter((r) => r === 'sent').length,
      removed: results.filter((r) => r === 'removed').length,
      failed: results.filter((r) => r === 'failed').length,
    };
  }

  const notifier: PushNotifier = {
    notify(_em, topic, message, audience, notifyOptions) {
      options.afterAnswer.run(`push ${topic}`, async (em) => {
        await deliver(em, topic, message, audience, notifyOptions?.ttlSeconds);
      });
    },
  };
  return { notifier, deliver, publicKey: (em: EntityManager) => vapid(em).then((k) => k.publicKey) };
}
