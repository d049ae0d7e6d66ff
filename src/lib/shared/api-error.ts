// The JSON error body every /api path answers with, and what the client reads from it.
import { z } from 'zod';

export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/** The same shape as a schema, for the OpenAPI document and the contract test. */
export const ApiErrorSchema = z
  .strictObject({
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({
    id: 'Error',
    description: 'Why the request failed; fieldErrors names each invalid field of the body.',
  }) satisfies z.ZodType<ApiErrorBody>;

/** The answer of an action that has nothing else to say. */
export const OkSchema = z.strictObject({ ok: z.literal(true) }).meta({ id: 'Ok' });

/** Calendar dates the spec keeps as year-month-day strings. */
export const IsoDayStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'YYYY-MM-DD' });
/** Instants as ISO 8601 with a time zone. */
export const IsoInstantSchema = z.iso.datetime({ offset: true });
