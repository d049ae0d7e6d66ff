// The newsletter form: shared by the browser and the server.
import { z } from 'zod';

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
