import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Subscriber } from './subscriber.entity.ts';
import { normalizeEmail, UNSUBSCRIBE_NOT_FOUND, type SubscribeSchema } from '../subscribers.schema.ts';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { escapeHtml, textToHtml } from '../../../lib/server/mail.ts';
import type { z } from 'zod';

export type SubscribeData = z.output<typeof SubscribeSchema>;

export interface SubscribeReceipt {
  ok: true;
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Subscribes an address. Idempotent: the same address in any case or spacing is one subscriber,
 * and answering the same way every time also keeps the list private (no "already subscribed").
 * A previously unsubscribed address becomes active again. A new or re-activated subscriber gets a
 * confirmation e-mail, queued in the same transaction (an address already active gets none).
 *
 * Anyone can send any address here, so the name is taken only when the row is created: a later
 * request never renames a subscriber (the name is the greeting of every e-mail they receive), and
 * re-activating an unsubscribed address greets them with the name they gave and says so by e-mail,
 * with the one-click unsubscribe link.
 */
export async function subscribe(
  em: EntityManager,
  input: SubscribeData,
  services: Pick<AppServices, 'mail' | 'env'>,
): Promise<SubscribeReceipt> {
  if (input.website?.trim()) return { ok: true };
  const email = normalizeEmail(input.email);
  const breeder = await services.mail.breeder(em);
  const confirm: Confirm = (name, token) =>
    services.mail.enqueue(em, { to: email, ...confirmation(name, token, breeder.name, services.env.appOrigin) });
  for (let attempt = 0; ; attempt++) {
    try {
      await upsert(em, email, input.name, confirm);
      return { ok: true };
    } catch (error) {
      // Two requests for one new address raced; the other one inserted it, so update that row.
      if (!(error instanceof UniqueConstraintViolationException) || attempt > 0) throw error;
      em.clear();
    }
  }
}

type Confirm = (name: string | null, token: string) => void;

async function upsert(em: EntityManager, email: string, name: string | undefined, confirm: Confirm) {
  const existing = await em.findOne(Subscriber, { email });
  const now = new Date();
  if (existing) {
    if (existing.status !== 'active') {
      existing.status = 'active';
      confirm(existing.name ?? null, existing.unsubscribeToken);
    }
  } else {
    const unsubscribeToken = newToken();
    em.create(Subscriber, {
      email,
      name: name ?? null,
      status: 'active',
      unsubscribeToken,
      createdAt: now,
      updatedAt: now,
    });
    confirm(name ?? null, unsubscribeToken);
  }
  await em.flush();
}

/** The confirmation: personalised when the visitor gave a name (SPEC §5), with the one-click unsubscribe link. */
function confirmation(name: string | null, token: string, breederName: string, appOrigin: string) {
  const link = `${appOrigin}/unsubscribe?token=${encodeURIComponent(token)}`;
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const body =
    `Thanks for subscribing to the ${breederName} newsletter! We will let you know when puppies become ` +
    'available and share tips for raising a happy, healthy Goldendoodle.';
  const leave = "Didn't sign up, or changed your mind? Unsubscribe with one click:";
  return {
    subject: `You're subscribed to ${breederName} news`,
    text: [greeting, body, `${leave}\n${link}`, breederName].join('\n\n'),
    html: [
      textToHtml(greeting),
      textToHtml(body),
      `<p>${escapeHtml(leave)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      textToHtml(breederName),
    ].join('\n'),
  };
}

/** One-click unsubscribe from the link in every newsletter. Repeating it is harmless. */
export async function unsubscribe(em: EntityManager, token: string): Promise<{ ok: true }> {
  const subscriber = await em.findOne(Subscriber, { unsubscribeToken: token });
  if (!subscriber) throw new AppError('NOT_FOUND', UNSUBSCRIBE_NOT_FOUND);
  if (subscriber.status !== 'unsubscribed') {
    subscriber.status = 'unsubscribed';
    await em.flush();
  }
  return { ok: true };
}
