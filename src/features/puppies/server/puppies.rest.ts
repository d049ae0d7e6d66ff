import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { GENDERS, PUPPY_STATUSES, TRAIT_LEVELS, type PuppyDto } from '../puppies.schema.ts';
import { puppiesRouter } from './puppies.router.ts';

const trait = z.enum(TRAIT_LEVELS);
/** What a visitor may know about a puppy (never the family it is matched to). */
export const PuppyResponseSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(GENDERS),
    color: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    photos: z.array(z.string()),
    videoUrl: z.string().nullable(),
    litterId: z.number().int().nullable(),
    status: z.enum(PUPPY_STATUSES),
    generation: z.string().nullable(),
    weight: z.number().nullable().meta({ description: 'pounds' }),
    price: z.number().int().nullable().meta({ description: 'US dollars; 0 or null means contact for pricing' }),
    assessmentComplete: z.boolean(),
    energyLevel: trait,
    confidence: trait,
    independence: trait,
    sociability: trait,
    foodMotivation: trait,
    toyDrive: trait,
    biddability: trait,
    handlingResponse: z.string().nullable(),
    soundSensitivity: z.string().nullable(),
    visualSensitivity: z.string().nullable(),
    personalityNotes: z.string().nullable(),
    trainingProgress: z.string().nullable(),
    idealHome: z.string().nullable(),
  })
  .meta({ id: 'Puppy' }) satisfies z.ZodType<PuppyDto>;

export const puppiesRest = restRoutes(puppiesRouter, [
  {
    method: 'GET',
    url: '/api/puppies/featured',
    call: (c) => c.featured(),
    doc: { tag: 'Puppies', summary: 'Puppies shown on the home page', response: z.array(PuppyResponseSchema) },
  },
]);
