// The breeder's side of pick day: announce a litter to the waitlist, set the order, open picks, and run the board
// (pause, extend, skip, reinstate, choose on a family's behalf, reorder with a reason, propose in matching mode).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError, notFound } from '../../../lib/server/errors.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { COLOR_CHOICES } from '../../applications/applications.schema.ts';
import { Payment } from '../../payments/server/payments.entity.ts';
import {
  PICKS_MESSAGES,
  type AnswerForSchema,
  type BoardDto,
  type EntryRefSchema,
  type ExtendSchema,
  type PickForSchema,
  type ReorderSchema,
  type RoundSettingsSchema,
  type RoundSummaryDto,
} from '../picks.schema.ts';
import { PickChoice, PickEntry, PickRound, type IPickEntry, type IPickRound } from './picks.entity.ts';
import {
  addNotice,
  advance,
  formatInstant,
  litterIdOf,
  lockRound,
  mailEntry,
  newAfter,
  openPuppies,
  siteZone,
  type After,
} from './picks.engine.ts';
import { runAfter } from './picks.jobs.ts';
import { recordAnswer, takeTurn, type PicksServices } from './picks.service.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

async function lockedRound(tx: EntityManager, litterId: number): Promise<IPickRound> {
  const round = await lockRound(tx, litterId);
  if (!round) throw new AppError('NOT_FOUND', PICKS_MESSAGES.noRound);
  return round;
}

async function entryOf(tx: EntityManager, round: IPickRound, entryId: number): Promise<IPickEntry> {
  const entry = await tx.findOne(PickEntry, { id: entryId, round }, { refresh: true });
  if (!entry) throw new AppError('NOT_FOUND', PICKS_MESSAGES.noSuchEntry);
  return entry;
}

/** Runs `work` holding the litter's round lock, then what it left for after the commit; answers the new board. */
async function onBoard(
  em: EntityManager,
  services: PicksServices,
  litterId: number,
  work: (tx: EntityManager, round: IPickRound, after: After, now: Date) => Promise<void>,
): Promise<BoardDto> {
  const after = newAfter();
  after.litters.add(litterId);
  await em.transactional(async (tx) => work(tx, await lockedRound(tx, litterId), after, new Date()));
  await runAfter(em, services, after);
  return board(em.fork(), litterId);
}

/** Every active litter with its round's state, newest first (a breeder has a few litters a year). */
export async function overview(em: EntityManager): Promise<RoundSummaryDto[]> {
  const litters = await em.find(Litter, { active: true }, { orderBy: { id: 'desc' }, limit: 50, fields: ['id', 'name'] });
  const ids = litters.map((l) => l.id);
  const rounds = ids.length ? await em.find(PickRound, { litter: { $in: ids } }) : [];
  const families = rounds.length
    ? await em.find(PickEntry, { round: { $in: rounds.map((r) => r.id) }, isBreeder: false }, { fields: ['round'] })
    : [];
  const puppies = ids.length ? await em.find(Puppy, { litter: { $in: ids } }, { fields: ['litter'] }) : [];
  return litters.map((l) => {
    const round = rounds.find((r) => litterIdOf(r) === l.id);
    return {
      litterId: l.id,
      litterName: l.name,
      status: round?.status ?? null,
      families: round ? families.filter((f) => f.round.id === round.id).length : 0,
      puppies: puppies.filter((p) => p.litter?.id === l.id).length,
    };
  });
}

export async function board(em: EntityManager, litterId: number): Promise<BoardDto> {
  const round = await em.findOne(PickRound, { litter: litterId }, { refresh: true });
  if (!round) throw new AppError('NOT_FOUND', PICKS_MESSAGES.noRound);
  const litter = await em.findOneOrFail(Litter, litterId, { fields: ['name'] });
  const entries = await em.find(
    PickEntry,
    { round },
    { orderBy: { position: 'asc', id: 'asc' }, populate: ['family', 'proposal'], refresh: true },
  );
  const choices = await em.find(PickChoice, { round }, { populate: ['puppy'] });
  const puppies = await em.find(Puppy, { litter: litterId }, { orderBy: { id: 'asc' } });
  const open = new Set((await openPuppies(em, litterId)).map((p) => p.id));
  return {
    litterId,
    litterName: litter.name,
    status: round.status,
    mode: round.mode,
    answerDeadline: round.answerDeadline.toISOString(),
    windowMinutes: round.windowMinutes,
    missedRule: round.missedRule,
    breederPick: round.breederPick,
    overnightPause: round.overnightPause,
    quietFrom: round.quietFrom,
    quietTo: round.quietTo,
    timeZone: await siteZone(em),
    currentEntryId: round.currentEntryId ?? null,
    deadline: round.deadline?.toISOString() ?? null,
    pausedRemainingMs: round.pausedRemainingMs ?? null,
    entries: entries.map((e) => {
      const c = choices.find((x) => x.entry.id === e.id);
      return {
        id: e.id,
        position: e.position ?? 0,
        isBreeder: e.isBreeder,
        name: e.name,
        email: e.family?.email ?? null,
        answer: e.answer,
        answeredAt: e.answeredAt?.toISOString() ?? null,
        late: e.late,
        depositOn: e.depositOn ?? null,
        wants: e.wants,
        colour: e.colour,
        state: e.state,
        chosen: c ? { puppyId: c.puppy.id, name: c.puppy.name } : null,
        proposal: e.proposal ? { puppyId: e.proposal.id, name: e.proposal.name } : null,
        missed: e.missed,
      };
    }),
    puppies: puppies.map((p) => ({
      id: p.id,
      name: p.name,
      gender: p.gender,
      color: p.color,
      open: open.has(p.id),
      heldBy: choices.find((c) => c.puppy.id === p.id)?.entry.id ?? null,
    })),
  };
}

