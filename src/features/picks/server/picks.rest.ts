// The documented pick-day paths for other clients: the family's litters (place, turn, deadline, the puppies open to
// it), choosing and passing. 401 signed out, 404 for a litter the family is not in, 409 when it is not its turn or the
// puppy is taken.
import { z } from 'zod';
import { restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { ANSWERS, ChooseBodySchema, ENTRY_STATES, PICK_MODES, ROUND_STATUSES, WANTS, type MyPickDto } from '../picks.schema.ts';
import { picksRouter } from './picks.router.ts';

const PuppySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  gender: z.enum(['male', 'female']),
  color: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  temperament: z.string(),
  fit: z.strictObject({ suits: z.boolean(), reason: z.string() }).nullable(),
  blocked: z.boolean(),
});
const Named = z.strictObject({ puppyId: z.number().int(), name: z.string() });

const MyPickSchema = z
  .strictObject({
    litterId: z.number().int(),
    litterName: z.string(),
    status: z.enum(ROUND_STATUSES),
    mode: z.enum(PICK_MODES),
    answer: z.enum(ANSWERS),
    answerDeadline: IsoInstantSchema,
    late: z.boolean(),
    state: z.enum(ENTRY_STATES),
    wants: z.enum(WANTS),
    colour: z.string(),
    place: z.number().int().nullable(),
    ahead: z.number().int().nullable(),
    puppiesRemaining: z.number().int(),
    myTurn: z.boolean(),
    deadline: IsoInstantSchema.nullable(),
    windowMinutes: z.number().int(),
    puppies: z.array(PuppySchema),
    chosen: Named.nullable(),
    proposal: Named.nullable(),
    notices: z.array(z.strictObject({ at: IsoInstantSchema, text: z.string() })),
  })
  .meta({ id: 'MyPick' }) satisfies z.ZodType<MyPickDto>;

const litterParams = z.object({ litterId: z.string() });

export const picksRest = restRoutes(picksRouter, [
  {
    method: 'GET',
    url: '/api/picks/mine',
    call: (c) => c.mine(),
    doc: {
      tag: 'Pick day',
      summary: 'The signed-in family’s litters on pick day: its place, how many are ahead, its turn and deadline, the puppies open to it',
      access: 'signed-in',
      response: z.array(MyPickSchema),
      errors: [401],
    },
  },
  {
    method: 'POST',
    url: '/api/picks/:litterId/choose',
    bodyLimit: 1024,
    call: (c, { params, body }) =>
      c.choose({ litterId: params.litterId as never, puppyId: (body as { puppyId?: unknown } | null)?.puppyId as never }),
    doc: {
      tag: 'Pick day',
      summary:
        'Choose a puppy in the family’s turn; the same choice again answers the same (a double tap or a replay), anything else after the turn is 409',
      access: 'signed-in',
      params: litterParams,
      body: ChooseBodySchema,
      response: z.strictObject({ litterId: z.number().int(), puppyId: z.number().int(), puppyName: z.string() }).meta({ id: 'PickChosen' }),
      errors: [400, 401, 404, 409, 429],
    },
  },
  {
    method: 'POST',
    url: '/api/picks/:litterId/pass',
    bodyLimit: 1024,
    call: (c, { params }) => c.pass({ litterId: params.litterId as never }),
    doc: {
      tag: 'Pick day',
      summary: 'Pass on this litter in the family’s turn (it keeps its waitlist place); a repeat answers the same',
      access: 'signed-in',
      params: litterParams,
      response: z.strictObject({ litterId: z.number().int(), passed: z.literal(true) }).meta({ id: 'PickPassed' }),
      errors: [400, 401, 404, 409, 429],
    },
  },
]);
