// Applications (the Family Questionnaire) and the waitlist: the questions, their choices and conditional
// rules, the statuses and which changes are allowed, and the shapes the family and the dashboard read.
// Isomorphic: the form and the server validate with the same schema and the same messages.
import { z } from 'zod';
import { InquirySchema } from '../inquiries/inquiries.schema.ts';

const choice = <T extends Record<string, string>>(labels: T) => labels;

export const ALLERGY_CHOICES = choice({ no: 'No', yes: 'Yes', unsure: 'Not sure' });
export const HOME_CHOICES = choice({
  house: 'House',
  townhouse: 'Townhouse',
  apartment: 'Apartment or condo',
  acreage: 'Farm or acreage',
  other: 'Other',
});
export const OWNERSHIP_CHOICES = choice({ own: 'We own our home', rent: 'We rent (our lease allows dogs)' });
export const YARD_CHOICES = choice({ yes: 'Yes', no: 'No' });
export const FENCE_CHOICES = choice({ full: 'Fully fenced', partly: 'Partly fenced', none: 'Not fenced' });
export const ALONE_CHOICES = choice({
  under2: 'Less than 2 hours',
  '2to4': '2 to 4 hours',
  '4to6': '4 to 6 hours',
  over6: 'More than 6 hours',
});
export const EXPERIENCE_CHOICES = choice({
  first: 'This will be our first dog',
  before: 'We have had dogs before',
  now: 'We have a dog now',
});
export const SIZE_CHOICES = choice({
  toy: 'Toy (10-15 lbs)',
  mini: 'Mini (15-25 lbs)',
  medium: 'Medium (25-45 lbs)',
  standard: 'Standard (45-70 lbs)',
  any: 'No preference',
});
export const GENDER_CHOICES = choice({ female: 'Female', male: 'Male', any: 'No preference' });
export const COLOR_CHOICES = choice({
  cream: 'Cream',
  apricot: 'Apricot',
  red: 'Red',
  chocolate: 'Chocolate',
  black: 'Black',
  parti: 'Parti or merle',
  any: 'No preference',
});
export const TIMING_CHOICES = choice({
  asap: 'As soon as possible',
  within3: 'Within 3 months',
  '3to6': 'In 3 to 6 months',
  '6to12': 'In 6 to 12 months',
  researching: 'Just researching for now',
});
export const HEARD_CHOICES = choice({
  friend: 'A friend or family member',
  family: 'A family with one of your puppies',
  search: 'Google or another search engine',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  vet: 'A veterinarian or groomer',
  other: 'Somewhere else',
});

export const APPLICATION_MESSAGES = {
  choose: 'Please choose one.',
  fenceWithoutYard: 'Only answer this when you have a yard.',
  allergyDetailsWithoutAllergy: 'Only answer this when someone has dog allergies.',
  allergyDetailsRequired: 'Please tell us about the allergy (at least 5 characters).',
  fenceRequired: 'Please tell us whether your yard is fenced.',
  unknownLitter: 'That litter is not taking applications.',
} as const;

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

/** Which conditional questions the form shows for these answers. */
export const showsFence = (v: { yard?: string }) => v.yard === 'yes';
export const showsAllergyDetails = (v: { allergies?: string }) => v.allergies === 'yes';

/** What the family submits: the answers and a key that makes a retried submit the same application. */
export const ApplicationSubmitSchema = ApplicationAnswersObject.extend({
  idempotencyKey: z.string().trim().min(8, 'Missing submission key.').max(64, 'Invalid submission key.').regex(/^[\w-]+$/, 'Invalid submission key.'),
  /** Honeypot: invisible to people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
}).superRefine(conditionalRules, ALWAYS);
export type ApplicationSubmitInput = z.input<typeof ApplicationSubmitSchema>;

/** The form's values: every answer as the form holds it (strings; choices empty until chosen). */
export type QuestionnaireValues = { [K in keyof z.input<typeof ApplicationAnswersObject>]-?: string } & { website: string };

export const QUESTIONNAIRE_DEFAULTS: QuestionnaireValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  household: '',
  otherPets: '',
  allergies: '',
  allergyDetails: '',
  homeType: '',
  ownership: '',
  yard: '',
  fence: '',
  hoursAlone: '',
  experience: '',
  experienceDetails: '',
  size: '',
  gender: '',
  color: '',
  timing: '',
  litterId: '',
  heardAbout: '',
  notes: '',
  website: '',
};

/** A saved draft: any subset of the form's values, each a string of bounded length. */
export const DraftSchema = z.object({
  values: z.partialRecord(z.enum(Object.keys(QUESTIONNAIRE_DEFAULTS) as [keyof QuestionnaireValues, ...(keyof QuestionnaireValues)[]]), z.string().max(1000, 'Too long.')),
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

// Statuses and the changes between them.

export const APPLICATION_STATUSES = ['submitted', 'in_review', 'approved', 'declined', 'waitlisted', 'matched', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  declined: 'Declined',
  waitlisted: 'On the waitlist',
  matched: 'Matched with a puppy',
  withdrawn: 'Withdrawn',
};

/**
 * The breeder's changes. Waitlisting needs approval first; a matched family came off the waitlist
 * with a puppy (match procedure only). Declined, withdrawn and matched are final.
 */
export const BREEDER_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  submitted: ['in_review', 'approved', 'declined'],
  in_review: ['approved', 'declined'],
  approved: ['waitlisted', 'declined'],
  waitlisted: ['declined'],
  matched: [],
  declined: [],
  withdrawn: [],
};
/** A family can withdraw until it is matched or the application is closed. */
export const WITHDRAWABLE: readonly ApplicationStatus[] = ['submitted', 'in_review', 'approved', 'waitlisted'];

export const canBreederMove = (from: ApplicationStatus, to: ApplicationStatus) => BREEDER_TRANSITIONS[from].includes(to);

export const transitionRefused = (from: ApplicationStatus, to: ApplicationStatus) =>
  `An application that is ${APPLICATION_STATUS_LABELS[from].toLowerCase()} cannot become ${APPLICATION_STATUS_LABELS[to].toLowerCase()}.`;

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
  search: z.string().trim().max(100, 'Search must be at most 100 characters.').optional(),
  status: z.enum(APPLICATION_STATUSES, 'Unknown status.').optional(),
});
export type ApplicationListInput = z.input<typeof ApplicationListSchema>;

