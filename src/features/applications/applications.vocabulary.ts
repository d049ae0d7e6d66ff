// Applications (the Family Questionnaire) and the waitlist, without their rules: the questions' choices,
// the form's values, the statuses and which changes are allowed, and the shapes the family and the
// dashboard read. Free of Zod, so the questionnaire's first view does not build the schema (decision 104);
// applications.schema.ts re-exports all of it beside the rules.

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
/** The youngest child at home (pick day's fit rules read it; issue 50). Optional: unanswered, the household text is read. */
export const CHILDREN_CHOICES = choice({
  none: 'No children at home',
  under6: 'Youngest under 6',
  '6to12': 'Youngest 6 to 12',
  '13plus': 'Youngest 13 or older',
});
/** The household's pace (pick day's fit rules read it). Optional, as above. */
export const ACTIVITY_CHOICES = choice({
  active: 'Active: long walks, hikes, always on the go',
  quiet: 'Quieter: short walks and time at home',
});
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
  tooManyOpen: 'You already have 3 open applications. Withdraw one, or wait for our reply, before sending another.',
  tooManyToday: 'You have sent 5 applications today. Please try again tomorrow.',
} as const;

/** Per account (issue 28): open applications at once, and applications filed in any 24 hours. */
export const MAX_OPEN_APPLICATIONS = 3;
export const MAX_APPLICATIONS_PER_DAY = 5;

/** Which conditional questions the form shows for these answers. */
export const showsFence = (v: { yard?: string }) => v.yard === 'yes';
export const showsAllergyDetails = (v: { allergies?: string }) => v.allergies === 'yes';

/** The form's values: every answer as the form holds it (strings; choices empty until chosen). */
export const QUESTIONNAIRE_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'household',
  'children',
  'activity',
  'otherPets',
  'allergies',
  'allergyDetails',
  'homeType',
  'ownership',
  'yard',
  'fence',
  'hoursAlone',
  'experience',
  'experienceDetails',
  'size',
  'gender',
  'color',
  'timing',
  'litterId',
  'heardAbout',
  'notes',
] as const;
/** Every answer's name; the schema checks at compile time that its answers are exactly these. */
export type QuestionnaireField = (typeof QUESTIONNAIRE_FIELDS)[number];
export type QuestionnaireValues = Record<QuestionnaireField, string> & { website: string };

export const QUESTIONNAIRE_DEFAULTS: QuestionnaireValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  household: '',
  children: '',
  activity: '',
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
  /** The deposit the breeder recorded (without the breeder's own notes). */
  deposit: { amount: number; receivedOn: string; nonRefundable: boolean; refundedOn: string | null; refundAmount: number | null } | null;
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
  /** Read from the payments ledger (the one record of money), not recorded on the application (decision 141). */
  fromLedger: boolean;
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
