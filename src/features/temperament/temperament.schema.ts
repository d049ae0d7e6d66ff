// Temperament at seven weeks (issue 50): the ten tests of the puppy aptitude test, what each score means in words
// (shared by the server, which answers families in words, and the dashboard, which shows the breeder what she is
// choosing), the family's facts the fit rules read, and the shapes and inputs of both sides. Isomorphic.
import { z } from 'zod';
import { PageInputSchema } from '../../lib/shared/paging.ts';

/** The ten tests, in the order the breeder runs them. */
export const TEMPERAMENT_TESTS = [
  'socialAttraction',
  'following',
  'restraint',
  'socialDominance',
  'elevation',
  'retrieving',
  'touch',
  'sound',
  'sight',
  'stability',
] as const;
export type TemperamentTest = (typeof TEMPERAMENT_TESTS)[number];

export const TEST_LABELS: Record<TemperamentTest, string> = {
  socialAttraction: 'Social attraction',
  following: 'Following',
  restraint: 'Restraint',
  socialDominance: 'Social dominance',
  elevation: 'Elevation',
  retrieving: 'Retrieving',
  touch: 'Touch sensitivity',
  sound: 'Sound sensitivity',
  sight: 'Sight sensitivity',
  stability: 'Stability',
};

/** What the breeder does for each test: the hint under its title on the scoring screen. */
export const TEST_HINTS: Record<TemperamentTest, string> = {
  socialAttraction: 'Set the puppy down a few feet away, kneel and clap softly: how does it come to you?',
  following: 'Stand up and walk away: does it follow?',
  restraint: 'Cradle it on its back for 30 seconds, a hand on its chest.',
  socialDominance: 'Let it stand, stroke it from head to back for 30 seconds.',
  elevation: 'Lift it under the belly, fingers interlaced, for 30 seconds.',
  retrieving: 'Crumple a paper ball, let it see it, toss it a few feet.',
  touch: 'Press the webbing of a front paw gently, counting to ten.',
  sound: 'Make a sharp noise a few feet away (a spoon on a pan).',
  sight: 'Drag a towel on a string across the floor in front of it.',
  stability: 'Open an umbrella about four feet away and set it down.',
};

export const SCORES = [1, 2, 3, 4, 5, 6] as const;
export type Score = (typeof SCORES)[number];

/**
 * Each score of each test in a few words a family reads ("calm with noise, follows readily, content to be held"), after
 * the Volhard puppy aptitude test: 1–2 bold and pushy, 3 confident and people-minded, 4 easy-going, 5–6 shy or
 * independent (6 often means not interested at all).
 */
export const SCORE_WORDS: Record<TemperamentTest, Record<Score, string>> = {
  socialAttraction: {
    1: 'rushes to people and jumps up',
    2: 'comes straight to people, paws up',
    3: 'comes readily to people',
    4: 'comes to people gently',
    5: 'comes to people hesitantly',
    6: 'keeps to itself with strangers',
  },
  following: {
    1: 'follows closely, tugging at feet',
    2: 'follows right underfoot',
    3: 'follows readily',
    4: 'follows calmly',
    5: 'follows hesitantly',
    6: 'goes its own way',
  },
  restraint: {
    1: 'fights being held',
    2: 'struggles, then settles when held',
    3: 'settles after a wriggle when held',
    4: 'content to be held',
    5: 'very still when held',
    6: 'shy of being held',
  },
  socialDominance: {
    1: 'pushy, jumps and nips when petted',
    2: 'jumps up and paws when petted',
    3: 'wiggles and licks when petted',
    4: 'rolls over for a belly rub',
    5: 'goes quiet and low when petted',
    6: 'walks away when petted',
  },
  elevation: {
    1: 'fights being lifted',
    2: 'struggles when lifted',
    3: 'settles after a wriggle when lifted',
    4: 'relaxed when lifted',
    5: 'very still when lifted',
    6: 'freezes when lifted',
  },
  retrieving: {
    1: 'runs off with the toy',
    2: 'guards the toy',
    3: 'brings the toy back',
    4: 'chases the toy, comes back without it',
    5: 'soon loses interest in a toy',
    6: 'not interested in a thrown toy',
  },
  touch: {
    1: 'very tolerant of handling',
    2: 'tolerant of handling',
    3: 'notices handling calmly',
    4: 'sensitive to handling',
    5: 'very sensitive to handling',
    6: 'shies from handling',
  },
  sound: {
    1: 'bold with noise, barks at it',
    2: 'barks at a sudden noise',
    3: 'curious about noise',
    4: 'calm with noise',
    5: 'startled by noise',
    6: 'takes no notice of noise',
  },
  sight: {
    1: 'pounces on moving things',
    2: 'barks at moving things',
    3: 'curious about moving things',
    4: 'unsure of moving things',
    5: 'hides from moving things',
    6: 'takes no notice of moving things',
  },
  stability: {
    1: 'charges at surprises',
    2: 'bold with surprises',
    3: 'investigates surprises',
    4: 'watches surprises calmly',
    5: 'runs from surprises',
    6: 'unbothered by surprises',
  },
};

