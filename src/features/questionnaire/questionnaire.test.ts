import { describe, expect, it } from 'vitest';
import { InquirySchema } from '../inquiries/inquiries.schema.ts';
import { QUESTIONNAIRE_DEFAULTS, toInquiry, type QuestionnaireValues } from './questionnaire.schema.ts';

const complete: QuestionnaireValues = {
  ...QUESTIONNAIRE_DEFAULTS,
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '720-555-0199',
  location: 'Boulder, CO',
  household: 'Two adults and two kids (6 and 9)',
  allergies: 'no',
  homeType: 'house',
  ownership: 'own',
  yard: 'fenced',
  hoursAlone: 'under2',
  experience: 'before',
  experienceDetails: 'We had a Lab for 12 years and plan puppy classes.',
  size: 'mini',
  gender: 'any',
  timing: '3to6',
  heardAbout: 'friend',
};

describe('family questionnaire', () => {
  it('becomes a waitlist inquiry that the contact form schema accepts, with every answer in the message', () => {
    const result = toInquiry(complete);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.inquiry).toMatchObject({ name: 'Jamie Rivera', email: 'jamie@example.com', phone: '720-555-0199', interest: 'waitlist' });
    const message = result.inquiry.message;
    for (const text of ['Boulder, CO', 'Two adults and two kids (6 and 9)', 'Other pets: None', 'Fully fenced yard', 'We have had dogs before', 'Mini (15-25 lbs)', 'No preference', 'In 3 to 6 months', 'A friend or family member']) {
      expect(message).toContain(text);
    }
    expect(InquirySchema.safeParse(result.inquiry).success).toBe(true);
  });

  it('uses the contact form messages for contact details and asks for every required answer', () => {
    const result = toInquiry({ ...QUESTIONNAIRE_DEFAULTS, name: 'J', email: 'not-an-email' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.name).toBe('Name must be at least 2 characters.');
    expect(result.errors.email).toBe('Please enter a valid email address.');
    expect(result.errors.household).toBe('Please tell us who lives in your home.');
    expect(result.errors.size).toBe('Please choose one.');
    expect(result.errors.phone).toBeUndefined();
    expect(result.errors.notes).toBeUndefined();
  });

  it('keeps the longest allowed answers under the 5,000-character inquiry limit', () => {
    const result = toInquiry({
      ...complete,
      name: 'N'.repeat(100),
      location: 'L'.repeat(100),
      household: 'H'.repeat(500),
      otherPets: 'P'.repeat(300),
      experienceDetails: 'E'.repeat(1000),
      notes: 'A'.repeat(1000),
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.inquiry.message.length).toBeLessThan(5000);
  });

  it('refuses answers over their limits with a clear message', () => {
    const result = toInquiry({ ...complete, notes: 'A'.repeat(1001) });
    expect(result).toEqual({ ok: false, errors: { notes: 'Please keep this under 1,000 characters.' } });
  });
});