/** The first payment in the ledger of each family (the deposit), else what the application recorded. */
async function depositDays(em: EntityManager, userIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!userIds.length) return out;
  const rows = await em.find(Payment, { family: { $in: userIds }, amountCents: { $gt: 0 } }, { orderBy: { paidOn: 'asc', id: 'asc' } });
  for (const p of rows) if (p.family && !out.has(p.family.id)) out.set(p.family.id, p.paidOn);
  return out;
}

/**
 * Announces a litter to its waitlist (the litter's own list and the general one): each family is asked whether it
 * wants a puppy from this litter by the deadline, or would rather wait for the next.
 */
export async function announce(em: EntityManager, services: PicksServices, input: z.output<typeof RoundSettingsSchema>): Promise<BoardDto> {
  const after = newAfter();
  after.litters.add(input.litterId);
  await em.transactional(async (tx) => {
    const litter = await tx.findOne(Litter, input.litterId);
    if (!litter) throw notFound('Litter');
    if (await tx.findOne(PickRound, { litter: input.litterId })) throw conflict(PICKS_MESSAGES.roundExists);
    const now = new Date();
    const round = tx.create(PickRound, {
      litter,
      status: 'answers',
      mode: input.mode,
      answerDeadline: new Date(input.answerDeadline),
      windowMinutes: input.windowMinutes,
      missedRule: input.missedRule,
      breederPick: input.breederPick,
      overnightPause: input.overnightPause,
      quietFrom: input.quietFrom,
      quietTo: input.quietTo,
      turnSeq: 0,
      createdAt: now,
      updatedAt: now,
    });
    const apps = await tx.find(
      Application,
      {
        status: 'waitlisted',
        user: { $ne: null },
        anonymisedAt: null,
        $or: [{ waitlistLitter: input.litterId }, { waitlistLitter: null }],
      },
      { orderBy: { waitlistPosition: 'asc', id: 'asc' } },
    );
    const deposits = await depositDays(
      tx,
      apps.map((a) => a.user!.id),
    );
    if (input.breederPick) {
      tx.create(PickEntry, { round, isBreeder: true, name: 'Breeder’s pick', answer: 'yes', answeredAt: now, notices: [], createdAt: now });
    }
    const seen = new Set<number>();
    const zone = await siteZone(tx);
    for (const a of apps) {
      // A family with applications on both lists is asked once (its litter's list first).
      if (seen.has(a.user!.id)) continue;
      seen.add(a.user!.id);
      const entry = tx.create(PickEntry, {
        round,
        family: a.user!.id,
        application: a,
        name: a.name,
        depositOn: deposits.get(a.user!.id) ?? a.depositReceivedOn ?? null,
        waitlistPlace: a.waitlistPosition ?? null,
        wants: a.gender === 'male' || a.gender === 'female' ? a.gender : 'any',
        colour: COLOR_CHOICES[a.color as keyof typeof COLOR_CHOICES] ?? '',
        notices: [],
        createdAt: now,
      });
      await mailEntry(tx, services, entry, `A new litter: would you like a puppy from the ${litter.name} litter?`, [
        `The ${litter.name} litter is here, and you are on our waitlist.`,
        `Please tell us by ${formatInstant(round.answerDeadline, zone)} whether you would like a puppy from this litter, or would rather wait for the next one (you keep your place).`,
        'Families who answer yes in time choose in the order of their deposits; late answers follow them.',
      ]);
    }
    await tx.flush();
  });
  await runAfter(em, services, after);
  return board(em.fork(), input.litterId);
}

