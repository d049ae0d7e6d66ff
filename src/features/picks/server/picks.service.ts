// The family's side of pick day: its litters (place, how many ahead, puppies remaining, its turn and deadline, the
// puppies open to it), its yes-or-wait answer, and choosing or passing. A family only ever reads its own entry: never
// another family's name or choice.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices, SessionUser } from '../../../lib/server/trpc.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { lockForMatch } from '../../applications/server/applications.reads.ts';
import { PICKS_MESSAGES, type MyPickDto, type PickPuppyDto, type Wants } from '../picks.schema.ts';
import { PickChoice, PickEntry, type IPickEntry, type IPickRound } from './picks.entity.ts';
import { addNotice, advance, fits, litterIdOf, lockRound, newAfter, openPuppies, place, type After } from './picks.engine.ts';
import { runAfter } from './picks.jobs.ts';
import { fitOf, temperamentWords } from './temperament-face.ts';

export type PicksServices = Pick<AppServices, 'mail' | 'env' | 'jobs' | 'live' | 'push'>;

const notInOrder = () => new AppError('NOT_FOUND', PICKS_MESSAGES.notInOrder);
const conflict = (message: string, field?: string) => new AppError('CONFLICT', message, field ? { [field]: [message] } : undefined);

const overlaps = (a: { wants: Wants }, b: { wants: Wants }) => a.wants === 'any' || b.wants === 'any' || a.wants === b.wants;

async function puppiesFor(em: EntityManager, userId: number, entry: IPickEntry, litterId: number): Promise<PickPuppyDto[]> {
  const open = (await openPuppies(em, litterId)).filter((p) => fits(entry.wants, p.gender));
  const ids = open.map((p) => p.id);
  const [words, fit] = [await temperamentWords(em, ids), await fitOf(em, userId, ids)];
  return open.map((p) => {
    const w = words.find((x) => x.puppyId === p.id);
    const f = fit.find((x) => x.puppyId === p.id);
    return {
      id: p.id,
      name: p.name,
      gender: p.gender,
      color: p.color,
      imageUrl: p.imageUrl ?? null,
      videoUrl: p.videoUrl ?? null,
      temperament: w?.shownToFamilies ? w.words : '',
      fit: f && f.reason ? { suits: f.suits, reason: f.reason } : null,
      blocked: f?.blocked ?? false,
    };
  });
}

async function toMine(em: EntityManager, userId: number, entry: IPickEntry, round: IPickRound): Promise<MyPickDto> {
  const litterId = litterIdOf(round);
  const litter = await em.findOne(Litter, litterId, { fields: ['name'] });
  const active = await em.find(
    PickEntry,
    { round, state: { $in: ['waiting', 'turn'] }, position: { $ne: null } },
    { orderBy: { position: 'asc' }, fields: ['id', 'wants', 'position', 'state'] },
  );
  const line = active.filter((a) => overlaps(a, entry));
  const at = line.findIndex((a) => a.id === entry.id);
  const choice = await em.findOne(PickChoice, { entry }, { populate: ['puppy'] });
  const myTurn = round.status === 'open' && round.currentEntryId === entry.id;
  const puppies = round.status === 'done' || entry.state === 'chosen' ? [] : await puppiesFor(em, userId, entry, litterId);
  return {
    litterId,
    litterName: litter?.name ?? '',
    status: round.status,
    mode: round.mode,
    answer: entry.answer,
    answerDeadline: round.answerDeadline.toISOString(),
    late: entry.late,
    state: entry.state,
    wants: entry.wants,
    colour: entry.colour,
    place: at >= 0 ? at + 1 : null,
    ahead: at >= 0 ? at : null,
    puppiesRemaining: (await openPuppies(em, litterId)).filter((p) => fits(entry.wants, p.gender)).length,
    myTurn,
    deadline: myTurn && round.deadline ? round.deadline.toISOString() : null,
    windowMinutes: round.windowMinutes,
    puppies,
    chosen: choice ? { puppyId: choice.puppy.id, name: choice.puppy.name } : null,
    proposal:
      myTurn && entry.proposal ? { puppyId: entry.proposal.id, name: (await em.findOneOrFail(Puppy, entry.proposal.id)).name } : null,
    notices: entry.notices.slice(-5),
  };
}

/** The family's litters on pick day, newest first. */
export async function myPicks(em: EntityManager, userId: number): Promise<MyPickDto[]> {
  const entries = await em.find(PickEntry, { family: userId }, { populate: ['round'], orderBy: { id: 'desc' }, limit: 20 });
  const out: MyPickDto[] = [];
  for (const e of entries) out.push(await toMine(em, userId, e, e.round));
  return out;
}

