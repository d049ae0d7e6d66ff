// Applications (the Family Questionnaire) and the waitlist: the rules of the answers (with their conditional
// questions), of the breeder's changes and of deposits, beside their vocabulary (applications.vocabulary.ts,
// re-exported here). Isomorphic: the form and the server validate with the same schema and the same messages.
import { z } from 'zod';
import { CursorSchema } from '../../lib/shared/paging.ts';
import { InquirySchema } from '../inquiries/inquiries.schema.ts';
import {
  ACTIVITY_CHOICES,
  ALLERGY_CHOICES,
  CHILDREN_CHOICES,
  ALONE_CHOICES,
  APPLICATION_MESSAGES,
  APPLICATION_STATUSES,
  COLOR_CHOICES,
  DEPOSIT_METHODS,
  EXPERIENCE_CHOICES,
  FENCE_CHOICES,
  GENDER_CHOICES,
  HEARD_CHOICES,
  HOME_CHOICES,
  OWNERSHIP_CHOICES,
  QUESTIONNAIRE_DEFAULTS,
  SIZE_CHOICES,
  TIMING_CHOICES,
  YARD_CHOICES,
  type ApplicationStatus,
  type DepositDto,
  type QuestionnaireField,
  type QuestionnaireValues,
  type TimelineEntryDto,
} from './applications.vocabulary.ts';

export * from './applications.vocabulary.ts';

const keysOf = <T extends Record<string, string>>(labels: T) => Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]];
const pick = <T extends Record<string, string>>(labels: T) => z.enum(keysOf(labels), APPLICATION_MESSAGES.choose);
const text = (min: number, max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(min, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');
/** A conditional answer: an empty string from the form means "not given". */
const conditional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export const ApplicationAnswersObject = z.object({
  // Contact details: the same rules and messages as the contact form.
  name: InquirySchema.shape.name,
  email: InquirySchema.shape.email,
  phone: InquirySchema.shape.phone,
  location: text(2, 100, 'Please tell us your city and state.', 'Location must be at most 100 characters.'),
  // Household
  household: text(2, 500, 'Please tell us who lives in your home.', 'Please keep this under 500 characters.'),
  /** Optional: the youngest child at home and the household's pace (pick day's fit reads them). */
  children: conditional(pick(CHILDREN_CHOICES)),
  activity: conditional(pick(ACTIVITY_CHOICES)),
  otherPets: optionalText(300, 'Please keep this under 300 characters.'),
  allergies: pick(ALLERGY_CHOICES),
  /** Only when allergies is "yes". */
  allergyDetails: conditional(z.string().trim().max(300, 'Please keep this under 300 characters.')),
  // Home and yard
  homeType: pick(HOME_CHOICES),
  ownership: pick(OWNERSHIP_CHOICES),
  yard: pick(YARD_CHOICES),
  /** Only when there is a yard. */
  fence: conditional(pick(FENCE_CHOICES)),
  hoursAlone: pick(ALONE_CHOICES),
  // Experience
  experience: pick(EXPERIENCE_CHOICES),
  experienceDetails: text(10, 1000, 'Please tell us a little more (at least 10 characters).', 'Please keep this under 1,000 characters.'),
  // Preferences
  size: pick(SIZE_CHOICES),
  gender: pick(GENDER_CHOICES),
  color: pick(COLOR_CHOICES),
  timing: pick(TIMING_CHOICES),
  /** The litter the family applied for (from a litter's "Join the Waitlist"); none means any litter. */
  litterId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional()),
  heardAbout: pick(HEARD_CHOICES),
  notes: optionalText(1000, 'Please keep this under 1,000 characters.'),
});

type AnswersShape = z.output<typeof ApplicationAnswersObject>;

/** The conditional rules: a question shown only under a condition is required then and refused otherwise. */
function conditionalRules(a: Pick<AnswersShape, 'yard' | 'fence' | 'allergies' | 'allergyDetails'>, ctx: z.RefinementCtx) {
  if (a.yard === 'yes' && !a.fence) ctx.addIssue({ code: 'custom', path: ['fence'], message: APPLICATION_MESSAGES.fenceRequired });
  if (a.yard !== 'yes' && a.fence) ctx.addIssue({ code: 'custom', path: ['fence'], message: APPLICATION_MESSAGES.fenceWithoutYard });
  if (a.allergies === 'yes' && (a.allergyDetails ?? '').length < 5) {
    ctx.addIssue({ code: 'custom', path: ['allergyDetails'], message: APPLICATION_MESSAGES.allergyDetailsRequired });
  }
  if (a.allergies !== 'yes' && a.allergyDetails) {
    ctx.addIssue({ code: 'custom', path: ['allergyDetails'], message: APPLICATION_MESSAGES.allergyDetailsWithoutAllergy });
  }
}

/** The rules run even when other answers are wrong, so every message shows at once. */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

export const ApplicationAnswersSchema = ApplicationAnswersObject.superRefine(conditionalRules, ALWAYS);
export type ApplicationAnswers = z.output<typeof ApplicationAnswersSchema>;

/** What the family submits: the answers and a key that makes a retried submit the same application. */
export const ApplicationSubmitSchema = ApplicationAnswersObject.extend({
  idempotencyKey: z
    .string()
    .trim()
    .min(8, 'Missing submission key.')
    .max(64, 'Invalid submission key.')
    .regex(/^[\w-]+$/, 'Invalid submission key.'),
  /** Honeypot: invisible to people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
}).superRefine(conditionalRules, ALWAYS);
export type ApplicationSubmitInput = z.input<typeof ApplicationSubmitSchema>;

/** A saved draft: any subset of the form's values, each a string of bounded length. */
export const DraftSchema = z.object({
  values: z.partialRecord(
    z.enum(Object.keys(QUESTIONNAIRE_DEFAULTS) as [keyof QuestionnaireValues, ...(keyof QuestionnaireValues)[]]),
    z.string().max(1000, 'Too long.'),
  ),
});
export type DraftValues = Partial<QuestionnaireValues>;

/** Field errors of a validation result, keyed by the form field (the first message of each). */
export function answersErrors(values: Record<string, unknown>): Record<string, string> {
  const parsed = ApplicationAnswersSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

// Status changes.

const message = z.string().trim().max(2000, 'Please keep the message under 2,000 characters.').default('');

export const WithdrawSchema = z.object({ id: z.number().int().positive(), message });

export const StatusChangeSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(['in_review', 'approved', 'declined', 'waitlisted'], 'Choose in review, approved, declined or waitlisted.'),
  message,
  /** Waitlisting: the litter's list, or none for the general waitlist. */
  litterId: z.number().int().positive().nullable().default(null),
});
export type StatusChangeInput = z.input<typeof StatusChangeSchema>;

export const ApplicationListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  after: CursorSchema.optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
  status: z.enum(APPLICATION_STATUSES, 'Unknown status.').optional(),
});
export type ApplicationListInput = z.input<typeof ApplicationListSchema>;