export interface TestResult {
  score: Score;
  note: string;
}
export type TestScores = Partial<Record<TemperamentTest, TestResult>>;

/** The words of every scored test, in test order. */
export const scoreWords = (scores: TestScores): string[] =>
  TEMPERAMENT_TESTS.flatMap((t) => (scores[t] ? [SCORE_WORDS[t][scores[t].score]] : []));

/** One line for a family: "Calm with noise, follows readily, content to be held." */
export function wordsSentence(scores: TestScores): string {
  const words = scoreWords(scores);
  if (!words.length) return '';
  const joined = words.join(', ');
  return `${joined[0]!.toUpperCase()}${joined.slice(1)}.`;
}

export const isComplete = (scores: TestScores) => TEMPERAMENT_TESTS.every((t) => scores[t]);

// The family's facts: what the fit rules read, each derived from the questionnaire's answers (familyFacts below).

export const FAMILY_FACTS = {
  youngestChild: {
    label: 'Youngest child',
    values: { under6: 'under 6', '6to12': '6 to 12', '13plus': '13 or older', none: 'no children at home' },
  },
  otherPets: { label: 'Other pets', values: { yes: 'other pets at home', no: 'no other pets' } },
  activity: { label: 'Activity', values: { active: 'an active household', quiet: 'a quieter household' } },
  experience: {
    label: 'Experience',
    values: { first: 'a first dog', before: 'has had dogs before', now: 'has a dog now' },
  },
  hoursAlone: {
    label: 'Hours alone',
    values: {
      under2: 'less than 2 hours alone',
      '2to4': '2 to 4 hours alone',
      '4to6': '4 to 6 hours alone',
      over6: 'more than 6 hours alone',
    },
  },
} as const;
export type FamilyFact = keyof typeof FAMILY_FACTS;
export const FAMILY_FACT_KEYS = Object.keys(FAMILY_FACTS) as FamilyFact[];
export type FamilyFacts = { [F in FamilyFact]: keyof (typeof FAMILY_FACTS)[F]['values'] & string };

/** The answers the facts are read from (the questionnaire's own names). */
export interface FitAnswers {
  household: string;
  /** The questionnaire's own answers when the family gave them (they win over what the texts say). */
  children?: string | null;
  activity?: string | null;
  otherPets: string;
  hoursAlone: string;
  experience: string;
  experienceDetails: string;
  notes: string;
}

const CHILD_WORDS =
  /\b(kids?|child|children|sons?|daughters?|boys?|girls?|toddlers?|bab(y|ies)|infants?|grandkids?|grandchild(ren)?|twins|teens?|teenagers?)\b/i;
const YOUNG_CHILD_WORDS = /\b(toddlers?|bab(y|ies)|infants?|newborns?)\b/i;
const NO_PETS = /^\s*(none|no|n\/a|na|nope|not yet|no pets?|-)?\s*\.?\s*$/i;
const ACTIVE_WORDS =
  /\b(hik(e|es|ing)|run(s|ning)?|jog(s|ging)?|active|outdoors(y)?|trails?|camping|bik(e|es|ing)|farm|ranch|agility|sports?)\b/i;
const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/**
 * The youngest child's age read from "who lives in your home" (free text: "us two and our kids, 4 and 9"). Ages are
 * the numbers under 18 in a text that speaks of children (a toddler or a baby counts as 1); "none" when it names no
 * child. A child named without an age counts as 6 to 12: the rules then neither assume a toddler nor ignore a child.
 */
