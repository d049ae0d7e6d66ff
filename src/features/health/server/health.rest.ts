// GET /api/puppies/{id}/health: a puppy's care record, for its matched family and the breeder (404 to anyone else).
import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { AppError } from '../../../lib/server/errors.ts';
import { CARE_KINDS, HEALTH_MESSAGES, MAX_ID, DOSE_UNITS, SCHEDULE_KINDS, type HealthRecordDto } from '../health.schema.ts';
import { healthRouter } from './health.router.ts';

const Day = z.iso.date();
const DueItemSchema = z.strictObject({
  scheduleItemId: z.number().int().nullable(),
  label: z.string(),
  kind: z.enum(SCHEDULE_KINDS),
  dueOn: Day,
  afterGoHome: z.boolean(),
  overdue: z.boolean(),
});
const HealthRecordSchema = z
  .strictObject({
    puppy: z.strictObject({
      id: z.number().int(),
      name: z.string(),
      birthDate: Day.nullable(),
      litterName: z.string().nullable(),
      pickupAt: IsoInstantSchema.nullable(),
      goneHome: z.boolean(),
    }),
    microchip: z.strictObject({ number: z.string(), registry: z.string(), warning: z.string().nullable(), on: Day }).nullable(),
    items: z.array(
      z.strictObject({
        id: z.number().int(),
        puppyId: z.number().int(),
        puppyName: z.string(),
        kind: z.enum(CARE_KINDS),
        givenOn: Day,
        product: z.string(),
        manufacturer: z.string(),
        lotNumber: z.string(),
        lotExpiry: Day.nullable(),
        dose: z.number().nullable(),
        doseUnit: z.enum(DOSE_UNITS).nullable(),
        givenBy: z.string(),
        nextDueOn: Day.nullable(),
        findings: z.string(),
        vet: z.string(),
        clinic: z.string(),
        microchip: z.string().nullable(),
        registry: z.string(),
        notes: z.string(),
        attachments: z.array(z.strictObject({ url: z.string(), kind: z.enum(['pdf', 'photo']) })),
        scheduleItemId: z.number().int().nullable(),
      }),
    ),
    weights: z.array(z.strictObject({ date: Day, ounces: z.number() })),
    due: z.array(DueItemSchema),
    nextAfterGoHome: DueItemSchema.nullable(),
  })
  .meta({ id: 'HealthRecord' }) satisfies z.ZodType<HealthRecordDto>;

/** A path id that is not a puppy id names no puppy: 404, as for another family's puppy. */
function idOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > MAX_ID) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.puppyNotFound);
  return Number(raw);
}

export const healthRest = restRoutes(healthRouter, [
  {
    method: 'GET',
    url: '/api/puppies/:id/health',
    call: (c, req) => c.record({ puppyId: idOf(req.params.id) }),
    doc: {
      tag: 'Health',
      summary: 'A puppy’s care record: vaccinations, deworming, vet checks, microchip, weights, and what is due next',
      description: 'For the family the puppy is matched with and for the breeder; any other puppy answers 404.',
      access: 'signed-in',
      params: z.object({ id: z.number().int().positive() }),
      response: HealthRecordSchema,
      errors: [401, 404],
    },
  },
]);
