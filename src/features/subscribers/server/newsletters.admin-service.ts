// Newsletters in the dashboard: drafts, preview, a test to the breeder, send now or at a time, counts, retry.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Newsletter, type INewsletter } from './newsletter.entity.ts';
import { Subscriber } from './subscriber.entity.ts';
import { OutboxMessage } from '../../mail/server/outbox-message.entity.ts';
import {
  NEWSLETTER_MESSAGES,
  type Audience,
  type AudienceCount,
  type AudienceOption,
  type NewsletterAdminDto,
  type NewsletterInputSchema,
  type NewsletterPreviewDto,
  type NewsletterSendSchema,
  type NewsletterStartSchema,
} from '../newsletters.schema.ts';
import { AppError, badRequest, notFound } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import type { Page } from '../../../lib/shared/paging.ts';
import { keysetPage, NEWEST_FIRST } from '../../../lib/server/keyset.ts';
import { personalise, renderNewsletter, UNSUBSCRIBE_PLACEHOLDER } from './newsletter-email.ts';
import { unsubscribeLinkFor } from './subscribers.service.ts';
import { unsubscribeLinkSql, unsubscribeLinksFor } from './subscription-tokens.ts';
import { RECIPIENT_URI_PLACEHOLDER, type BulkRecipient, type BulkSource } from '../../../lib/server/mail.ts';
import { audienceSize, audienceSql, litterChoices, recipientsOf, type Recipient } from './newsletter-audiences.ts';
import { articleDraft, litterDraft } from './newsletter-drafts.ts';
import { publishBlogPost } from './newsletter-post.ts';
import type { BulkMessage } from '../../../lib/server/mail.ts';

type Input = z.output<typeof NewsletterInputSchema>;
type Services = Pick<AppServices, 'mail' | 'env'>;

function toDto(n: INewsletter, c = { queued: 0, sent: 0, failed: 0 }): NewsletterAdminDto {
  // Sent copies are purged after the retention; what was queued and is neither waiting nor failed was sent.
  // While the copies are still being queued, only the sent ones count (recipients is the audience's size).
  const sent = n.status === 'sending' ? c.sent : Math.max(c.sent, n.recipientCount - c.queued - c.failed - n.dismissedCount);
  return {
    id: n.id,
    subject: n.subject,
    preheader: n.preheader,
    body: n.body,
    audience: n.audience,
    status: n.status,
    scheduledAt: n.scheduledAt?.toISOString() ?? null,
    sentAt: n.sentAt?.toISOString() ?? null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    articleId: n.articleId ?? null,
    counts: { recipients: n.recipientCount, queued: c.queued, sent: n.status === 'draft' ? 0 : sent, failed: c.failed },
  };
}

async function dtos(em: EntityManager, rows: INewsletter[], services: Pick<AppServices, 'mail'>): Promise<NewsletterAdminDto[]> {
  const counts = await services.mail.counts(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toDto(r, counts.get(r.id)));
}

async function load(em: EntityManager, id: number): Promise<INewsletter> {
  const n = await em.findOne(Newsletter, { id });
  if (!n) throw notFound('Newsletter');
  return n;
}

export async function listNewsletters(
  em: EntityManager,
  input: { page: number; after?: string },
  services: Services,
): Promise<Page<NewsletterAdminDto>> {
  const { rows, ...page } = await keysetPage(em, Newsletter, {}, NEWEST_FIRST, input);
  return { ...page, items: await dtos(em, rows, services) };
}

export async function getNewsletter(em: EntityManager, id: number, services: Pick<AppServices, 'mail'>): Promise<NewsletterAdminDto> {
  const [dto] = await dtos(em, [await load(em, id)], services);
  return dto!;
}

