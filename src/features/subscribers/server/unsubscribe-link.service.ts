// Sends a fresh unsubscribe link to an address on the newsletter list, without telling anyone whether it is.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Subscriber } from './subscriber.entity.ts';
import { normalizeEmail, type UnsubscribeLinkRequestSchema } from '../subscribers.schema.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { escapeHtml, textToHtml } from '../../../lib/server/mail.ts';
import { unsubscribeLinkFor } from './subscribers.service.ts';
import { greeting } from './greeting.ts';

/** One link per address in this window, however many addresses ask for it: no mail-bombing a subscriber. */
export const LINK_PER_ADDRESS = { limit: 1, windowMs: 15 * 60_000 };

/**
 * Queues an e-mail with the subscriber's unsubscribe link when the address is actively subscribed.
 * The answer is the same in every case (subscribed, unknown, unsubscribed, throttled, honeypot), so
 * the form cannot be used to learn who is on the list.
 */
export async function sendUnsubscribeLink(
  em: EntityManager,
  input: z.output<typeof UnsubscribeLinkRequestSchema>,
  services: Pick<AppServices, 'mail' | 'env' | 'rateLimit'>,
): Promise<{ ok: true }> {
  if (input.website?.trim()) return { ok: true };
  const email = normalizeEmail(input.email);
  const subscriber = await em.findOne(Subscriber, { email, status: 'active' });
  if (!subscriber) return { ok: true };
  const { allowed } = await services.rateLimit(`unsubscribe-link:${email}`, LINK_PER_ADDRESS.limit, LINK_PER_ADDRESS.windowMs);
  if (!allowed) return { ok: true };
  const breeder = await services.mail.breeder(em);
  const link = await unsubscribeLinkFor(em, services.env.appOrigin, email);
  services.mail.enqueue(em, { to: email, ...linkMail(subscriber.name ?? null, link, breeder.name) });
  await em.flush();
  return { ok: true };
}

function linkMail(name: string | null, link: string, breederName: string) {
  const hello = greeting(name);
  const body = `Someone asked for a link to unsubscribe this address from the ${breederName} newsletter. To stop our e-mails, open:`;
  const ignore = "If that wasn't you, ignore this e-mail: you stay subscribed.";
  return {
    subject: `Your unsubscribe link for ${breederName} news`,
    text: [hello, `${body}\n${link}`, ignore, breederName].join('\n\n'),
    html: [
      textToHtml(hello),
      `<p>${escapeHtml(body)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      textToHtml(ignore),
      textToHtml(breederName),
    ].join('\n'),
  };
}