export async function updateSettings(em: EntityManager, services: PicksServices, input: z.output<typeof RoundSettingsSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round) => {
    if (round.status === 'done') throw conflict('Pick day for this litter is over.');
    if (round.status !== 'answers' && round.status !== 'ready' && input.mode !== round.mode) {
      throw conflict('The mode is set before picks open.');
    }
    Object.assign(round, {
      mode: input.mode,
      answerDeadline: new Date(input.answerDeadline),
      windowMinutes: input.windowMinutes,
      missedRule: input.missedRule,
      overnightPause: input.overnightPause,
      quietFrom: input.quietFrom,
      quietTo: input.quietTo,
    });
    await tx.flush();
  });
}

/** Rewrites the order as exactly these entries, places 1..n (off to negative places first: the unique place index). */
async function writeOrder(tx: EntityManager, round: IPickRound, entries: IPickEntry[]) {
  for (const e of entries) e.position = -(e.id + 1_000_000);
  await tx.flush();
  entries.forEach((e, i) => (e.position = i + 1));
  await tx.flush();
}

const orderKey = (e: IPickEntry) =>
  [e.isBreeder ? 0 : 1, e.late ? 1 : 0, e.depositOn ?? '9999-99-99', e.waitlistPlace ?? 1e9, e.id] as const;
function byOrderKey(a: IPickEntry, b: IPickEntry) {
  const ka = orderKey(a);
  const kb = orderKey(b);
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
  return 0;
}

/** Sets the order from the answers (the breeder's pick, then yes in time, then late yes; each by deposit date) and opens picks. */
export async function openPicks(em: EntityManager, services: PicksServices, litterId: number) {
  return onBoard(em, services, litterId, async (tx, round, after, now) => {
    if (round.status !== 'answers' && round.status !== 'ready') throw conflict('Picks are already open for this litter.');
    const yes = (await tx.find(PickEntry, { round, answer: 'yes' })).sort(byOrderKey);
    const unplaced = (await tx.find(PickEntry, { round, answer: { $ne: 'yes' } })).filter((e) => e.position !== null);
    for (const e of unplaced) e.position = null;
    await writeOrder(tx, round, yes);
    round.status = 'open';
    await advance(tx, services, round, after, now);
  });
}

export async function pause(em: EntityManager, services: PicksServices, litterId: number) {
  return onBoard(em, services, litterId, async (tx, round, _after, now) => {
    if (round.status !== 'open') throw conflict(PICKS_MESSAGES.notOpen);
    round.status = 'paused';
    round.pausedRemainingMs = round.deadline ? Math.max(0, round.deadline.getTime() - now.getTime()) : null;
    round.deadline = null;
    // The queued expiry of this window now finds another window number and does nothing.
    round.turnSeq += 1;
    await tx.flush();
  });
}

export async function resume(em: EntityManager, services: PicksServices, litterId: number) {
  return onBoard(em, services, litterId, async (tx, round, after, now) => {
    if (round.status !== 'paused') throw conflict(PICKS_MESSAGES.notPaused);
    round.status = 'open';
    if (!round.currentEntryId) {
      await advance(tx, services, round, after, now);
      return;
    }
    round.turnSeq += 1;
    if (round.pausedRemainingMs != null) {
      round.deadline = new Date(now.getTime() + Math.max(round.pausedRemainingMs, 60_000));
      after.expiries.push({ roundId: round.id, turnSeq: round.turnSeq, deadline: round.deadline });
    }
    round.pausedRemainingMs = null;
    await tx.flush();
  });
}

export async function extend(em: EntityManager, services: PicksServices, input: z.output<typeof ExtendSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, after) => {
    if (!round.currentEntryId) throw conflict(PICKS_MESSAGES.noTurn);
    const add = input.minutes * 60_000;
    if (round.status === 'paused') round.pausedRemainingMs = (round.pausedRemainingMs ?? 0) + add;
    else if (round.deadline) {
      round.deadline = new Date(round.deadline.getTime() + add);
      round.turnSeq += 1;
      after.expiries.push({ roundId: round.id, turnSeq: round.turnSeq, deadline: round.deadline });
    } else throw conflict(PICKS_MESSAGES.noTurn);
    const entry = await tx.findOneOrFail(PickEntry, round.currentEntryId);
    const zone = await siteZone(tx);
    if (round.deadline) {
      await mailEntry(tx, services, entry, 'More time to choose', [`You now have until ${formatInstant(round.deadline, zone)} to choose.`]);
    }
    await tx.flush();
  });
}

