// A complete, valid questionnaire for the application tests.
import type { ApplicationSubmitInput } from '../applications.schema.ts';

export const ANSWERS = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '720-555-0199',
  location: 'Boulder, CO',
  household: 'Two adults and two kids (6 and 9)',
  otherPets: '',
  allergies: 'no',
  homeType: 'house',
  ownership: 'own',
  yard: 'yes',
  fence: 'full',
  hoursAlone: 'under2',
  experience: 'before',
  experienceDetails: 'We had a Lab for 12 years and plan puppy classes.',
  size: 'mini',
  gender: 'any',
  color: 'apricot',
  timing: '3to6',
  heardAbout: 'friend',
  notes: '',
} satisfies Omit<ApplicationSubmitInput, 'idempotencyKey'>;
