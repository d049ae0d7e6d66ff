// The newsletter form: shared by the browser and the server.
import { z } from 'zod';
import { CursorSchema } from '../../lib/shared/paging.ts';

export const SubscribeSchema = z.object({
  email: z
    .string('Please enter your email address.')
    .trim()
    .min(1, 'Please enter your email address.')
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Honeypot: invisible to people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.input<typeof SubscribeSchema>;

/** The same address in any case or with spaces is one subscriber. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Answer for a token that matches no subscriber. */
export const UNSUBSCRIBE_NOT_FOUND = 'This unsubscribe link is not valid. Please use the complete link from one of our e-mails.';

/** Answer for a confirmation link that is unknown, expired, tampered with or for an address that left since. */
export const CONFIRM_INVALID =
  'This confirmation link is not valid or has expired. Please subscribe again with the form at the bottom of any page.';

/** The token from the confirmation link (/newsletter/confirm?token=…). */
export const ConfirmSchema = z.object({
  token: z.string(CONFIRM_INVALID).trim().min(1, CONFIRM_INVALID).max(200, CONFIRM_INVALID),
});

/** The token from the unsubscribe link (/unsubscribe?token=…). */
export const UnsubscribeSchema = z.object({
  token: z
    .string('This unsubscribe link is not valid.')
    .trim()
    .min(1, 'This unsubscribe link is not valid.')
    .max(600, 'This unsubscribe link is not valid.'),
});
export type UnsubscribeInput = z.input<typeof UnsubscribeSchema>;

/** Asking for a fresh unsubscribe link on /unsubscribe (for someone without the e-mail at hand). */
export const UnsubscribeLinkRequestSchema = z.object({
  email: SubscribeSchema.shape.email,
  /** Honeypot, as on the newsletter form. */
  website: z.string().max(500).optional(),
});
export type UnsubscribeLinkRequestInput = z.input<typeof UnsubscribeLinkRequestSchema>;

// Admin (dashboard) shapes.

export const SUBSCRIBER_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export interface SubscriberAdminDto {
  id: number;
  email: string;
  name: string | null;
  status: SubscriberStatus;
  createdAt: string;
}

export const SubscriberListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  after: CursorSchema.optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
});
export type SubscriberListInput = z.input<typeof SubscriberListSchema>;