/** The breeder moves the turn on (the family said by phone it will not choose now); she can reinstate it. */
export async function skip(em: EntityManager, services: PicksServices, litterId: number) {
  return onBoard(em, services, litterId, async (tx, round, after, now) => {
    if (round.status !== 'open' || !round.currentEntryId) throw conflict(PICKS_MESSAGES.noTurn);
    const entry = await tx.findOneOrFail(PickEntry, round.currentEntryId);
    entry.state = 'skipped';
    addNotice(entry, 'Your turn was moved on by the breeder. She can give it back to you.', now);
    await tx.flush();
    await advance(tx, services, round, after, now);
  });
}

/** A family whose window ran out (or who was skipped or passed) gets the next turn. */
export async function reinstate(em: EntityManager, services: PicksServices, input: z.output<typeof EntryRefSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, after, now) => {
    const entry = await entryOf(tx, round, input.entryId);
    if (!['missed', 'skipped', 'passed', 'none-left'].includes(entry.state)) throw conflict('This family is still in the order.');
    const ordered = await tx.find(PickEntry, { round, position: { $ne: null } }, { orderBy: { position: 'asc' } });
    const rest = ordered.filter((e) => e.id !== entry.id);
    // Right after the family choosing now (or first of those still waiting).
    const at = round.currentEntryId
      ? rest.findIndex((e) => e.id === round.currentEntryId) + 1
      : rest.findIndex((e) => e.state === 'waiting');
    rest.splice(at < 0 ? rest.length : at, 0, entry);
    entry.state = 'waiting';
    entry.takesLast = false;
    addNotice(entry, 'The breeder gave you your turn back: you choose next.', now);
    await writeOrder(tx, round, rest);
    if (round.status === 'done' && (await openPuppies(tx, litterIdOf(round))).length) round.status = 'open';
    if (round.status === 'open' && !round.currentEntryId) await advance(tx, services, round, after, now);
    await tx.flush();
  });
}

/** The breeder chooses for the family whose turn it is (it told her by phone), or takes her own pick. */
export async function pickFor(em: EntityManager, services: PicksServices, actor: SessionUser, input: z.output<typeof PickForSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, after, now) => {
    const entry = await entryOf(tx, round, input.entryId);
    await takeTurn(tx, services, round, entry, input.puppyId, actor, after, now);
  });
}

/** Matching mode: the breeder proposes a puppy to the family whose turn it is (or will be). */
export async function propose(em: EntityManager, services: PicksServices, input: z.output<typeof PickForSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, _after) => {
    const entry = await entryOf(tx, round, input.entryId);
    if (entry.state !== 'waiting' && entry.state !== 'turn') throw conflict(PICKS_MESSAGES.alreadyDone);
    const puppy = (await openPuppies(tx, litterIdOf(round))).find((p) => p.id === input.puppyId);
    if (!puppy) throw conflict(PICKS_MESSAGES.taken);
    entry.proposal = puppy;
    if (entry.state === 'turn') {
      await mailEntry(tx, services, entry, `We propose ${puppy.name} for you`, [
        `We think ${puppy.name} suits your family. Please accept or decline on My Family before your time runs out.`,
      ]);
    }
    await tx.flush();
  });
}

/** Moves a family to a place, with a reason every family whose place changed reads. */
export async function reorder(em: EntityManager, services: PicksServices, input: z.output<typeof ReorderSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, _after, now) => {
    if (round.status === 'done') throw conflict('Pick day for this litter is over.');
    const entry = await entryOf(tx, round, input.entryId);
    if (entry.state !== 'waiting' || entry.position === null) throw conflict('Only a family still waiting can be moved.');
    const ordered = await tx.find(PickEntry, { round, position: { $ne: null } }, { orderBy: { position: 'asc' } });
    const before = new Map(ordered.map((e) => [e.id, e.position!]));
    const rest = ordered.filter((e) => e.id !== entry.id);
    // Never ahead of a family that has already had its turn.
    const firstOpen = rest.findIndex((e) => e.state === 'waiting');
    const at = Math.max(Math.min(input.position - 1, rest.length), firstOpen < 0 ? rest.length : firstOpen);
    rest.splice(at, 0, entry);
    await writeOrder(tx, round, rest);
    for (const e of rest) {
      if (e.isBreeder || e.state !== 'waiting' || before.get(e.id) === e.position) continue;
      addNotice(e, `The order changed: ${input.reason} Your place in the order is now ${e.position}.`, now);
      await mailEntry(tx, services, e, 'Your place in the pick order changed', [`The order changed: ${input.reason}`]);
    }
    await tx.flush();
  });
}

/** The breeder records a family's yes or wait (given by phone or e-mail). */
export async function answerFor(em: EntityManager, services: PicksServices, input: z.output<typeof AnswerForSchema>) {
  return onBoard(em, services, input.litterId, async (tx, round, after, now) => {
    const entry = await entryOf(tx, round, input.entryId);
    await recordAnswer(tx, services, round, entry, input.answer, after, now);
  });
}
