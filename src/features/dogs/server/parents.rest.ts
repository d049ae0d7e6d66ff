import { z } from 'zod';
import { queryValue, restRoutes } from '../../../lib/server/rest.ts';
import { IsoDayStringSchema } from '../../../lib/shared/api-error.ts';
import { parentsRouter } from './parents.router.ts';
import { AppError } from '../../../lib/server/errors.ts';
import {
  DOG_MESSAGES,
  HEALTH_TEST_KINDS,
  PARENT_GENDERS,
  PedigreeInputSchema,
  type HealthTestDto,
  type ParentDogDto,
  type PedigreeDto,
  type PedigreeNodeDto,
} from '../dogs.schema.ts';

/** A path id: a positive whole number, else no dog has it (404, not a validation error). */
function dogIdOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) throw new AppError('NOT_FOUND', DOG_MESSAGES.dogNotFound);
  return Number(raw);
}

/** ?generations=N: absent means the default; anything but a whole number is refused with the schema's message. */
function generationsOf(raw: string | string[] | undefined): number | undefined {
  const v = queryValue(raw);
  if (v === undefined) return undefined;
  return /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
}

export const ParentDogResponseSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(PARENT_GENDERS),
    breed: z.string(),
    color: z.string(),
    weight: z.number().nullable().meta({ description: 'pounds' }),
    birthDate: IsoDayStringSchema.nullable(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    photos: z.array(z.string()),
    videoUrl: z.string().nullable(),
  })
  .meta({ id: 'ParentDog' }) satisfies z.ZodType<ParentDogDto>;

const HealthTestSchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(HEALTH_TEST_KINDS),
    label: z.string(),
    test: z.string(),
    result: z.string(),
    date: IsoDayStringSchema.nullable(),
    verificationUrl: z.string().nullable(),
    certificateUrl: z.string().nullable(),
  })
  .meta({ id: 'HealthTest' }) satisfies z.ZodType<HealthTestDto>;

const nodeFields = {
  id: z.number().int(),
  name: z.string(),
  registeredName: z.string(),
  sex: z.enum(PARENT_GENDERS),
  generation: z.string(),
  color: z.string(),
  healthTests: z.array(HealthTestSchema),
};
const PedigreeNodeSchema: z.ZodType<PedigreeNodeDto> = z
  .strictObject({
    ...nodeFields,
    get sire() {
      return PedigreeNodeSchema.nullable();
    },
    get dam() {
      return PedigreeNodeSchema.nullable();
    },
  })
  .meta({ id: 'PedigreeNode', description: 'A dog and its ancestors; null where unknown or beyond the requested generations' });
const PedigreeSchema = z
  .strictObject({
    ...nodeFields,
    sire: PedigreeNodeSchema.nullable(),
    dam: PedigreeNodeSchema.nullable(),
    coi: z.number().min(0).max(1).meta({ description: "Wright's coefficient of inbreeding (0 to 1)" }),
    coiGenerations: z.number().int(),
    ancestorsKnown: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'How many of the ancestor places within coiGenerations generations hold a known dog' }),
    ancestorPlaces: z.number().int().meta({ description: 'The ancestor places within coiGenerations generations: 62 over 5' }),
    imageUrl: z.string().nullable(),
  })
  .meta({ id: 'Pedigree' }) satisfies z.ZodType<PedigreeDto>;

export const parentsRest = restRoutes(parentsRouter, [
  {
    method: 'GET',
    url: '/api/parents/featured',
    call: (c) => c.featured(),
    doc: { tag: 'Parent dogs', summary: 'Parent dogs shown on the home page', response: z.array(ParentDogResponseSchema) },
  },
  {
    method: 'GET',
    url: '/api/dogs/:id/pedigree',
    call: (c, req) => c.pedigree({ id: dogIdOf(req.params.id), generations: generationsOf(req.query.generations) }),
    doc: {
      tag: 'Parent dogs',
      summary: 'A dog’s pedigree: its ancestors nested, their health tests, and its coefficient of inbreeding',
      params: z.object({ id: z.number().int().positive() }),
      query: PedigreeInputSchema.pick({ generations: true }),
      response: PedigreeSchema,
      errors: [400, 404],
    },
  },
]);
