// The family's facts read from the questionnaire's free text, and the rules' verdict on them.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT_RULES, familyFacts, judgeFit, youngestChild, type FitRuleDto } from './temperament.schema.ts';

describe('the youngest child, read from "who lives in your home"', () => {
  it.each([
    ['Two adults and two kids (6 and 9)', '6to12'],
    ['Me, my husband and our toddler', 'under6'],
    ['Two adults, a baby on the way and our son, 8', 'under6'],
    ['Two adults and our daughters, 4 and 11', 'under6'],
    ['Two adults and two teens, 14 and 16', '13plus'],
    ['My wife and I, both 34', 'none'],
    ['Just the two of us', 'none'],
    ['Two adults and three children', '6to12'],
    ['Mom, dad and 2 kids aged five and seven', 'under6'],
    ['Grandma (72) and the grandkids visit weekly, ages 10 and 13', '6to12'],
  ] as const)('%s → %s', (household, expected) => {
    expect(youngestChild(household)).toBe(expected);
  });
});

describe('the fit rules', () => {
  const rules: FitRuleDto[] = DEFAULT_FIT_RULES.map((r, i) => ({ ...r, id: i + 1 }));
  const answers = {
    household: 'Us and our kids, 3 and 7',
    otherPets: 'None',
    hoursAlone: 'over6',
    experience: 'first',
    experienceDetails: 'We love hiking on weekends.',
    notes: '',
  };
  const facts = familyFacts(answers);

  it('reads every fact', () => {
    expect(facts).toEqual({ youngestChild: 'under6', otherPets: 'no', activity: 'active', experience: 'first', hoursAlone: 'over6' });
  });

  it('takes the questionnaire’s own answers on children and pace over what the texts suggest', () => {
    expect(familyFacts({ ...answers, children: '13plus', activity: 'quiet' })).toMatchObject({
      youngestChild: '13plus',
      activity: 'quiet',
    });
    expect(familyFacts({ ...answers, children: null, activity: null })).toMatchObject({ youngestChild: 'under6', activity: 'active' });
  });

  it('lets a reason against win over a reason for, whatever their order', () => {
    const verdict = judgeFit(rules, facts, { restraint: { score: 4, note: '' }, socialDominance: { score: 2, note: '' } });
    expect(verdict).toMatchObject({ suits: false, ruleId: 1 });
    expect(judgeFit(rules, facts, { restraint: { score: 4, note: '' } })).toMatchObject({ suits: true, ruleId: 7 });
  });

  it('says an untested puppy is not tested yet', () => {
    expect(judgeFit(rules, facts, null)).toMatchObject({ suits: true, ruleId: null, reason: 'Not temperament tested yet.' });
  });
});
