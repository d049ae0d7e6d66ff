// The contact form: one zod schema for the browser form and the server, with SPEC §5's messages.
import { z } from 'zod';
import { CursorSchema } from '../../lib/shared/paging.ts';

export const INTERESTS = ['available', 'upcoming', 'waitlist', 'information'] as const;
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_LABELS: Record<Interest, string> = {
  available: 'Currently Available Puppies',
  upcoming: 'Upcoming Litters',
  waitlist: 'Joining the Waitlist',
  information: 'General Information',
};

export const INQUIRY_STATUSES = ['new', 'in_progress', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const InquirySchema = z.object({
  name: z
    .string('Name must be at least 2 characters.')
    .trim()
    .min(2, 'Name must be at least 2 characters.')
    .max(100, 'Name must be at most 100 characters.'),
  email: z
    .string('Please enter a valid email address.')
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
  phone: z
    .string()
    .trim()
    .max(50, 'Phone must be at most 50 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  interest: z.enum(INTERESTS, 'Please select your area of interest.'),
  message: z
    .string('Message must be at least 10 characters.')
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(5000, 'Message must be at most 5,000 characters.'),
  /** Honeypot: invisible to people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
});
export type InquiryInput = z.input<typeof InquirySchema>;

export const INQUIRY_DEFAULTS = { name: '', email: '', phone: '', interest: 'available' as Interest, message: '', website: '' };

// Admin (dashboard) shapes: the breeder's inbox.

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  closed: 'Closed',
};

export interface InquiryAdminDto {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  interest: Interest;
  message: string;
  status: InquiryStatus;
  notes: string;
  /** ISO timestamp when the breeder first opened it; null while unread. */
  readAt: string | null;
  createdAt: string;
}

export const InquiryListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  after: CursorSchema.optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(INQUIRY_STATUSES).optional(),
  interest: z.enum(INTERESTS).optional(),
});
export type InquiryListInput = z.input<typeof InquiryListSchema>;

export const InquiryUpdateSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(INQUIRY_STATUSES, 'Choose new, in progress or closed.'),
  notes: z.string().trim().max(10_000, 'Notes must be at most 10,000 characters.').default(''),
});
export type InquiryUpdateInput = z.input<typeof InquiryUpdateSchema>;
