// Litter shapes and messages, shared by the server and the forms.
import { z } from 'zod';
import { optionalImagePath } from '../media/media.schema.ts';
import { IsoDateSchema } from './dogs.schema.ts';

export interface LitterDto {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  motherName: string;
  fatherName: string;
  /** YYYY-MM-DD */
  expectedDate: string | null;
  /** YYYY-MM-DD; null means the litter is expected only (waitlist). */
  birthDate: string | null;
  puppyCount: number | null;
  /** The registry's dogs behind motherName and fatherName (their trees are /family-tree/{id}), when known. */
  damId: number | null;
  sireId: number | null;
  /** The litter's coefficient of inbreeding from its sire's and dam's pedigrees (5 generations), when both are known. */
  coi: number | null;
  /** How many of the 62 ancestor places over those 5 generations (the parents included) hold a known dog, when `coi` is given. */
  ancestorsKnown: number | null;
}

export const LitterInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required.').max(100),
  description: z.string().trim().max(5000).default(''),
  imageUrl: optionalImagePath(),
  motherName: z.string().trim().min(1, "Mother's name is required.").max(100),
  fatherName: z.string().trim().min(1, "Father's name is required.").max(100),
  expectedDate: IsoDateSchema.nullish().transform((v) => v ?? null),
  birthDate: IsoDateSchema.nullish().transform((v) => v ?? null),
  puppyCount: z.number().int().min(0).max(30).nullable().default(null),
  active: z.boolean().default(true),
  /** The registry's dogs; without them the names find (or add) the dogs. */
  damId: z.number().int().positive().nullish(),
  sireId: z.number().int().positive().nullish(),
});
export type LitterInput = z.input<typeof LitterInputSchema>;

// Admin (dashboard) shapes.

/** A litter as the dashboard sees it: the public shape plus whether it is active or archived. */
export interface LitterAdminDto extends LitterDto {
  active: boolean;
}

export const LitterUpdateSchema = LitterInputSchema.extend({ id: z.number().int().positive() });