export const NotesSchema = z.object({
  id: z.number().int().positive(),
  notes: z.string().trim().max(10_000, 'Notes must be at most 10,000 characters.').default(''),
});

// The waitlist.

export const DEPOSIT_METHODS = ['cash', 'check', 'card', 'bank_transfer', 'zelle', 'venmo', 'paypal', 'other'] as const;
export const DEPOSIT_METHOD_LABELS: Record<(typeof DEPOSIT_METHODS)[number], string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  zelle: 'Zelle',
  venmo: 'Venmo',
  paypal: 'PayPal',
  other: 'Other',
};
/** SPEC §9 (FAQ): a reservation requires a $500 non-refundable deposit. */
export const STANDARD_DEPOSIT = 500;

const ymd = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${label} must be a real date.`);

export const DepositSchema = z
  .object({
    id: z.number().int().positive(),
    amount: z.number('Enter the amount in dollars.').int('Enter whole dollars.').min(1, 'The amount must be at least $1.').max(100_000, 'The amount must be at most $100,000.'),
    receivedOn: ymd('Date received'),
    method: z.enum(DEPOSIT_METHODS, 'Choose how it was paid.'),
    nonRefundable: z.boolean().default(true),
    notes: z.string().trim().max(2000, 'Notes must be at most 2,000 characters.').default(''),
    refundedOn: ymd('Refund date').nullable().default(null),
    refundAmount: z.number().int('Enter whole dollars.').min(1, 'The refund must be at least $1.').max(100_000).nullable().default(null),
  })
  .superRefine((d, ctx) => {
    if ((d.refundedOn === null) !== (d.refundAmount === null)) {
      ctx.addIssue({ code: 'custom', path: [d.refundedOn === null ? 'refundedOn' : 'refundAmount'], message: 'A refund needs both its date and its amount.' });
    }
    if (d.refundAmount !== null && d.refundAmount > d.amount) {
      ctx.addIssue({ code: 'custom', path: ['refundAmount'], message: 'The refund cannot be more than the deposit.' });
    }
  });
export type DepositInput = z.input<typeof DepositSchema>;

export const WaitlistQuerySchema = z.object({ litterId: z.number().int().positive().nullable().default(null) });
/** Moves a family within its list (1 = first). */
export const ReorderSchema = z.object({ id: z.number().int().positive(), position: z.number().int().min(1, 'Positions start at 1.').max(10_000) });
/** Moves a family to another litter's list (or the general list), at its end. */
export const MoveListSchema = z.object({ id: z.number().int().positive(), litterId: z.number().int().positive().nullable() });
export const MatchSchema = z.object({ id: z.number().int().positive(), puppyId: z.number().int().positive(), message });

// What the family and the dashboard read.

export interface TimelineEntryDto {
  at: string;
  status: ApplicationStatus;
  /** "you" (the family), "breeder", or "system". */
  by: 'family' | 'breeder';
  message: string | null;
}

export interface MyApplicationDto {
  id: number;
  status: ApplicationStatus;
  createdAt: string;
  litterName: string | null;
  /** While waitlisted: the 1-based place and the list it is on. */
  waitlist: { position: number; litterName: string | null } | null;
  /** The puppy the family is matched with. */
  puppyName: string | null;
  timeline: TimelineEntryDto[];
}

export interface DepositDto {
  amount: number;
  receivedOn: string;
  method: (typeof DEPOSIT_METHODS)[number];
  nonRefundable: boolean;
  notes: string;
  refundedOn: string | null;
  refundAmount: number | null;
}

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

export interface WaitlistEntryDto {
  id: number;
  position: number;
  name: string;
  email: string;
  preferences: { size: string; gender: string; color: string; timing: string };
  deposit: DepositDto | null;
  waitingSince: string;
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** "2nd on the waitlist for the Spring litter" / "3rd on our general waitlist". */
export function waitlistPhrase(position: number, litterName: string | null): string {
  if (!litterName) return `${ordinal(position)} on our general waitlist`;
  const name = /litter$/i.test(litterName.trim()) ? litterName.trim() : `${litterName.trim()} litter`;
  return `${ordinal(position)} on the waitlist for the ${name}`;
}
