// Puppy enums, shapes and messages, shared by the server and the forms.
import { z } from 'zod';
import { optionalImagePath, optionalVideoPath, requiredImagePath } from '../media/media.schema.ts';

export const PUPPY_STATUSES = ['available', 'reserved', 'sold'] as const;
export const GENDERS = ['male', 'female'] as const;
export const TRAIT_LEVELS = ['high', 'medium', 'low', 'unassessed'] as const;
export const TRAITS = ['energyLevel', 'confidence', 'independence', 'sociability', 'foodMotivation', 'toyDrive', 'biddability'] as const;

export const TRAIT_LABELS: Record<(typeof TRAITS)[number], string> = {
  energyLevel: 'Energy Level',
  confidence: 'Confidence',
  independence: 'Independence',
  sociability: 'Sociability',
  foodMotivation: 'Food Motivation',
  toyDrive: 'Toy Drive',
  biddability: 'Biddability',
};

/** How many photos one puppy can have. */
export const PUPPY_MAX_PHOTOS = 12;

export type PuppyStatus = (typeof PUPPY_STATUSES)[number];
export type Gender = (typeof GENDERS)[number];
export type TraitLevel = (typeof TRAIT_LEVELS)[number];

/** The public shape of a puppy (SPEC §3). */
export interface PuppyDto {
  id: number;
  name: string;
  gender: Gender;
  color: string;
  description: string;
  /** The first photo (SPEC §3's imageUrl: the card's picture), or null. */
  imageUrl: string | null;
  /** Every photo in the breeder's order; the first is imageUrl. */
  photos: string[];
  /** An optional short video. */
  videoUrl: string | null;
  litterId: number | null;
  status: PuppyStatus;
  generation: string | null;
  weight: number | null;
  price: number | null;
  assessmentComplete: boolean;
  energyLevel: TraitLevel;
  confidence: TraitLevel;
  independence: TraitLevel;
  sociability: TraitLevel;
  foodMotivation: TraitLevel;
  toyDrive: TraitLevel;
  biddability: TraitLevel;
  handlingResponse: string | null;
  soundSensitivity: string | null;
  visualSensitivity: string | null;
  personalityNotes: string | null;
  trainingProgress: string | null;
  idealHome: string | null;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** What the admin form edits; also the server's input for create and update. */
export const PuppyInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  gender: z.enum(GENDERS, 'Choose male or female.'),
  color: z.string().trim().min(1, 'Color is required.').max(100),
  description: z.string().trim().max(5000).default(''),
  imageUrl: optionalImagePath(),
  /** The photos in order (the first becomes imageUrl). Left out, the set is imageUrl alone (older clients). */
  photos: z
    .array(requiredImagePath('Choose a photo.'))
    .max(PUPPY_MAX_PHOTOS, `A puppy can have at most ${PUPPY_MAX_PHOTOS} photos.`)
    .refine((urls) => new Set(urls).size === urls.length, 'Each photo can be added only once.')
    .optional(),
  videoUrl: optionalVideoPath(),
  litterId: z.number().int().positive().nullable().default(null),
  status: z.enum(PUPPY_STATUSES).default('available'),
  visible: z.boolean().default(true),
  generation: optionalText(50),
  weight: z.number().nonnegative().max(200).nullable().default(null),
  price: z.number().int('Price must be whole dollars.').nonnegative('Price cannot be negative.').max(1_000_000).nullable().default(null),
  assessmentComplete: z.boolean().default(false),
  energyLevel: z.enum(TRAIT_LEVELS).default('unassessed'),
  confidence: z.enum(TRAIT_LEVELS).default('unassessed'),
  independence: z.enum(TRAIT_LEVELS).default('unassessed'),
  sociability: z.enum(TRAIT_LEVELS).default('unassessed'),
  foodMotivation: z.enum(TRAIT_LEVELS).default('unassessed'),
  toyDrive: z.enum(TRAIT_LEVELS).default('unassessed'),
  biddability: z.enum(TRAIT_LEVELS).default('unassessed'),
  handlingResponse: optionalText(1000),
  soundSensitivity: optionalText(1000),
  visualSensitivity: optionalText(1000),
  personalityNotes: optionalText(5000),
  trainingProgress: optionalText(5000),
  idealHome: optionalText(5000),
});
export type PuppyInput = z.input<typeof PuppyInputSchema>;

// Admin (dashboard) shapes.

/** A puppy as the dashboard sees it: the public shape plus whether it is shown. */
export interface PuppyAdminDto extends PuppyDto {
  visible: boolean;
  litterName: string | null;
}

export const PuppyUpdateSchema = PuppyInputSchema.extend({ id: z.number().int().positive() });

/** The list's quick status change: status and whether the puppy is shown on the site. */
export const PuppyStatusUpdateSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(PUPPY_STATUSES, 'Choose available, reserved or sold.'),
  visible: z.boolean(),
});

export const PuppyListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(100).optional(),
  status: z.enum(PUPPY_STATUSES).optional(),
  litterId: z.number().int().positive().optional(),
});
