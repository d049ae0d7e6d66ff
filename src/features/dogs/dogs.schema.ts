// The dogs' shapes: our parent dogs and the registry around them (ancestors, health results, pedigrees, pairings), shared by the server and the forms.
import { z } from 'zod';
import { optionalImagePath, optionalVideoPath, requiredImagePath } from '../media/media.schema.ts';

/** How many photos one dog can have. */
export const PARENT_MAX_PHOTOS = 12;

/** A calendar day, YYYY-MM-DD, that exists (a birth, a litter's dates, a health test). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD.')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Not a real date.');

export interface ParentDogDto {
  id: number;
  name: string;
  gender: 'female' | 'male';
  breed: string;
  color: string;
  /** pounds */
  weight: number | null;
  /** YYYY-MM-DD */
  birthDate: string | null;
  description: string;
  /** The first photo (SPEC §3's imageUrl), or null. */
  imageUrl: string | null;
  /** Every photo in the breeder's order; the first is imageUrl. */
  photos: string[];
  videoUrl: string | null;
}

// Admin (dashboard) shapes.

export const PARENT_GENDERS = ['female', 'male'] as const;

/** A parent dog as the dashboard sees it: the public shape plus featured and display order. */
export interface ParentDogAdminDto extends ParentDogDto {
  featured: boolean;
  sortOrder: number;
}

export const ParentDogInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  gender: z.enum(PARENT_GENDERS, 'Choose female or male.'),
  breed: z.string().trim().min(1, 'Breed is required.').max(100, 'Breed must be at most 100 characters.'),
  color: z.string().trim().min(1, 'Color is required.').max(100, 'Color must be at most 100 characters.'),
  weight: z
    .number('Weight must be a number.')
    .positive('Weight must be more than 0.')
    .max(300, 'Weight must be at most 300 lbs.')
    .nullable()
    .default(null),
  birthDate: IsoDateSchema.nullish().transform((v) => v ?? null),
  description: z.string().trim().max(5000, 'Description must be at most 5,000 characters.').default(''),
  imageUrl: optionalImagePath(),
  /** The photos in order (the first becomes imageUrl). Left out, the set is imageUrl alone (older clients). */
  photos: z
    .array(requiredImagePath('Choose a photo.'))
    .max(PARENT_MAX_PHOTOS, `A dog can have at most ${PARENT_MAX_PHOTOS} photos.`)
    .refine((urls) => new Set(urls).size === urls.length, 'Each photo can be added only once.')
    .optional(),
  videoUrl: optionalVideoPath(),
  /** Left out, a new dog is private until the breeder features it (issue 29). */
  featured: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type ParentDogInput = z.input<typeof ParentDogInputSchema>;
// The dog registry: every dog of a pedigree, ours (the parent dogs above) or an ancestor elsewhere.

export const DOG_REGISTRIES = ['AKC', 'CKC', 'UKC', 'GANA', 'ICA', 'ACHC', 'Other'] as const;
export const DOG_GENERATIONS = ['Golden Retriever', 'Poodle', 'F1', 'F1B', 'F2', 'F2B', 'F3', 'Multigen'] as const;
import { HEALTH_TEST_KINDS, HEALTH_TEST_LABELS, healthTestLabel, type HealthTestKind } from '../../lib/shared/health-tests.ts';
export { HEALTH_TEST_KINDS, HEALTH_TEST_LABELS, healthTestLabel, type HealthTestKind };
/** The most generations a pedigree reaches (the tree, the REST answer, the COI window). */
import { PEDIGREE_MAX_GENERATIONS } from './pedigree-limits.ts';
export { PEDIGREE_MAX_GENERATIONS };

