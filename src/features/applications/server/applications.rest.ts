import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { APPLICATION_STATUSES, ApplicationSubmitSchema, type MyApplicationDto } from '../applications.schema.ts';
import { applicationsRouter } from './applications.router.ts';

/** A full questionnaire is a few KB; anything past this is not one. */
export const APPLICATION_BODY_LIMIT = 20 * 1024;

const StatusSchema = z.enum(APPLICATION_STATUSES);
const MyApplicationSchema = z
  .strictObject({
    id: z.number().int(),
    status: StatusSchema,
    createdAt: IsoInstantSchema,
    litterName: z.string().nullable(),
    waitlist: z.strictObject({ position: z.number().int().min(1), litterName: z.string().nullable() }).nullable(),
    puppyName: z.string().nullable(),
    deposit: z
      .strictObject({
        amount: z.number().int(),
        receivedOn: z.iso.date(),
        nonRefundable: z.boolean(),
        refundedOn: z.iso.date().nullable(),
        refundAmount: z.number().int().nullable(),
      })
      .nullable(),
    timeline: z.array(
      z.strictObject({ at: IsoInstantSchema, status: StatusSchema, by: z.enum(['family', 'breeder']), message: z.string().nullable() }),
    ),
  })
  .meta({ id: 'MyApplication' }) satisfies z.ZodType<MyApplicationDto>;

export const applicationsRest = restRoutes(applicationsRouter, [
  {
    method: 'POST',
    url: '/api/applications',
    status: 201,
    bodyLimit: APPLICATION_BODY_LIMIT,
    call: (c, { body }) => c.submit(body as never),
    doc: {
      tag: 'Applications',
      summary: 'Submit the Family Questionnaire (a retry with the same idempotencyKey returns the same application)',
      access: 'signed-in',
      body: ApplicationSubmitSchema,
      response: z.strictObject({ id: z.number().int(), status: StatusSchema }),
      errors: [400, 401, 429],
    },
  },
  {
    method: 'GET',
    url: '/api/applications/mine',
    call: (c) => c.mine(),
    doc: {
      tag: 'Applications',
      summary: 'The signed-in family’s applications: status, timeline and waitlist place',
      access: 'signed-in',
      response: z.array(MyApplicationSchema),
      errors: [401],
    },
  },
]);
