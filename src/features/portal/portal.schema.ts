// The family portal's shapes and rules (updates, weights, checklist, pickup, documents), shared by forms and the server.
import { z } from 'zod';

export const PORTAL_MESSAGES = {
  textRequired: 'Write a few words about the update.',
  textTooLong: 'An update can be at most 5000 characters.',
  targetRequired: 'Choose a litter or a puppy for this update.',
  weightPositive: 'Enter a weight above zero.',
  weightTooLarge: 'That weight is too large for a mini Goldendoodle puppy.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  dateInFuture: 'The date cannot be in the future.',
  weightDateRequired: 'Enter the date the puppy was weighed.',
  weightBeforeBirth: 'That date is before the puppy was born: enter the day it was weighed.',
  weightOnlyForPuppy: 'A weight belongs to one puppy: post it to the puppy, not the whole litter.',
  tooManyPhotos: 'Attach at most 12 photos to one update.',
  photoInvalid: 'This photo is not one of our uploads.',
  labelRequired: 'Enter the item.',
  labelTooLong: 'An item can be at most 200 characters.',
  titleRequired: 'Give the document a name.',
  titleTooLong: 'A name can be at most 200 characters.',
  documentRequired: 'Upload the document first.',
  pickupInvalid: 'Enter a valid date and time.',
  notFound: 'Not found.',
  litterNotFound: 'That litter does not exist.',
  puppyNotFound: 'That puppy does not exist.',
  familyNotFound: 'That family does not exist.',
  itemNotFound: 'That checklist item does not exist.',
  passwordWrong: 'Your current password is not correct.',
} as const;

/** Upload URLs as the media pipeline hands them out (canonical form, before the private address). */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
const UploadUrlSchema = z.string().regex(UPLOAD_URL_PATTERN, PORTAL_MESSAGES.photoInvalid);

/** Private uploads are served only here, after an access check. */
export const PRIVATE_MEDIA_PREFIX = '/private-media/';
export const privateMediaUrl = (uploadUrl: string) => uploadUrl.replace(/^\/uploads\//, PRIVATE_MEDIA_PREFIX);

const today = () => new Date().toISOString().slice(0, 10);
/** A calendar date (YYYY-MM-DD), not after today (UTC, which is never behind the breeder's Colorado date). */
export const PastDateSchema = z
  .string(PORTAL_MESSAGES.weightDateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, PORTAL_MESSAGES.dateInvalid)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    PORTAL_MESSAGES.dateInvalid,
  )
  .refine((d) => d <= today(), PORTAL_MESSAGES.dateInFuture);

export const WEIGHT_UNITS = ['oz', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const OUNCES_PER_POUND = 16;

export const WeightInputSchema = z.object({
  value: z.number(PORTAL_MESSAGES.weightPositive).positive(PORTAL_MESSAGES.weightPositive).max(1000, PORTAL_MESSAGES.weightTooLarge),
  unit: z.enum(WEIGHT_UNITS),
  date: PastDateSchema,
});
export type WeightInput = z.input<typeof WeightInputSchema>;

export const toOunces = (w: { value: number; unit: WeightUnit }) => (w.unit === 'lb' ? w.value * OUNCES_PER_POUND : w.value);

export const PostUpdateSchema = z
  .object({
    litterId: z.number().int().positive().nullable().default(null),
    puppyId: z.number().int().positive().nullable().default(null),
    text: z.string(PORTAL_MESSAGES.textRequired).trim().min(1, PORTAL_MESSAGES.textRequired).max(5000, PORTAL_MESSAGES.textTooLong),
    photos: z.array(UploadUrlSchema).max(12, PORTAL_MESSAGES.tooManyPhotos).default([]),
    weight: WeightInputSchema.nullable().default(null),
    /** One key per update however often it is sent (a phone's offline queue replays with the same key). */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The update’s key must be 8 to 64 letters, digits, - or _.')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.litterId === null) === (v.puppyId === null))
      ctx.addIssue({ code: 'custom', path: ['puppyId'], message: PORTAL_MESSAGES.targetRequired });
    if (v.weight && v.puppyId === null)
      ctx.addIssue({ code: 'custom', path: ['weight', 'value'], message: PORTAL_MESSAGES.weightOnlyForPuppy });
  });
export type PostUpdateInput = z.input<typeof PostUpdateSchema>;

export const IdSchema = z.object({ id: z.number().int().positive() });
export const PuppyIdSchema = z.object({ puppyId: z.number().int().positive() });
export const FamilyIdSchema = z.object({ familyId: z.number().int().positive() });

export const ChecklistItemsSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().positive().nullable().default(null),
        label: z.string().trim().min(1, PORTAL_MESSAGES.labelRequired).max(200, PORTAL_MESSAGES.labelTooLong),
      }),
    )
    .max(100),
});
export type ChecklistItemsInput = z.input<typeof ChecklistItemsSchema>;

