// The Family Questionnaire: its questions, their choices and rules, and how the answers become a
// waitlist inquiry (sent through inquiries.create, so the server needs nothing new).
import { z } from 'zod';
import { InquirySchema, type InquiryInput } from '../inquiries/inquiries.schema.ts';

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
export const YARD_CHOICES = choice({
  fenced: 'Fully fenced yard',
  partly: 'Partly fenced yard',
  open: 'Yard without a fence',
  none: 'No yard',
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

const CHOOSE = 'Please choose one.';
const pick = <T extends Record<string, string>>(labels: T) =>
  z.enum(Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]], CHOOSE);
const text = (min: number, max: number, required: string, tooLong: string) =>
  z.string(required).trim().min(min, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default('');

export const QuestionnaireSchema = z.object({
  // Contact details: the same rules and messages as the contact form.
  name: InquirySchema.shape.name,
  email: InquirySchema.shape.email,
  phone: InquirySchema.shape.phone,
  location: text(2, 100, 'Please tell us your city and state.', 'Location must be at most 100 characters.'),
  // Household
  household: text(2, 500, 'Please tell us who lives in your home.', 'Please keep this under 500 characters.'),
  otherPets: optionalText(300, 'Please keep this under 300 characters.'),
  allergies: pick(ALLERGY_CHOICES),
  // Home and yard
  homeType: pick(HOME_CHOICES),
  ownership: pick(OWNERSHIP_CHOICES),
  yard: pick(YARD_CHOICES),
  hoursAlone: pick(ALONE_CHOICES),
  // Experience
  experience: pick(EXPERIENCE_CHOICES),
  experienceDetails: text(10, 1000, 'Please tell us a little more (at least 10 characters).', 'Please keep this under 1,000 characters.'),
  // Preferences
  size: pick(SIZE_CHOICES),
  gender: pick(GENDER_CHOICES),
  timing: pick(TIMING_CHOICES),
  heardAbout: pick(HEARD_CHOICES),
  notes: optionalText(1000, 'Please keep this under 1,000 characters.'),
  /** Honeypot: invisible to people; a filled value marks a bot. */
  website: z.string().max(500).optional(),
});
export type QuestionnaireValues = z.input<typeof QuestionnaireSchema>;
type Answers = z.output<typeof QuestionnaireSchema>;

export const QUESTIONNAIRE_DEFAULTS: QuestionnaireValues = {
  name: '',
  email: '',
  phone: '',
  location: '',
  household: '',
  otherPets: '',
  allergies: '' as QuestionnaireValues['allergies'],
  homeType: '' as QuestionnaireValues['homeType'],
  ownership: '' as QuestionnaireValues['ownership'],
  yard: '' as QuestionnaireValues['yard'],
  hoursAlone: '' as QuestionnaireValues['hoursAlone'],
  experience: '' as QuestionnaireValues['experience'],
  experienceDetails: '',
  size: '' as QuestionnaireValues['size'],
  gender: '' as QuestionnaireValues['gender'],
  timing: '' as QuestionnaireValues['timing'],
  heardAbout: '' as QuestionnaireValues['heardAbout'],
  notes: '',
  website: '',
};

/** The answers as a readable message for the breeder's inbox (well under the 5,000-character limit). */
export function composeMessage(a: Answers): string {
  const lines = [
    'Family Questionnaire',
    '',
    '## Contact',
    `Location: ${a.location}`,
    '',
    '## Household',
    `Who lives in the home: ${a.household}`,
    `Other pets: ${a.otherPets || 'None'}`,
    `Dog allergies in the home: ${ALLERGY_CHOICES[a.allergies]}`,
    '',
    '## Home and yard',
    `Home: ${HOME_CHOICES[a.homeType]}`,
    `Own or rent: ${OWNERSHIP_CHOICES[a.ownership]}`,
    `Yard: ${YARD_CHOICES[a.yard]}`,
    `Hours the puppy would be alone on a typical day: ${ALONE_CHOICES[a.hoursAlone]}`,
    '',
    '## Experience',
    `Experience with dogs: ${EXPERIENCE_CHOICES[a.experience]}`,
    `About their experience and training plans: ${a.experienceDetails}`,
    '',
    '## Preferences',
    `Size: ${SIZE_CHOICES[a.size]}`,
    `Gender: ${GENDER_CHOICES[a.gender]}`,
    `Timing: ${TIMING_CHOICES[a.timing]}`,
    `Heard about us through: ${HEARD_CHOICES[a.heardAbout]}`,
  ];
  if (a.notes) lines.push('', '## Anything else', a.notes);
  return lines.join('\n');
}

/**
 * Validates the answers and turns them into the waitlist inquiry, checked by the contact form's
 * own schema. Errors are keyed by questionnaire field.
 */
export function toInquiry(values: QuestionnaireValues): { ok: true; inquiry: InquiryInput } | { ok: false; errors: Record<string, string> } {
  const parsed = QuestionnaireSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: issuesToErrors(parsed.error.issues) };
  const a = parsed.data;
  const inquiry: InquiryInput = { name: a.name, email: a.email, phone: a.phone ?? '', interest: 'waitlist', message: composeMessage(a), website: a.website ?? '' };
  const checked = InquirySchema.safeParse(inquiry);
  if (!checked.success) {
    // Only the composed message can fail here: it is made of the free-text answers.
    const errors = issuesToErrors(checked.error.issues);
    if (errors.message) errors.notes = 'Your answers are too long to send. Please shorten them a little.';
    delete errors.message;
    return { ok: false, errors };
  }
  return { ok: true, inquiry };
}

function issuesToErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
