import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Subscriber, type ISubscriber } from './subscriber.entity.ts';
import { CONFIRM_INVALID, normalizeEmail, UNSUBSCRIBE_NOT_FOUND, type SubscribeSchema } from '../subscribers.schema.ts';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { escapeHtml, textToHtml } from '../../../lib/server/mail.ts';
import {
  addressOfUnsubscribeToken,
  CONFIRM_VALID_MS,
  confirmToken,
  confirmUrl,
  readConfirmToken,
  unsubscribeToken,
  unsubscribeUrl,
} from './subscription-tokens.ts';
import type { z } from 'zod';
import { greeting } from './greeting.ts';

export type SubscribeData = z.output<typeof SubscribeSchema>;

export interface SubscribeReceipt {
  ok: true;
}

/** A pending address asked again within this time gets no second confirmation (no mail-bombing a stranger). */
export const RESEND_CONFIRMATION_AFTER_MS = 15 * 60_000;

export const newLegacyToken = () => randomBytes(32).toString('base64url');

/**
 * Subscribes an address with double opt-in: a new address (or one that unsubscribed) becomes pending and
 * gets a confirmation e-mail with a signed link, queued in the same transaction; only confirming makes it
 * active, and only active subscribers receive newsletters. The answer is the same every time, which keeps
 * the list private (no "already subscribed").
 *
 * Anyone can send any address here, so the name is taken only when the row is created: a later request
 * never renames a subscriber (the name is the greeting of every e-mail they receive).
 */
export async function subscribe(
  em: EntityManager,
  input: SubscribeData,
  services: Pick<AppServices, 'mail' | 'env'>,
): Promise<SubscribeReceipt> {
  if (input.website?.trim()) return { ok: true };
  const email = normalizeEmail(input.email);
  const breeder = await services.mail.breeder(em);
  const confirm: Confirm = async (s) => {
    const link = confirmUrl(services.env.appOrigin, await confirmToken(em, s.email, s.pendingSince!));
    services.mail.enqueue(em, { lane: 'account', to: email, ...confirmation(s.name ?? null, link, breeder.name) });
  };
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

type Confirm = (subscriber: ISubscriber) => Promise<void>;

async function upsert(em: EntityManager, email: string, name: string | undefined, confirm: Confirm) {
  const existing = await em.findOne(Subscriber, { email });
  const now = new Date();
  let row: ISubscriber;
  if (existing) {
    if (existing.status === 'active') return;
    const recent =
      existing.status === 'pending' &&
      existing.pendingSince &&
      now.getTime() - existing.pendingSince.getTime() < RESEND_CONFIRMATION_AFTER_MS;
    if (recent) return;
    existing.status = 'pending';
    existing.pendingSince = now;
    row = existing;
  } else {
    row = em.create(Subscriber, {
      email,
      name: name ?? null,
      status: 'pending',
      unsubscribeToken: newLegacyToken(),
      pendingSince: now,
      confirmedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }
  // The row and its confirmation e-mail are written in one transaction.
  await confirm(row);
  await em.flush();
}

/** The confirmation: personalised when the visitor gave a name (SPEC §5), with the signed confirm link. */
export function confirmation(name: string | null, link: string, breederName: string) {
  // Only what a name holds: the address has not confirmed it, so this is text anyone could have typed.
  const hello = greeting(name);
  const body =
    `Thanks for subscribing to the ${breederName} newsletter! Please confirm your address so we can let you know when ` +
    'puppies become available and share tips for raising a happy, healthy Goldendoodle:';
  const ignore =
    "Didn't sign up? Ignore this e-mail: without confirmation you won't hear from us, and we forget the address after 30 days.";
  return {
    subject: `Please confirm your subscription to ${breederName} news`,
    text: [hello, `${body}\n${link}`, ignore, breederName].join('\n\n'),
    html: [
      textToHtml(hello),
      `<p>${escapeHtml(body)}<br><a href="${escapeHtml(link)}">Confirm my subscription</a></p>`,
      textToHtml(ignore),
      textToHtml(breederName),
    ].join('\n'),
  };
}

/**
 * Confirms a pending subscription from the signed link. Repeating it is harmless. Unknown, expired or
 * tampered links all get one answer, and change nothing.
 */
export async function confirmSubscription(em: EntityManager, token: string, now = new Date()): Promise<{ ok: true }> {
  const claim = await readConfirmToken(em, token);
  const subscriber = claim ? await em.findOne(Subscriber, { email: claim.email }) : null;
  if (!claim || !subscriber || subscriber.pendingSince?.getTime() !== claim.pendingSince) throw new AppError('NOT_FOUND', CONFIRM_INVALID);
  if (subscriber.status === 'active') return { ok: true };
  const expired = now.getTime() - claim.pendingSince > CONFIRM_VALID_MS;
  if (subscriber.status !== 'pending' || expired) throw new AppError('NOT_FOUND', CONFIRM_INVALID);
  subscriber.status = 'active';
  subscriber.confirmedAt = now;
  await em.flush();
  return { ok: true };
}

/**
 * Unsubscribes the address a link was made for: a signed token (every e-mail since double opt-in) or the
 * random token of older e-mails. A signed token for an address not on the list (a family who got a
 * litter newsletter) records the address as unsubscribed, so no segment mails it again. Repeating it is harmless.
 */
export async function unsubscribe(em: EntityManager, token: string): Promise<{ ok: true }> {
  const email = await addressOfUnsubscribeToken(em, token);
  const subscriber = email ? await em.findOne(Subscriber, { email }) : await em.findOne(Subscriber, { unsubscribeToken: token });
  if (!subscriber && email) {
    const now = new Date();
    em.create(Subscriber, {
      email,
      name: null,
      status: 'unsubscribed',
      unsubscribeToken: newLegacyToken(),
      pendingSince: null,
      confirmedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await em.flush();
    return { ok: true };
  }
  if (!subscriber) throw new AppError('NOT_FOUND', UNSUBSCRIBE_NOT_FOUND);
  if (subscriber.status !== 'unsubscribed') {
    subscriber.status = 'unsubscribed';
    await em.flush();
  }
  return { ok: true };
}

/** The unsubscribe link for an address (confirmation e-mails, newsletters, the link sent on request). */
export async function unsubscribeLinkFor(em: EntityManager, appOrigin: string, email: string): Promise<string> {
  return unsubscribeUrl(appOrigin, await unsubscribeToken(em, email));
}

/** Deletes pending addresses whose confirmation is older than 30 days. */
export async function forgetUnconfirmed(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(Subscriber, { status: 'pending', pendingSince: { $lt: new Date(now.getTime() - CONFIRM_VALID_MS) } });
}