export function youngestChild(household: string): FamilyFacts['youngestChild'] {
  if (!CHILD_WORDS.test(household)) return 'none';
  if (YOUNG_CHILD_WORDS.test(household)) return 'under6';
  const text = household
    .toLowerCase()
    .replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?=\s*(?:y|yr|year|month|mo|\)|,|and|&|$))/g, (w) =>
      String(WORD_NUMBERS[w]),
    );
  // Numbers with "months" are babies; "2 kids" counts children, not years, so a number before a child word is skipped.
  const ages: number[] = [];
  for (const m of text.matchAll(
    /(\d{1,2})\s*(months?|mos?\b)?(\s*(kids?|children|child|sons?|daughters?|boys?|girls?|adults?|dogs?|cats?|pets?))?/g,
  )) {
    if (m[3]) continue;
    const n = Number(m[1]);
    if (m[2]) ages.push(0);
    else if (n < 18) ages.push(n);
  }
  if (!ages.length) return '6to12';
  const min = Math.min(...ages);
  return min < 6 ? 'under6' : min <= 12 ? '6to12' : '13plus';
}

/** The facts of one family, read from its answers. */
export function familyFacts(a: FitAnswers): FamilyFacts {
  const experience = (['first', 'before', 'now'] as const).find((e) => e === a.experience) ?? 'first';
  const hoursAlone = (['under2', '2to4', '4to6', 'over6'] as const).find((h) => h === a.hoursAlone) ?? 'under2';
  return {
    youngestChild: (['none', 'under6', '6to12', '13plus'] as const).find((c) => c === a.children) ?? youngestChild(a.household),
    otherPets: NO_PETS.test(a.otherPets) ? 'no' : 'yes',
    activity:
      (['active', 'quiet'] as const).find((c) => c === a.activity) ??
      (ACTIVE_WORDS.test(`${a.household} ${a.experienceDetails} ${a.notes}`) ? 'active' : 'quiet'),
    experience,
    hoursAlone,
  };
}

// The fit rules: each a condition on one of the family's facts, a condition on one test's score, and a sentence.

export const FIT_OUTCOMES = { unsuited: 'Does not suit', suited: 'Suits' } as const;
export type FitOutcome = keyof typeof FIT_OUTCOMES;

export interface FitRuleDto {
  id: number;
  fact: FamilyFact;
  /** The fact's values the rule applies to (any of them). */
  factValues: string[];
  test: TemperamentTest;
  scoreMin: Score;
  scoreMax: Score;
  outcome: FitOutcome;
  sentence: string;
  position: number;
}

/** "Social dominance 1–2, youngest child under 6: does not suit". */
export function ruleSummary(r: Pick<FitRuleDto, 'fact' | 'factValues' | 'test' | 'scoreMin' | 'scoreMax' | 'outcome'>): string {
  const fact = FAMILY_FACTS[r.fact];
  const values = r.factValues.map((v) => (fact.values as Record<string, string>)[v] ?? v).join(' or ');
  const range = r.scoreMin === r.scoreMax ? `${r.scoreMin}` : `${r.scoreMin}–${r.scoreMax}`;
  return `${TEST_LABELS[r.test]} ${range}, ${fact.label.toLowerCase()}: ${values} → ${FIT_OUTCOMES[r.outcome].toLowerCase()}`;
}

export interface FitVerdict {
  suits: boolean;
  reason: string;
  /** The rule that decided (null: no rule applied, or the puppy is not tested yet). */
  ruleId: number | null;
}

export const FIT_MESSAGES = {
  notTested: 'Not temperament tested yet.',
  noRule: 'Nothing in this family’s answers and this puppy’s test stands against it.',
  blocked: 'The breeder has marked this puppy as not for this family.',
  noAnswers: 'No questionnaire answers to compare with.',
  puppyNotFound: 'Puppy not found.',
  litterNotFound: 'Litter not found.',
  ruleNotFound: 'That rule no longer exists.',
  familyNotFound: 'Family not found.',
  scoreRange: 'Each score is a whole number from 1 to 6.',
  ruleRange: 'The lowest score cannot be above the highest.',
  ruleValues: 'Choose at least one answer the rule applies to.',
  ruleValueUnknown: 'That answer is not one of this question’s.',
} as const;

/**
 * The verdict of the rules on one family and one puppy: the first rule (by position) whose two conditions hold
 * decides, "does not suit" rules before "suits" ones, so a reason against is never hidden by one in favour.
 */
