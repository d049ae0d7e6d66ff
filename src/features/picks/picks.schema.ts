// Pick day (issue 50, items 3–6): the order a litter's families choose in, the turn and its window, and every message a
// family or the breeder reads about them. Shared by the forms, the REST adapter and the server.
import { z } from 'zod';

/** answers: families are asked whether they want this litter; ready: the order is set; open: turns run; paused; done. */
export const ROUND_STATUSES = ['answers', 'ready', 'open', 'paused', 'done'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** choose: families choose in turn; match: the breeder proposes a puppy to each family, who accepts or declines. */
export const PICK_MODES = ['choose', 'match'] as const;
export type PickMode = (typeof PICK_MODES)[number];

/** What a window that runs out means: the family drops to the end of the order, takes the last puppy, or waits for the next litter. */
export const MISSED_RULES = ['end', 'last', 'next'] as const;
export type MissedRule = (typeof MISSED_RULES)[number];
export const MISSED_RULE_LABELS: Record<MissedRule, string> = {
  end: 'The family drops to the end of the order',
  last: 'The family takes the last puppy',
  next: 'The family waits for the next litter',
};

export const ANSWERS = ['pending', 'yes', 'wait'] as const;
export type PickAnswer = (typeof ANSWERS)[number];

/**
 * waiting: in the order, its turn still to come; turn: choosing now; chosen; passed (keeps its waitlist place);
 * missed: the window ran out; skipped: by the breeder; none-left: no puppy of the sex it wants remained.
 */
export const ENTRY_STATES = ['waiting', 'turn', 'chosen', 'passed', 'missed', 'skipped', 'none-left'] as const;
export type EntryState = (typeof ENTRY_STATES)[number];
export const ENTRY_STATE_LABELS: Record<EntryState, string> = {
  waiting: 'Waiting',
  turn: 'Choosing now',
  chosen: 'Chose',
  passed: 'Passed',
  missed: 'Window ran out',
  skipped: 'Skipped',
  'none-left': 'No puppy left',
};

export const WANTS = ['male', 'female', 'any'] as const;
export type Wants = (typeof WANTS)[number];
export const WANTS_LABELS: Record<Wants, string> = { male: 'Male', female: 'Female', any: 'Either' };

/** Windows breeders publish: 24 or 48 hours; a few minutes is allowed for trying it out. */
export const WINDOW_MINUTES_CHOICES = [24 * 60, 48 * 60] as const;
export const MIN_WINDOW_MINUTES = 1;
export const MAX_WINDOW_MINUTES = 7 * 24 * 60;

export const PICKS_MESSAGES = {
  notInOrder: 'You are not in the pick order for this litter.',
  notYourTurn: 'It is not your turn to choose yet.',
  windowClosed: 'Your time to choose has ended.',
  notOpen: 'Picks are not open for this litter.',
  taken: 'That puppy has just been chosen.',
  notForYou: 'That puppy is not open to your family.',
  alreadyChose: (name: string) => `You already chose ${name}.`,
  alreadyDone: 'Your turn is already over.',
  answersClosed: 'This litter is no longer asking for answers.',
  noRound: 'This litter has no pick order yet.',
  roundExists: 'This litter already has a pick order.',
  noSuchEntry: 'That family is not in this order.',
  noSuchPuppy: 'That puppy is not in this litter.',
  noTurn: 'No family is choosing right now.',
  notPaused: 'Picks are not paused.',
  noProposal: 'No puppy is proposed to you yet.',
} as const;

const id = z.coerce.number('Choose a litter.').int('Choose a litter.').positive('Choose a litter.');
const puppyId = z.coerce.number('Choose a puppy.').int('Choose a puppy.').positive('Choose a puppy.');

export const LitterRefSchema = z.object({ litterId: id });
export const ChooseSchema = z.object({ litterId: id, puppyId });
export const ChooseBodySchema = z.object({ puppyId }).meta({ id: 'PickChoice' });
export const AnswerSchema = z.object({ litterId: id, answer: z.enum(['yes', 'wait'], 'Answer yes or wait.') });
export const RespondSchema = z.object({ litterId: id, accept: z.boolean('Accept or decline.') });

const windowMinutes = z.coerce
  .number()
  .int()
  .min(MIN_WINDOW_MINUTES, 'A window is at least a minute.')
  .max(MAX_WINDOW_MINUTES, 'A window is at most 7 days.');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 21:00.');

export const RoundSettingsSchema = z.object({
  litterId: id,
  mode: z.enum(PICK_MODES).default('choose'),
  /** When the yes-or-wait answers are due (ISO instant). */
  answerDeadline: z.iso.datetime({ offset: true, message: 'Choose when answers are due.' }),
  windowMinutes: windowMinutes.default(24 * 60),
  missedRule: z.enum(MISSED_RULES).default('end'),
  breederPick: z.boolean().default(false),
  /** Windows stop running overnight in the site's zone (quietFrom to quietTo). */
  overnightPause: z.boolean().default(false),
  quietFrom: hhmm.default('21:00'),
  quietTo: hhmm.default('08:00'),
});
export type RoundSettingsInput = z.input<typeof RoundSettingsSchema>;

export const EntryRefSchema = z.object({ litterId: id, entryId: z.coerce.number().int().positive() });
export const PickForSchema = EntryRefSchema.extend({ puppyId });
export const ExtendSchema = LitterRefSchema.extend({ minutes: windowMinutes });
export const ReorderSchema = EntryRefSchema.extend({
  position: z.coerce.number().int().positive('A place is 1 or more.'),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in a few words: each family affected reads it.')
    .max(300, 'Keep the reason under 300 characters.'),
});
export const AnswerForSchema = EntryRefSchema.extend({ answer: z.enum(['yes', 'wait']) });
export const ProposeSchema = PickForSchema;

export interface PickPuppyDto {
  id: number;
  name: string;
  gender: 'male' | 'female';
  color: string;
  imageUrl: string | null;
  videoUrl: string | null;
  /** The temperament test in words ('' when the breeder has not shown it). */
  temperament: string;
  fit: { suits: boolean; reason: string } | null;
  /** The breeder marked it "not for this family": shown, never choosable. */
  blocked: boolean;
}

export interface PickNoticeDto {
  at: string;
  text: string;
}

export interface MyPickDto {
  litterId: number;
  litterName: string;
  status: RoundStatus;
  mode: PickMode;
  answer: PickAnswer;
  answerDeadline: string;
  late: boolean;
  state: EntryState;
  wants: Wants;
  colour: string;
  /** Place among the families still to choose who want puppies this family could take (1 = choosing now or next). */
  place: number | null;
  ahead: number | null;
  /** Open puppies of the sex this family wants. */
  puppiesRemaining: number;
  myTurn: boolean;
  /** When this family's window ends (null while paused or when it is not its turn). */
  deadline: string | null;
  windowMinutes: number;
  puppies: PickPuppyDto[];
  chosen: { puppyId: number; name: string } | null;
  proposal: { puppyId: number; name: string } | null;
  notices: PickNoticeDto[];
}

export interface BoardEntryDto {
  id: number;
  position: number;
  isBreeder: boolean;
  name: string;
  email: string | null;
  answer: PickAnswer;
  answeredAt: string | null;
  late: boolean;
  depositOn: string | null;
  wants: Wants;
  colour: string;
  state: EntryState;
  chosen: { puppyId: number; name: string } | null;
  proposal: { puppyId: number; name: string } | null;
  missed: number;
}

export interface BoardPuppyDto {
  id: number;
  name: string;
  gender: 'male' | 'female';
  color: string;
  open: boolean;
  /** The order entry holding it. */
  heldBy: number | null;
}

export interface BoardDto {
  litterId: number;
  litterName: string;
  status: RoundStatus;
  mode: PickMode;
  answerDeadline: string;
  windowMinutes: number;
  missedRule: MissedRule;
  breederPick: boolean;
  overnightPause: boolean;
  quietFrom: string;
  quietTo: string;
  timeZone: string;
  currentEntryId: number | null;
  deadline: string | null;
  pausedRemainingMs: number | null;
  entries: BoardEntryDto[];
  puppies: BoardPuppyDto[];
}

export interface RoundSummaryDto {
  litterId: number;
  litterName: string;
  status: RoundStatus | null;
  families: number;
  puppies: number;
}

/** What the live stream says: something changed on this litter's board (the page refetches). */
export type PicksEventDto = { kind: 'changed'; litterId: number } | { kind: 'resync' };

/** "2 hours 5 minutes" from milliseconds, for the notices and e-mails. */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (!h) return part(m, 'minute');
  return m ? `${part(h, 'hour')} ${part(m, 'minute')}` : part(h, 'hour');
}