/** The family's entry in the round (asked about the litter); `placed`: only once it is in the order (answered yes). */
async function myEntry(tx: EntityManager, round: IPickRound | null, userId: number, placed = false): Promise<IPickEntry> {
  if (!round) throw notInOrder();
  const entry = await tx.findOne(PickEntry, { round, family: userId }, { refresh: true });
  if (!entry || (placed && entry.position === null)) throw notInOrder();
  return entry;
}

async function inTransaction<T>(
  em: EntityManager,
  services: PicksServices,
  work: (tx: EntityManager, after: After) => Promise<T>,
): Promise<T> {
  const after = newAfter();
  let result: T;
  try {
    result = await em.transactional((tx) => work(tx, after));
  } catch (err) {
    // The database's last word on "one puppy, one family": a second choice of a puppy or by an entry.
    if (err instanceof UniqueConstraintViolationException) throw conflict(PICKS_MESSAGES.taken, 'puppyId');
    throw err;
  }
  await runAfter(em, services, after);
  return result;
}

/** The family's answer to the litter's announcement: yes (in the order; after those in time when late) or wait for the next. */
export async function answer(
  em: EntityManager,
  services: PicksServices,
  userId: number,
  input: { litterId: number; answer: 'yes' | 'wait' },
  now = new Date(),
) {
  await inTransaction(em, services, async (tx, after) => {
    const round = await lockRound(tx, input.litterId);
    const entry = await myEntry(tx, round, userId);
    await recordAnswer(tx, services, round!, entry, input.answer, after, now);
  });
  return myPick(em.fork(), userId, input.litterId);
}

/** Writes a yes-or-wait answer (the family's, or the breeder's on its behalf). Needs the round's lock. */
export async function recordAnswer(
  tx: EntityManager,
  services: PicksServices,
  round: IPickRound,
  entry: IPickEntry,
  value: 'yes' | 'wait',
  after: After,
  now: Date,
) {
  if (round.status === 'done') throw conflict(PICKS_MESSAGES.answersClosed);
  if (entry.state === 'turn' || (entry.state !== 'waiting' && entry.position !== null)) throw conflict(PICKS_MESSAGES.alreadyDone);
  if (entry.answer === value) return;
  entry.answer = value;
  entry.answeredAt = now;
  entry.late = now.getTime() > round.answerDeadline.getTime();
  if (round.status !== 'answers') {
    // The order is set: a yes joins its end, a wait leaves it (keeping the waitlist place).
    if (value === 'yes') {
      const last = await tx.findOne(PickEntry, { round, position: { $ne: null } }, { orderBy: { position: 'desc' } });
      entry.position = (last?.position ?? 0) + 1;
      entry.state = 'waiting';
    } else {
      entry.position = null;
    }
  }
  after.litters.add(litterIdOf(round));
  await tx.flush();
  if (round.status === 'open' && value === 'yes' && !round.currentEntryId) await advance(tx, services, round, after, now);
}

export async function myPick(em: EntityManager, userId: number, litterId: number): Promise<MyPickDto> {
  const entry = await em.findOne(PickEntry, { family: userId, round: { litter: litterId } }, { populate: ['round'] });
  if (!entry) throw notInOrder();
  return toMine(em, userId, entry, entry.round);
}

export interface ChoiceResult {
  litterId: number;
  puppyId: number;
  puppyName: string;
}

/**
 * The family whose turn it is takes a puppy. One outcome whatever arrives: a repeat of the same choice (a double
 * tap, a second device, a replayed request) answers the first one's result; anything else after the turn is a 409.
 */
export async function choose(
  em: EntityManager,
  services: PicksServices,
  user: SessionUser,
  input: { litterId: number; puppyId: number },
  now: () => Date = () => new Date(),
): Promise<ChoiceResult> {
  return inTransaction(em, services, async (tx, after) => {
    const round = await lockRound(tx, input.litterId);
    const entry = await myEntry(tx, round, user.id, true);
    const at = now();
    const earlier = await tx.findOne(PickChoice, { entry }, { populate: ['puppy'] });
    if (earlier) {
      if (earlier.puppy.id === input.puppyId) return { litterId: input.litterId, puppyId: earlier.puppy.id, puppyName: earlier.puppy.name };
      throw conflict(PICKS_MESSAGES.alreadyChose(earlier.puppy.name), 'puppyId');
    }
    await takeTurn(tx, services, round!, entry, input.puppyId, user, after, at);
    const puppy = await tx.findOneOrFail(Puppy, input.puppyId);
    return { litterId: input.litterId, puppyId: puppy.id, puppyName: puppy.name };
  });
}