export const NotesSchema = z.object({
  id: z.number().int().positive(),
  notes: z.string().trim().max(10_000, 'Notes must be at most 10,000 characters.').default(''),
});

// The waitlist.

const ymd = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine(
      (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
      `${label} must be a real date.`,
    );

export const DepositSchema = z
  .object({
    id: z.number().int().positive(),
    amount: z
      .number('Enter the amount in dollars.')
      .int('Enter whole dollars.')
      .min(1, 'The amount must be at least $1.')
      .max(100_000, 'The amount must be at most $100,000.'),
    receivedOn: ymd('Date received'),
    method: z.enum(DEPOSIT_METHODS, 'Choose how it was paid.'),
    nonRefundable: z.boolean().default(true),
    notes: z.string().trim().max(2000, 'Notes must be at most 2,000 characters.').default(''),
    refundedOn: ymd('Refund date').nullable().default(null),
    refundAmount: z.number().int('Enter whole dollars.').min(1, 'The refund must be at least $1.').max(100_000).nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if ((d.refundedOn === null) !== (d.refundAmount === null)) {
      ctx.addIssue({
        code: 'custom',
        path: [d.refundedOn === null ? 'refundedOn' : 'refundAmount'],
        message: 'A refund needs both its date and its amount.',
      });
    }
    if (d.refundAmount !== null && d.refundAmount > d.amount) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: 'The refund cannot be more than the deposit.' });
    }
  });
export type DepositInput = z.input<typeof DepositSchema>;

export const WaitlistQuerySchema = z.object({ litterId: z.number().int().positive().nullable().default(null) });
/** Moves a family within its list (1 = first). */
export const ReorderSchema = z.object({
  id: z.number().int().positive(),
  position: z.number().int().min(1, 'Positions start at 1.').max(10_000),
});
/** Moves a family to another litter's list (or the general list), at its end. */
export const MoveListSchema = z.object({ id: z.number().int().positive(), litterId: z.number().int().positive().nullable() });
export const MatchSchema = z.object({ id: z.number().int().positive(), puppyId: z.number().int().positive(), message });

/** An application as the dashboard shows it. */
export interface ApplicationAdminDto {
  id: number;
  status: ApplicationStatus;
  answers: Omit<ApplicationAnswers, 'phone'> & { phone: string };
  username: string | null;
  litterName: string | null;
  notes: string;
  readAt: string | null;
  createdAt: string;
  waitlist: { litterId: number | null; litterName: string | null; position: number } | null;
  deposit: DepositDto | null;
  puppy: { id: number; name: string } | null;
  timeline: (TimelineEntryDto & { actorName: string | null })[];
}

/** The form's fields and the schema's answers are the same names (checked at compile time, both ways). */
type AnswerField = keyof z.input<typeof ApplicationAnswersObject>;
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const ANSWER_FIELDS_MATCH: SameKeys<AnswerField, QuestionnaireField> = true;