export function judgeFit(rules: readonly FitRuleDto[], facts: FamilyFacts, scores: TestScores | null): FitVerdict {
  if (!scores || !Object.keys(scores).length) return { suits: true, reason: FIT_MESSAGES.notTested, ruleId: null };
  const applies = (r: FitRuleDto) => {
    const s = scores[r.test]?.score;
    return s !== undefined && s >= r.scoreMin && s <= r.scoreMax && r.factValues.includes(facts[r.fact]);
  };
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
  const against = ordered.find((r) => r.outcome === 'unsuited' && applies(r));
  if (against) return { suits: false, reason: against.sentence, ruleId: against.id };
  const forIt = ordered.find((r) => r.outcome === 'suited' && applies(r));
  if (forIt) return { suits: true, reason: forIt.sentence, ruleId: forIt.id };
  return { suits: true, reason: FIT_MESSAGES.noRule, ruleId: null };
}

/**
 * The rules a new site starts with: the fit is judged by these until the breeder first opens the rules, which writes
 * them as rows she can change.
 */
export const DEFAULT_FIT_RULES: Omit<FitRuleDto, 'id'>[] = [
  {
    fact: 'youngestChild',
    factValues: ['under6'],
    test: 'socialDominance',
    scoreMin: 1,
    scoreMax: 2,
    outcome: 'unsuited',
    sentence: 'A pushy puppy that nips when petted is too much for a home with children under 6.',
    position: 1,
  },
  {
    fact: 'youngestChild',
    factValues: ['under6'],
    test: 'sound',
    scoreMin: 5,
    scoreMax: 5,
    outcome: 'unsuited',
    sentence: 'A puppy startled by noise would find a home with small children hard going.',
    position: 2,
  },
  {
    fact: 'experience',
    factValues: ['first'],
    test: 'restraint',
    scoreMin: 1,
    scoreMax: 1,
    outcome: 'unsuited',
    sentence: 'A puppy that fights being held needs a hand that has raised a dog before.',
    position: 3,
  },
  {
    fact: 'hoursAlone',
    factValues: ['4to6', 'over6'],
    test: 'following',
    scoreMin: 1,
    scoreMax: 2,
    outcome: 'unsuited',
    sentence: 'A puppy that follows right underfoot will not cope well with long hours alone.',
    position: 4,
  },
  {
    fact: 'activity',
    factValues: ['quiet'],
    test: 'retrieving',
    scoreMin: 1,
    scoreMax: 1,
    outcome: 'unsuited',
    sentence: 'A high-drive puppy that runs off with the toy needs a more active home.',
    position: 5,
  },
  {
    fact: 'otherPets',
    factValues: ['yes'],
    test: 'sight',
    scoreMin: 1,
    scoreMax: 1,
    outcome: 'unsuited',
    sentence: 'A puppy that pounces on anything that moves is a risk for the other pets at home.',
    position: 6,
  },
  {
    fact: 'youngestChild',
    factValues: ['under6', '6to12'],
    test: 'restraint',
    scoreMin: 4,
    scoreMax: 4,
    outcome: 'suited',
    sentence: 'Content to be held: a good match for a home with children.',
    position: 7,
  },
  {
    fact: 'experience',
    factValues: ['first'],
    test: 'following',
    scoreMin: 3,
    scoreMax: 4,
    outcome: 'suited',
    sentence: 'Follows readily and calmly: an easy first dog.',
    position: 8,
  },
  {
    fact: 'activity',
    factValues: ['active'],
    test: 'retrieving',
    scoreMin: 2,
    scoreMax: 3,
    outcome: 'suited',
    sentence: 'Keen on the toy: a good partner for an active family.',
    position: 9,
  },
];

// Inputs.

const scoreSchema = z
  .number(FIT_MESSAGES.scoreRange)
  .int(FIT_MESSAGES.scoreRange)
  .min(1, FIT_MESSAGES.scoreRange)
  .max(6, FIT_MESSAGES.scoreRange);
const note = z.string().trim().max(500, 'A note must be at most 500 characters.').default('');

export const TestResultSchema = z.object({ score: scoreSchema, note });

/**
 * A save of one puppy's test: any of the ten tests (a test left out keeps what was saved; null clears it), her
 * summary. The scoring screen saves as she goes, so a partly scored puppy is a normal state.
 */