/** Checks that it is this entry's turn and the puppy is open to it, then places it and moves the turn on. Needs the lock. */
export async function takeTurn(
  tx: EntityManager,
  services: PicksServices,
  round: IPickRound,
  entry: IPickEntry,
  puppyId: number,
  actor: SessionUser,
  after: After,
  at: Date,
) {
  if (round.status !== 'open') throw conflict(PICKS_MESSAGES.notOpen);
  if (round.currentEntryId !== entry.id) {
    throw conflict(entry.state === 'waiting' ? PICKS_MESSAGES.notYourTurn : PICKS_MESSAGES.alreadyDone);
  }
  // A breeder choosing by phone for the family may finish a turn whose minutes are up; the family may not.
  if (!actor.isAdmin && round.deadline && round.deadline.getTime() <= at.getTime()) throw conflict(PICKS_MESSAGES.windowClosed);
  if (!actor.isAdmin && round.mode === 'match' && entry.proposal?.id !== puppyId) throw conflict(PICKS_MESSAGES.notForYou, 'puppyId');
  // The waitlists' lock before any puppy row: the order the breeder's own match takes them in.
  await lockForMatch(tx);
  const litterId = litterIdOf(round);
  const puppy = await tx.findOne(Puppy, { id: puppyId, litter: litterId }, { refresh: true });
  if (!puppy) throw new AppError('BAD_REQUEST', PICKS_MESSAGES.noSuchPuppy, { puppyId: [PICKS_MESSAGES.noSuchPuppy] });
  if (!(await openPuppies(tx, litterId)).some((p) => p.id === puppy.id)) throw conflict(PICKS_MESSAGES.taken, 'puppyId');
  if (!fits(entry.wants, puppy.gender)) throw conflict(PICKS_MESSAGES.notForYou, 'puppyId');
  if (entry.family && (await fitOf(tx, entry.family.id, [puppy.id]))[0]?.blocked) throw conflict(PICKS_MESSAGES.notForYou, 'puppyId');
  await place(tx, services, round, entry, puppy, actor, at);
  await advance(tx, services, round, after, at);
}

/** The family whose turn it is passes on this litter (it keeps its waitlist place). A repeat answers the same. */
export async function pass(
  em: EntityManager,
  services: PicksServices,
  userId: number,
  input: { litterId: number },
  now: () => Date = () => new Date(),
): Promise<{ litterId: number; passed: true }> {
  return inTransaction(em, services, async (tx, after) => {
    const round = await lockRound(tx, input.litterId);
    const entry = await myEntry(tx, round, userId, true);
    if (entry.state === 'passed') return { litterId: input.litterId, passed: true as const };
    const at = now();
    if (round!.status !== 'open') throw conflict(PICKS_MESSAGES.notOpen);
    if (round!.currentEntryId !== entry.id)
      throw conflict(entry.state === 'waiting' ? PICKS_MESSAGES.notYourTurn : PICKS_MESSAGES.alreadyDone);
    if (round!.deadline && round!.deadline.getTime() <= at.getTime()) throw conflict(PICKS_MESSAGES.windowClosed);
    entry.state = 'passed';
    addNotice(entry, 'You passed on this litter. You keep your place on the waitlist for the next one.', at);
    await tx.flush();
    await advance(tx, services, round!, after, at);
    return { litterId: input.litterId, passed: true as const };
  });
}

/** Matching mode: the family accepts the puppy the breeder proposes (its choice) or declines (a pass). */
export async function respond(em: EntityManager, services: PicksServices, user: SessionUser, input: { litterId: number; accept: boolean }) {
  if (!input.accept) {
    await pass(em, services, user.id, input);
    return myPick(em.fork(), user.id, input.litterId);
  }
  const entry = await em.findOne(PickEntry, { family: user.id, round: { litter: input.litterId } }, { populate: ['round'] });
  if (!entry) throw notInOrder();
  const earlier = await em.findOne(PickChoice, { entry });
  const puppyId = earlier?.puppy.id ?? entry.proposal?.id;
  if (!puppyId) throw conflict(PICKS_MESSAGES.noProposal);
  await choose(em, services, user, { litterId: input.litterId, puppyId });
  return myPick(em.fork(), user.id, input.litterId);
}
