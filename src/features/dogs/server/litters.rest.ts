import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { IsoDayStringSchema } from '../../../lib/shared/api-error.ts';
import type { LitterDto } from '../litters.schema.ts';
import { littersRouter } from './litters.router.ts';

export const LitterResponseSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    motherName: z.string(),
    fatherName: z.string(),
    expectedDate: IsoDayStringSchema.nullable(),
    birthDate: IsoDayStringSchema.nullable().meta({ description: 'YYYY-MM-DD; null: expected only (waitlist)' }),
    puppyCount: z.number().int().nullable(),
    damId: z.number().int().nullable().meta({ description: 'The dam in the dog registry (/api/dogs/{id}/pedigree), when known' }),
    sireId: z.number().int().nullable(),
    coi: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta({ description: "The litter's coefficient of inbreeding over 5 generations, when both parents are known" }),
    ancestorsKnown: z.number().int().min(0).max(62).nullable().meta({
      description: 'How many of the 62 ancestor places over those 5 generations (the parents included) hold a known dog, when coi is given',
    }),
  })
  .meta({ id: 'Litter' }) satisfies z.ZodType<LitterDto>;

export const littersRest = restRoutes(littersRouter, [
  {
    method: 'GET',
    url: '/api/litters/active',
    call: (c) => c.active(),
    doc: { tag: 'Litters', summary: 'Current and expected litters', response: z.array(LitterResponseSchema) },
  },
]);