export const TickSchema = z.object({ itemId: z.number().int().positive(), done: z.boolean() });

export const SetPickupSchema = z.object({
  puppyId: z.number().int().positive(),
  /** ISO date-time; null clears it. */
  at: z.iso.datetime({ offset: true, message: PORTAL_MESSAGES.pickupInvalid }).nullable(),
});

export const SetFamilySchema = z.object({ puppyId: z.number().int().positive(), familyId: z.number().int().positive().nullable() });

export const ShareDocumentSchema = z.object({
  familyId: z.number().int().positive(),
  title: z.string().trim().min(1, PORTAL_MESSAGES.titleRequired).max(200, PORTAL_MESSAGES.titleTooLong),
  url: z.string(PORTAL_MESSAGES.documentRequired).regex(UPLOAD_URL_PATTERN, PORTAL_MESSAGES.documentRequired),
});
export type ShareDocumentInput = z.input<typeof ShareDocumentSchema>;

export const DigestPreferenceSchema = z.object({ enabled: z.boolean() });

// What the family's screens receive.

export interface PortalPhotoDto {
  url: string;
  width: number | null;
  height: number | null;
}

export interface PortalPuppyDto {
  id: number;
  name: string;
  litterId: number | null;
  litterName: string | null;
  birthDate: string | null;
  imageUrl: string | null;
  /** ISO date-time of the pickup, when set. */
  pickupAt: string | null;
  latestOunces: number | null;
}

export interface PortalUpdateDto {
  id: number;
  createdAt: string;
  text: string;
  /** What the update was posted to: "Luna" or "The Spring litter". */
  about: string;
  scope: 'litter' | 'puppy';
  photos: PortalPhotoDto[];
  weight: { ounces: number; date: string } | null;
}

export interface GrowthPointDto {
  ageDays: number;
  ounces: number;
  date: string;
}

export interface GrowthSeriesDto {
  puppyId: number;
  name: string;
  points: GrowthPointDto[];
}

export interface GrowthDto {
  puppy: GrowthSeriesDto;
  litterMates: GrowthSeriesDto[];
}

export interface ChecklistEntryDto {
  id: number;
  label: string;
  done: boolean;
}

export interface FamilyDocumentDto {
  id: number;
  title: string;
  url: string;
  kind: 'pdf' | 'photo';
  createdAt: string;
}

/** "Spring Litter" as it is, "Spring" as "Spring litter": never "Spring Litter litter". */
export const litterLabel = (name: string) => (/\blitter$/i.test(name.trim()) ? name.trim() : `${name.trim()} litter`);

export const formatOunces = (oz: number) => {
  const lb = Math.floor(oz / OUNCES_PER_POUND);
  const rest = Math.round((oz - lb * OUNCES_PER_POUND) * 10) / 10;
  if (lb === 0) return `${rest} oz`;
  return rest === 0 ? `${lb} lb` : `${lb} lb ${rest} oz`;
};
