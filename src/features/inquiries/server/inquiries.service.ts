import type { EntityManager } from '@mikro-orm/postgresql';
import { Inquiry } from './inquiry.entity.ts';
import type { InquirySchema } from '../inquiries.schema.ts';
import type { z } from 'zod';

export type InquiryData = z.output<typeof InquirySchema>;

/** What a visitor gets back: the same for a stored inquiry and for a discarded bot submission. */
export interface InquiryReceipt {
  ok: true;
}

/**
 * Stores a contact-form inquiry. Resolves only after the row is flushed, so success is never
 * reported for an inquiry the breeder will not see; a failed flush rejects.
 */
export async function createInquiry(em: EntityManager, input: InquiryData): Promise<InquiryReceipt> {
  // Honeypot: people never see the field, so a value means a bot. Answer as if stored, store nothing.
  if (input.website?.trim()) return { ok: true };
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
  await em.flush();
  return { ok: true };
}
