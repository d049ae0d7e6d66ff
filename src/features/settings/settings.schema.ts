// Site settings: the one record the breeder edits for contact details and home-page copy.
import { z } from 'zod';
import { nullableImagePath, nullableVideoPath } from '../media/media.schema.ts';

export const ProcessBlockSchema = z.object({
  title: z.string().trim().min(1, 'Title is required.').max(100),
  body: z.string().trim().min(1, 'Text is required.').max(2000),
});
export const FaqEntrySchema = z.object({
  question: z.string().trim().min(1, 'Question is required.').max(300),
  answer: z.string().trim().min(1, 'Answer is required.').max(5000),
});

// Social links open in the visitor's browser: https only (no http:, javascript: or data:).
const LINK_MESSAGE = 'Enter a full link starting with https://';
const httpsLink = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const url = z
  .string(LINK_MESSAGE)
  .max(500, LINK_MESSAGE)
  .refine((v) => v === '' || httpsLink.safeParse(v).success, LINK_MESSAGE);

export const SiteSettingsSchema = z.object({
  breederName: z.string().trim().min(1, 'Breeder name is required.').max(100),
  town: z.string().trim().min(1, 'Town is required.').max(100),
  phone: z.string().trim().min(1, 'Phone is required.').max(50),
  email: z.email('Please enter a valid email address.').max(254),
  facebookUrl: url,
  instagramUrl: url,
  youtubeUrl: url,
  heroImageUrl: nullableImagePath(),
  heroVideoUrl: nullableVideoPath(),
  /** The kennel's logo in the header (null: the paw mark). */
  logoUrl: nullableImagePath(),
  aboutStory: z.string().trim().max(10000),
  healthPoints: z.array(z.string().trim().min(1).max(300)).max(20),
  // Four steps, or none yet (a site set up empty has none until she writes them: the home page then leaves them out).
  processBlocks: z
    .array(ProcessBlockSchema)
    .refine((blocks) => blocks.length === 0 || blocks.length === 4, 'There are exactly four process blocks.'),
  faq: z.array(FaqEntrySchema).max(50),
});
export type SiteSettingsDto = z.infer<typeof SiteSettingsSchema>;
export type ProcessBlock = z.infer<typeof ProcessBlockSchema>;
export type FaqEntry = z.infer<typeof FaqEntrySchema>;
