// Newsletters the breeder composes and sends to confirmed subscribers: shared by the dashboard and the server.
import { z } from 'zod';
import { PageInputSchema } from '../../lib/shared/paging.ts';

export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NEWSLETTER_MESSAGES = {
  subjectRequired: 'Please enter a subject.',
  subjectTooLong: 'The subject must be at most 200 characters.',
  preheaderTooLong: 'The preview line must be at most 200 characters.',
  bodyRequired: 'Please write the newsletter before sending it.',
  bodyTooLong: 'The newsletter is too long (at most 200,000 characters).',
  noRecipients: 'Nobody would receive this newsletter: the chosen audience has no confirmed subscribers with an e-mail address.',
  notEditable: 'This newsletter has already been sent and can no longer be changed.',
  alreadySent: 'This newsletter has already been sent.',
  scheduleInPast: 'Please choose a time in the future.',
  noTestAddress: 'Your account has no e-mail address and neither do the site settings. Add one to send a test.',
  litterRequired: 'Please choose a litter.',
  notSent: 'Only a sent newsletter can be published as a blog post.',
  alreadyPublished: 'This newsletter is already on the blog.',
} as const;

/**
 * Who receives a newsletter. Each kind is one member here and one branch of `recipientsOf` on the server
 * (`server/newsletter-audiences.ts`: the segments other than `all` read other features' entities).
 * - `all`: every confirmed subscriber;
 * - `litter`: the families matched to a litter's puppies;
 * - `waitlist`: the families on the waitlist, all of them or those waitlisted for one litter;
 * - `nonApplicants`: confirmed subscribers whose address belongs to no application's family.
 */
export const AudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('litter'),
    litterId: z.number(NEWSLETTER_MESSAGES.litterRequired).int().positive(NEWSLETTER_MESSAGES.litterRequired),
  }),
  z.object({ kind: z.literal('waitlist'), litterId: z.number().int().positive().optional() }),
  z.object({ kind: z.literal('nonApplicants') }),
]);
export type Audience = z.output<typeof AudienceSchema>;
export type AudienceKind = Audience['kind'];

export const AUDIENCE_LABELS: Record<AudienceKind, string> = {
  all: 'All confirmed subscribers',
  litter: 'Families of a litter',
  waitlist: 'Families on the waitlist',
  nonApplicants: 'Subscribers who are not applicants',
};

/** How many addresses an audience reaches now (what the compose screen shows under the audience). */
export interface AudienceCount {
  recipients: number;
}

export const NewsletterInputSchema = z.object({
  subject: z.string().trim().min(1, NEWSLETTER_MESSAGES.subjectRequired).max(200, NEWSLETTER_MESSAGES.subjectTooLong),
  preheader: z.string().trim().max(200, NEWSLETTER_MESSAGES.preheaderTooLong).default(''),
  body: z.string().trim().min(1, NEWSLETTER_MESSAGES.bodyRequired).max(200_000, NEWSLETTER_MESSAGES.bodyTooLong),
  audience: AudienceSchema.default({ kind: 'all' }),
});
export type NewsletterInput = z.input<typeof NewsletterInputSchema>;

export const NewsletterUpdateSchema = z.object({ id: z.number().int().positive(), data: NewsletterInputSchema });

/** Send now (no `at`) or at a time in the future. */
export const NewsletterSendSchema = z.object({
  id: z.number().int().positive(),
  at: z.iso.datetime({ offset: true, message: 'Please choose a valid date and time.' }).optional(),
});

/** A draft started from a litter or a blog post: its subject and body filled in. */
export const NewsletterStartSchema = z.discriminatedUnion('from', [
  z.object({ from: z.literal('litter'), litterId: z.number().int().positive() }),
  z.object({ from: z.literal('article'), articleId: z.number().int().positive() }),
]);

export const NewsletterListSchema = PageInputSchema.pick({ page: true, after: true });

export interface NewsletterCounts {
  /** Addresses it was queued for. */
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
}

export interface NewsletterAdminDto {
  id: number;
  subject: string;
  preheader: string;
  body: string;
  audience: Audience;
  status: NewsletterStatus;
  scheduledAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The blog post it was published as, if any. */
  articleId: number | null;
  counts: NewsletterCounts;
}

export interface NewsletterPreviewDto {
  subject: string;
  html: string;
  text: string;
}

export interface AudienceOption {
  value: string;
  label: string;
}