export const DOG_MESSAGES = {
  ownParent: 'A dog cannot be its own parent.',
  cycle: (dog: string, parent: string) =>
    `${parent} cannot be a parent of ${dog}: ${parent} descends from ${dog}, so ${dog} would become its own ancestor.`,
  sireNotMale: 'The sire must be a male dog.',
  damNotFemale: 'The dam must be a female dog.',
  parentMissing: 'That parent dog no longer exists. Choose another or leave it unknown.',
  httpsOnly: 'The verification link must be an https:// address.',
  certificate: 'Attach the certificate as a PDF or a photo uploaded here.',
  linkOrCertificate: 'Give either a verification link or a certificate, not both.',
  generations: `Generations must be a whole number from 1 to ${PEDIGREE_MAX_GENERATIONS}.`,
  dogNotFound: 'Dog not found.',
} as const;

/** One health test result as shown: a badge with its date, and where it can be checked. */
export interface HealthTestDto {
  id: number;
  kind: HealthTestKind;
  /** What the badge reads, e.g. "OFA hips" or "Embark: PRA-prcd". */
  label: string;
  /** The specific test within a panel (PRA-prcd, DM, vWD1, NEwS), or ''. */
  test: string;
  result: string;
  /** YYYY-MM-DD */
  date: string | null;
  verificationUrl: string | null;
  certificateUrl: string | null;
}

const httpsUrl = z
  .string()
  .trim()
  .max(500, 'The link must be at most 500 characters.')
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, DOG_MESSAGES.httpsOnly);

/** A certificate: a PDF or a photo uploaded here. */
const CERTIFICATE = /^\/uploads\/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.(pdf|jpe?g|png|webp|avif)$/i;