export const SaveTestSchema = z.object({
  puppyId: z.number().int().positive(),
  scores: z.partialRecord(z.enum(TEMPERAMENT_TESTS, 'Unknown test.'), TestResultSchema.nullable()),
  summary: z.string().trim().max(2000, 'The summary must be at most 2,000 characters.').optional(),
  testedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The test date must be a date (YYYY-MM-DD).')
    .optional(),
  /**
   * The phone's queue key (a save made without signal is sent later with it). A save sets values rather than adding
   * rows, so a replay writes the same test again: the key needs no row of its own.
   */
  idempotencyKey: z.string().max(64).optional(),
});
export type SaveTestInput = z.input<typeof SaveTestSchema>;

export const LitterIdSchema = z.object({ litterId: z.number().int().positive() });
export const PuppyIdSchema = z.object({ puppyId: z.number().int().positive() });
export const ShowToFamiliesSchema = z.object({ litterId: z.number().int().positive(), show: z.boolean() });
export const LitterPageSchema = PageInputSchema.pick({ page: true, search: true });

export const FitRuleInputSchema = z
  .object({
    fact: z.enum(FAMILY_FACT_KEYS as [FamilyFact, ...FamilyFact[]], 'Choose what the rule asks about the family.'),
    factValues: z.array(z.string().max(20)).min(1, FIT_MESSAGES.ruleValues).max(5),
    test: z.enum(TEMPERAMENT_TESTS, 'Choose a test.'),
    scoreMin: scoreSchema,
    scoreMax: scoreSchema,
    outcome: z.enum(['unsuited', 'suited'], 'Choose whether the rule says suits or does not suit.'),
    sentence: z
      .string()
      .trim()
      .min(10, 'Write the reason as one sentence (at least 10 characters).')
      .max(300, 'Keep the reason under 300 characters.'),
  })
  .superRefine((r, ctx) => {
    if (r.scoreMin > r.scoreMax) ctx.addIssue({ code: 'custom', path: ['scoreMax'], message: FIT_MESSAGES.ruleRange });
    const known = Object.keys(FAMILY_FACTS[r.fact].values);
    if (r.factValues.some((v) => !known.includes(v)))
      ctx.addIssue({ code: 'custom', path: ['factValues'], message: FIT_MESSAGES.ruleValueUnknown });
  });
export type FitRuleInput = z.input<typeof FitRuleInputSchema>;
export const FitRuleUpdateSchema = z.object({ id: z.number().int().positive(), rule: FitRuleInputSchema });
export const FitRulePageSchema = PageInputSchema.pick({ page: true, search: true });
export const BlockSchema = z.object({
  puppyId: z.number().int().positive(),
  familyId: z.number().int().positive(),
  blocked: z.boolean(),
});

// What the dashboard reads.

export interface LitterTestingDto {
  id: number;
  name: string;
  birthDate: string | null;
  puppies: number;
  tested: number;
  showToFamilies: boolean;
}

export interface PuppyTestDto {
  puppyId: number;
  name: string;
  gender: string;
  color: string;
  imageUrl: string | null;
  scores: TestScores;
  summary: string;
  testedOn: string | null;
  complete: boolean;
  words: string;
  updatedAt: string | null;
}

export interface LitterTestsDto {
  litter: LitterTestingDto;
  puppies: PuppyTestDto[];
}

export interface FitCellDto {
  puppyId: number;
  suits: boolean;
  reason: string;
  blocked: boolean;
}

export interface FitFamilyDto {
  familyId: number;
  name: string;
  facts: FamilyFacts | null;
  /** The facts in words ("youngest child: under 6; other pets at home; …"). */
  factsText: string;
  cells: FitCellDto[];
}

export interface FitBoardDto {
  litter: { id: number; name: string };
  puppies: { id: number; name: string }[];
  families: FitFamilyDto[];
}

export function factsText(facts: FamilyFacts): string {
  return FAMILY_FACT_KEYS.map((f) => {
    const value = (FAMILY_FACTS[f].values as Record<string, string>)[facts[f]]!;
    return f === 'youngestChild' ? `${FAMILY_FACTS[f].label.toLowerCase()}: ${value}` : value;
  }).join('; ');
}

// What the family reads.

export interface FamilyPuppyTemperamentDto {
  puppyId: number;
  name: string;
  imageUrl: string | null;
  /** Its results in words, or null when it is not tested yet. */
  words: string | null;
  summary: string;
  fit: { suits: boolean; reason: string };
  blocked: boolean;
}

export interface FamilyLitterTemperamentDto {
  litterId: number;
  litterName: string;
  puppies: FamilyPuppyTemperamentDto[];
}