export async function createNewsletter(em: EntityManager, input: Input): Promise<NewsletterAdminDto> {
  const now = new Date();
  const n = em.create(Newsletter, {
    ...input,
    status: 'draft',
    scheduledAt: null,
    sentAt: null,
    recipientCount: 0,
    dismissedCount: 0,
    articleId: null,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return toDto(n);
}

export async function updateNewsletter(em: EntityManager, id: number, input: Input, services: Services): Promise<NewsletterAdminDto> {
  const n = await load(em, id);
  if (n.status === 'sending' || n.status === 'sent') throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.notEditable);
  Object.assign(n, input);
  await em.flush();
  return getNewsletter(em, id, services);
}

export async function removeNewsletter(em: EntityManager, id: number): Promise<{ ok: true }> {
  const n = await load(em, id);
  if (n.status === 'sending') throw new AppError('CONFLICT', 'This newsletter is going out right now and cannot be deleted.');
  em.remove(n);
  await em.flush();
  return { ok: true };
}

/** A draft filled from a litter or a blog post. */
export async function startNewsletter(
  em: EntityManager,
  from: z.output<typeof NewsletterStartSchema>,
  services: Services,
): Promise<NewsletterAdminDto> {
  const draft =
    from.from === 'litter'
      ? await litterDraft(em, from.litterId, services.env.appOrigin)
      : await articleDraft(em, from.articleId, services.env.appOrigin);
  if (!draft) throw notFound(from.from === 'litter' ? 'Litter' : 'Blog post');
  return createNewsletter(em, { subject: draft.subject, preheader: '', body: draft.body, audience: { kind: 'all' } });
}

export async function audienceOptions(em: EntityManager): Promise<{ litters: AudienceOption[]; confirmed: number }> {
  const litters = await litterChoices(em);
  const confirmed = await em.count(Subscriber, { status: 'active' });
  return { litters: litters.map((l) => ({ value: String(l.id), label: l.name })), confirmed };
}

async function renderFor(em: EntityManager, n: { subject: string; preheader: string; body: string }, services: Services) {
  const breeder = await services.mail.breeder(em);
  return { breeder, rendered: await renderNewsletter(n, breeder, services.env.appOrigin) };
}

/** The e-mail as a recipient will see it (HTML and plain text), from what is on screen: nothing is saved. */
export async function previewNewsletter(em: EntityManager, input: Input, services: Services): Promise<NewsletterPreviewDto> {
  const { rendered } = await renderFor(em, input, services);
  const sample = `${services.env.appOrigin}/unsubscribe`;
  return { subject: input.subject, ...personalise(rendered, sample) };
}

/** How many addresses an audience reaches now. */
export async function countAudience(em: EntityManager, audience: Audience): Promise<AudienceCount> {
  return { recipients: await audienceSize(em, audience) };
}

/** Copies of a newsletter in the outbox (sent ones stay until the retention purges them). */
async function copiesQueued(em: EntityManager, id: number): Promise<number> {
  return em.count(OutboxMessage, { newsletterId: id });
}

/** `encodedEmail`: the reader's address as encodeURIComponent writes it (or the template's placeholder for it). */
function headersFor(unsubscribeUrl: string, breederEmail: string, encodedEmail: string): Record<string, string> {
  // The mailto goes to the breeder, who removes the address by hand; mail providers prefer the https one.
  const mailto = breederEmail ? `, <mailto:${breederEmail}?subject=${encodeURIComponent('unsubscribe ')}${encodedEmail}>` : '';
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>${mailto}`,
    // RFC 8058: a POST to the https link unsubscribes at once, no page in between.
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

async function copiesFor(
  em: EntityManager,
  n: { subject: string; preheader: string; body: string },
  recipients: Recipient[],
  services: Services,
): Promise<BulkMessage[]> {
  const { breeder, rendered } = await renderFor(em, n, services);
  const out: BulkMessage[] = [];
  for (const r of recipients) {
    const url = await unsubscribeLinkFor(em, services.env.appOrigin, r.email);
    out.push({
      to: r.email,
      subject: n.subject,
      ...personalise(rendered, url),
      headers: headersFor(url, breeder.email, encodeURIComponent(r.email)),
    });
  }
  return out;
}

/** A copy to the breeder (the address in the site settings), marked as a test, sent as any copy is. */
export async function sendTestNewsletter(em: EntityManager, input: Input, services: Services): Promise<{ ok: true; to: string }> {
  const breeder = await services.mail.breeder(em);
  if (!breeder.email) throw badRequest(NEWSLETTER_MESSAGES.noTestAddress);
  const [copy] = await copiesFor(em, input, [{ email: breeder.email, name: breeder.name }], services);
  services.mail.enqueue(em, { ...copy!, lane: 'newsletter', subject: `[Test] ${input.subject}` });
  await em.flush();
  return { ok: true, to: breeder.email };
}

/**
 * Sends now or schedules for later (the sender's poll queues it when due). Refused when the audience has
 * nobody to receive it. Sending now answers at once, as "sending" to the audience's size: the copies are
 * queued after the answer (issue 28: a 200-reader newsletter held the request for seconds), and a restart
 * in the middle is finished by the sender's next poll (dispatchDueNewsletters), one copy per address.
 */
export async function sendNewsletter(
  em: EntityManager,
  input: z.output<typeof NewsletterSendSchema>,
  services: Services & Pick<AppServices, 'afterAnswer'>,
  now = new Date(),
): Promise<NewsletterAdminDto> {
  const n = await load(em, input.id);
  if (n.status === 'sending' || n.status === 'sent') throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.alreadySent);
  const size = await audienceSize(em, n.audience);
  if (!size) throw badRequest(NEWSLETTER_MESSAGES.noRecipients);
  if (input.at) {
    const at = new Date(input.at);
    if (at.getTime() <= now.getTime()) throw badRequest(NEWSLETTER_MESSAGES.scheduleInPast, { at: [NEWSLETTER_MESSAGES.scheduleInPast] });
    n.status = 'scheduled';
    n.scheduledAt = at;
    await em.flush();
    return getNewsletter(em, n.id, services);
  }
  n.status = 'sending';
  n.scheduledAt = now;
  n.recipientCount = size + n.dismissedCount;
  await em.flush();
  const id = n.id;
  services.afterAnswer.run('queue newsletter copies', async (later) => {
    const fresh = await later.findOne(Newsletter, { id });
    if (fresh?.status !== 'sending') return; // a sender's poll got there first
    await queueCopies(later, fresh, services);
    services.mail.wake();
  });
  return getNewsletter(em, n.id, services);
}

/** Back to a draft before it goes out. */
export async function unscheduleNewsletter(em: EntityManager, id: number, services: Services): Promise<NewsletterAdminDto> {
  const n = await load(em, id);
  if (n.status !== 'scheduled') throw new AppError('CONFLICT', 'Only a scheduled newsletter can be taken back.');
  n.status = 'draft';
  n.scheduledAt = null;
  await em.flush();
  return getNewsletter(em, id, services);
}

/**
 * Queues a copy for every recipient who has none yet, then marks the newsletter sent. Safe to repeat and
 * to run on two instances at once: the outbox's unique (newsletter, address) index keeps one copy each.
 * Rendered once and stored once as the copies' template; each copy holds only its reader's unsubscribe link
 * (issue 35, decision 131). The confirmed subscribers are queued by one INSERT … SELECT in the database, the
 * links signed there; the segments of families (a few dozen) go as one list.
 */
async function queueCopies(em: EntityManager, n: INewsletter, services: Services, size?: number): Promise<void> {
  // The dashboard says how many it goes to while the copies are queued.
  const sql = audienceSql(n.audience);
  const families = sql === null ? await recipientsOf(em, n.audience) : [];
  const readers = size ?? (sql === null ? families.length : await audienceSize(em, n.audience));
  await em.nativeUpdate(
    Newsletter,
    { id: n.id, status: 'sending' },
    { recipientCount: Math.max(n.recipientCount, readers + n.dismissedCount) },
  );
  const { breeder, rendered } = await renderFor(em, n, services);
  const template = {
    subject: n.subject,
    text: rendered.text,
    html: rendered.html,
    headers: headersFor(UNSUBSCRIBE_PLACEHOLDER, breeder.email, RECIPIENT_URI_PLACEHOLDER),
    placeholder: UNSUBSCRIBE_PLACEHOLDER,
  };
  let source: BulkRecipient[] | BulkSource;
  if (sql === null) {
    const links = await unsubscribeLinksFor(
      em,
      services.env.appOrigin,
      families.map((r) => r.email),
    );
    source = families.map((r, i) => ({ to: r.email, value: links[i]! }));
  } else {
    const link = await unsubscribeLinkSql(em, services.env.appOrigin, 'q."to"');
    source = { sql: `select q."to", ${link.sql} as "value" from (${sql}) q order by q."first"`, params: link.params };
  }
  await services.mail.enqueueTemplated(em, n.id, template, source);
  await em.nativeUpdate(
    Newsletter,
    { id: n.id, status: 'sending' },
    { status: 'sent', sentAt: new Date(), recipientCount: (await copiesQueued(em, n.id)) + n.dismissedCount },
  );
  // The copies are committed rows now: the response wakes the sender (as for any queued mail).
  services.mail.notify(em);
}

/**
 * The sender's part: scheduled newsletters that are due start going out, and sends that stopped half-way
 * (a restart during queuing) are finished. Returns how many newsletters it handled.
 */
export async function dispatchDueNewsletters(em: EntityManager, services: Services, now = new Date()): Promise<number> {
  await em.nativeUpdate(Newsletter, { status: 'scheduled', scheduledAt: { $lte: now } }, { status: 'sending' });
  const due = await em.find(Newsletter, { status: 'sending' }, { orderBy: { id: 'asc' } });
  for (const n of due) {
    const size = await audienceSize(em, n.audience);
    if (!size && (await copiesQueued(em, n.id)) === 0) {
      // Everyone left before it was due: nothing to send; back to a draft, where the breeder sees it.
      await em.nativeUpdate(Newsletter, { id: n.id, status: 'sending' }, { status: 'draft', scheduledAt: null });
      continue;
    }
    await queueCopies(em, n, services, size);
  }
  return due.length;
}

export async function retryNewsletterFailures(em: EntityManager, id: number, services: Services): Promise<NewsletterAdminDto> {
  await load(em, id);
  if (await services.mail.retryFailed(em, id)) services.mail.notify(em);
  return getNewsletter(em, id, services);
}

export async function dismissNewsletterFailures(em: EntityManager, id: number, services: Services): Promise<NewsletterAdminDto> {
  const n = await load(em, id);
  n.dismissedCount += await services.mail.dismissFailed(em, id);
  await em.flush();
  return getNewsletter(em, id, services);
}

/**
 * A sent newsletter as a published blog post (its subject the title, its preview line the summary, its
 * body the text), once: the newsletter row is locked while the post is made, so a second click, tab or
 * instance finds the post recorded and is refused instead of making another.
 */
export async function publishAsPost(em: EntityManager, id: number, services: Services): Promise<NewsletterAdminDto> {
  await em.transactional(async (tx) => {
    const n = await tx.findOne(Newsletter, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!n) throw notFound('Newsletter');
    if (n.status !== 'sent') throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.notSent);
    if (n.articleId) throw new AppError('CONFLICT', NEWSLETTER_MESSAGES.alreadyPublished);
    const post = await publishBlogPost(tx, { title: n.subject, summary: n.preheader, body: n.body });
    n.articleId = post.id;
    await tx.flush();
  });
  return getNewsletter(em.fork(), id, services);
}