export const HealthTestInputSchema = z
  .object({
    kind: z.enum(HEALTH_TEST_KINDS, 'Choose which test this is.'),
    test: z.string().trim().max(100, 'The test name must be at most 100 characters.').default(''),
    result: z.string().trim().min(1, 'The result is required.').max(100, 'The result must be at most 100 characters.'),
    date: IsoDateSchema.nullish().transform((v) => v ?? null),
    verificationUrl: httpsUrl.nullish().transform((v) => v || null),
    certificateUrl: z
      .string()
      .trim()
      .max(500, DOG_MESSAGES.certificate)
      .refine((v) => v === '' || CERTIFICATE.test(v), DOG_MESSAGES.certificate)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((t) => !(t.verificationUrl && t.certificateUrl), { message: DOG_MESSAGES.linkOrCertificate, path: ['verificationUrl'] });
export type HealthTestInput = z.input<typeof HealthTestInputSchema>;

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters.`).default('');
const parentId = z.number().int().positive().nullable().default(null);

/** A registry dog as the dashboard edits it: the parent-dog fields (breed and colour may be unknown) and the pedigree's. */
export const DogInputSchema = ParentDogInputSchema.extend({
  breed: text('Breed', 100),
  color: text('Color', 100),
  registeredName: text('Registered name', 200),
  registry: z.union([z.enum(DOG_REGISTRIES), z.literal('')], 'Choose a registry from the list.').default(''),
  registrationNumber: text('Registration number', 50),
  generation: text('Generation', 50),
  breederOwner: text('Breeder/owner', 200),
  notes: text('Notes', 5000),
  sireId: parentId,
  damId: parentId,
  // Left out (older clients, the parent-dog form), a dog is one of ours (it lives here), as parent dogs always
  // were; it is shown to visitors only once featured.
  ours: z.boolean().default(true),
  retired: z.boolean().default(false),
  healthTests: z.array(HealthTestInputSchema).max(40, 'A dog can have at most 40 health results.').default([]),
});
export type DogInput = z.input<typeof DogInputSchema>;
export const DogUpdateSchema = DogInputSchema.extend({ id: z.number().int().positive() });

/** An ancestor added from another dog's form: just enough to name it. */
export const AncestorInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100, 'Name must be at most 100 characters.'),
  gender: z.enum(PARENT_GENDERS, 'Choose female or male.'),
  registeredName: text('Registered name', 200),
  generation: text('Generation', 50),
});

export const DogSearchSchema = z.object({
  search: z.string().trim().max(100).default(''),
  gender: z.enum(PARENT_GENDERS).optional(),
  /** Leave this dog out (it cannot be its own parent). */
  exclude: z.number().int().positive().optional(),
});

/** A dog as the dashboard lists it. */
export interface DogAdminDto extends ParentDogAdminDto {
  registeredName: string;
  registry: string;
  registrationNumber: string;
  generation: string;
  breederOwner: string;
  notes: string;
  sireId: number | null;
  damId: number | null;
  sireName: string | null;
  damName: string | null;
  ours: boolean;
  retired: boolean;
  healthTests: HealthTestDto[];
  /** How many dogs name this one as a parent, and how many litters: deleting it leaves those unknown. */
  referencedBy: number;
}

export interface DogOptionDto {
  id: number;
  name: string;
  registeredName: string;
  gender: 'female' | 'male';
  ours: boolean;
}

export const PedigreeInputSchema = z.object({
  id: z.number().int().positive(),
  generations: z
    .number(DOG_MESSAGES.generations)
    .int(DOG_MESSAGES.generations)
    .min(1, DOG_MESSAGES.generations)
    .max(PEDIGREE_MAX_GENERATIONS, DOG_MESSAGES.generations)
    .default(3),
});

export const PairingInputSchema = z.object({
  sireId: z.number().int().positive(),
  damId: z.number().int().positive(),
  generations: PedigreeInputSchema.shape.generations,
});

/** One dog of a pedigree, its ancestors nested (null where unknown or beyond the requested generations). */
export interface PedigreeNodeDto {
  id: number;
  name: string;
  registeredName: string;
  sex: 'female' | 'male';
  generation: string;
  color: string;
  healthTests: HealthTestDto[];
  sire: PedigreeNodeDto | null;
  dam: PedigreeNodeDto | null;
}

export interface PedigreeDto extends PedigreeNodeDto {
  /** Wright's coefficient of inbreeding of this dog, over `coiGenerations` generations. */
  coi: number;
  coiGenerations: number;
  /** Of the ancestor places within `coiGenerations` generations (62 over 5), how many hold a known dog. */
  ancestorsKnown: number;
  ancestorPlaces: number;
  imageUrl: string | null;
}

/** A trial pairing: the would-be litter's pedigree (sire and dam as its parents) and its COI. */
export interface PairingDto {
  sire: PedigreeNodeDto;
  dam: PedigreeNodeDto;
  coi: number;
  coiGenerations: number;
  /** Of the would-be litter's ancestor places within `coiGenerations` generations, how many hold a known dog. */
  ancestorsKnown: number;
  ancestorPlaces: number;
}

/** One of our dogs on /family-tree. */
export interface FamilyTreeDogDto {
  id: number;
  name: string;
  gender: 'female' | 'male';
  breed: string;
  generation: string;
  color: string;
  imageUrl: string | null;
  retired: boolean;
  healthTests: HealthTestDto[];
}

/** A dog as the dashboard got it, back into the editable input (the form's start, a test's base). */
export function dogToInput(d: DogAdminDto): z.input<typeof DogInputSchema> {
  return {
    name: d.name,
    gender: d.gender,
    breed: d.breed,
    color: d.color,
    weight: d.weight,
    birthDate: d.birthDate,
    description: d.description,
    imageUrl: d.imageUrl,
    photos: d.photos,
    videoUrl: d.videoUrl,
    featured: d.featured,
    sortOrder: d.sortOrder,
    registeredName: d.registeredName,
    registry: d.registry as (typeof DOG_REGISTRIES)[number] | '',
    registrationNumber: d.registrationNumber,
    generation: d.generation,
    breederOwner: d.breederOwner,
    notes: d.notes,
    sireId: d.sireId,
    damId: d.damId,
    ours: d.ours,
    retired: d.retired,
    healthTests: d.healthTests.map((t) => ({
      kind: t.kind,
      test: t.test,
      result: t.result,
      date: t.date,
      verificationUrl: t.verificationUrl,
      certificateUrl: t.certificateUrl,
    })),
  };
}
