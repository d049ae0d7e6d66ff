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
 * The answer is the same in every case (subscribed, unknown, unsubscribed, throttled, honeypot), and so is
 * its time: the look-up and the e-mail happen after the answer (services.afterAnswer), so the form cannot be
 * used to learn who is on the list, by what it says or by how long it takes to say it.
 */
export async function sendUnsubscribeLink(
  em: EntityManager,
  input: z.output<typeof UnsubscribeLinkRequestSchema>,
  services: Pick<AppServices, 'mail' | 'env' | 'rateLimit' | 'afterAnswer'>,
): Promise<{ ok: true }> {
  if (input.website?.trim()) return { ok: true };
  const email = normalizeEmail(input.email);
  services.afterAnswer.run('unsubscribe link', async (later) => {
    await queueUnsubscribeLink(later, email, services);
    // The e-mail is committed: wake the sender as a request that queued it would.
    services.mail.wake();
  });
  return { ok: true };
}

async function queueUnsubscribeLink(
  em: EntityManager,
  email: string,
  services: Pick<AppServices, 'mail' | 'env' | 'rateLimit'>,
): Promise<void> {
  // The same database and token work for every address, on the list or not (the counter, the breeder's name,
  // the signed link): only the enqueue differs, so even the work after the answer does not tell them apart.
  const subscriber = await em.findOne(Subscriber, { email, status: 'active' });
  const { allowed } = await services.rateLimit(`unsubscribe-link:${email}`, LINK_PER_ADDRESS.limit, LINK_PER_ADDRESS.windowMs);
  const breeder = await services.mail.breeder(em);
  const link = await unsubscribeLinkFor(em, services.env.appOrigin, email);
  if (subscriber && allowed)
    services.mail.enqueue(em, { lane: 'account', to: email, ...linkMail(subscriber.name ?? null, link, breeder.name) });
  await em.flush();
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
