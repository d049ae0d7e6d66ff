import type { EntityManager } from '@mikro-orm/postgresql';
import { Inquiry } from './inquiry.entity.ts';
import { INTEREST_LABELS, type InquirySchema } from '../inquiries.schema.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { oneLine, textToHtml } from '../../../lib/server/mail.ts';
import type { z } from 'zod';

export type InquiryData = z.output<typeof InquirySchema>;

/** What a visitor gets back: the same for a stored inquiry and for a discarded bot submission. */
export interface InquiryReceipt {
  ok: true;
}

/**
 * Stores a contact-form inquiry and queues the breeder's e-mail about it in the same transaction.
 * Resolves only after both are flushed, so success is never reported for an inquiry the breeder will
 * not see or hear about; a failed flush rejects and stores neither.
 */
export async function createInquiry(
  em: EntityManager,
  input: InquiryData,
  services: Pick<AppServices, 'mail' | 'env'>,
): Promise<InquiryReceipt> {
  // Honeypot: people never see the field, so a value means a bot. Answer as if stored, store nothing.
  if (input.website?.trim()) return { ok: true };
  const breeder = await services.mail.breeder(em);
  const now = new Date();
  em.create(Inquiry, {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    interest: input.interest,
    message: input.message,
    status: 'new',
    notes: '',
    readAt: null,
    createdAt: now,
    updatedAt: now,
  });
  services.mail.enqueue(em, {
    lane: 'notification',
    digest: 'inquiry',
    to: breeder.email,
    replyTo: input.email,
    ...breederNotification(input, services.env.appOrigin),
  });
  await em.flush();
  return { ok: true };
}

/** "New inquiry from {name}": everything the family sent; replying answers the family directly. */
function breederNotification(input: InquiryData, appOrigin: string) {
  const text = [
    'New inquiry from the website contact form.',
    [
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `Phone: ${input.phone ?? '(not given)'}`,
      `Interested in: ${INTEREST_LABELS[input.interest]}`,
    ].join('\n'),
    `Message:\n${input.message}`,
    `Reply to this e-mail to answer ${input.name} directly. All inquiries: ${appOrigin}/admin`,
  ].join('\n\n');
  return { subject: `New inquiry from ${oneLine(input.name)}`, text, html: textToHtml(text) };
}
