// The pick-day engine: whose turn it is, what ends a turn, and what a choice writes. Everything here runs inside a
// transaction that holds the round's row lock (lockRound), so turns and choices of one litter happen one at a time
// on every instance; what must happen after the commit (live events, push, the window's expiry job) is collected in
// an After for the caller.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppServices, SessionUser } from '../../../lib/server/trpc.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy, type IPuppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import { PaymentAccount } from '../../payments/server/payments.entity.ts';
import { VisitSettings } from '../../visits/server/visits.entity.ts';
import { matchApplication } from '../../applications/server/applications.reads.ts';
import { durationWords, type Wants } from '../picks.schema.ts';
import { PickChoice, PickEntry, PickRound, type IPickEntry, type IPickRound } from './picks.entity.ts';
import { windowEnd } from './window.ts';

export type EngineServices = Pick<AppServices, 'mail' | 'env'>;

/** Work for after the commit: litters whose boards changed, windows to expire, families to push. */
export interface After {
  litters: Set<number>;
  expiries: Array<{ roundId: number; turnSeq: number; deadline: Date }>;
  pushes: Array<{ userId: number; title: string }>;
}
export const newAfter = (): After => ({ litters: new Set(), expiries: [], pushes: [] });

/** The deposit the payments terms start from when the ledger has none (SPEC's FAQ: a $500 deposit). */
const DEFAULT_DEPOSIT_CENTS = 50_000;
const DEFAULT_ZONE = 'America/Denver';

export const litterIdOf = (round: IPickRound): number => round.litter.id;
export const fits = (wants: Wants, gender: string) => wants === 'any' || wants === gender;

/** The round of a litter, its row locked until the transaction ends (null: the litter has none). */
export async function lockRound(tx: EntityManager, litterId: number): Promise<IPickRound | null> {
  return tx.findOne(PickRound, { litter: litterId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

export async function lockRoundById(tx: EntityManager, roundId: number): Promise<IPickRound | null> {
  return tx.findOne(PickRound, { id: roundId }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
}

/** The site's zone: the breeder's hours' zone (visits), which every time on the site is shown in. */
export async function siteZone(em: EntityManager): Promise<string> {
  return (await em.findOne(VisitSettings, 1, { fields: ['timeZone'] }))?.timeZone ?? DEFAULT_ZONE;
}

export function formatInstant(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** The litter's puppies still open: available, and not chosen in this round. */
export async function openPuppies(em: EntityManager, litterId: number): Promise<IPuppy[]> {
  const chosen = await em.find(PickChoice, { round: { litter: litterId } }, { fields: ['puppy'] });
  const taken = new Set(chosen.map((c) => c.puppy.id));
  const puppies = await em.find(Puppy, { litter: litterId, status: 'available' }, { orderBy: { id: 'asc' }, refresh: true });
  return puppies.filter((p) => !taken.has(p.id));
}

export function addNotice(entry: IPickEntry, text: string, now: Date) {
  entry.notices = [...entry.notices, { at: now.toISOString(), text }];
}

async function familyAddress(em: EntityManager, entry: IPickEntry): Promise<string | null> {
  if (!entry.family) return null;
  const user = await em.findOne(User, entry.family.id, { fields: ['email'] });
  return user?.email ?? null;
}

/** An e-mail to the family of an entry (none for the breeder's own pick, or without an address), written with the transaction. */
export async function mailEntry(em: EntityManager, services: EngineServices, entry: IPickEntry, subject: string, lines: string[]) {
  const to = await familyAddress(em, entry);
  if (!to) return;
  const breeder = (await services.mail.breeder(em)).name;
  const link = `${services.env.appOrigin}/account#picks`;
  services.mail.enqueue(em, {
    lane: 'sale',
    to,
    subject,
    text: [`Hello ${entry.name},`, '', ...lines, '', `See it on My Family: ${link}`, '', breeder].join('\n'),
  });
}

async function litterName(em: EntityManager, round: IPickRound): Promise<string> {
  return (await em.findOne(Litter, litterIdOf(round), { fields: ['name'] }))?.name ?? 'litter';
}

/** The turn passes to `entry`: its window starts now (the breeder's own pick has no window). */
async function startTurn(tx: EntityManager, services: EngineServices, round: IPickRound, entry: IPickEntry, after: After, now: Date) {
  entry.state = 'turn';
  round.currentEntryId = entry.id;
  round.turnSeq += 1;
  round.turnStartedAt = now;
  round.pausedRemainingMs = null;
  if (entry.isBreeder) {
    round.deadline = null;
    return;
  }
  const zone = await siteZone(tx);
  const quiet = round.overnightPause ? { timeZone: zone, from: round.quietFrom, to: round.quietTo } : null;
  round.deadline = new Date(windowEnd(now.getTime(), round.windowMinutes * 60_000, quiet));
  after.expiries.push({ roundId: round.id, turnSeq: round.turnSeq, deadline: round.deadline });
  const name = await litterName(tx, round);
  const by = formatInstant(round.deadline, zone);
  const what = round.mode === 'match' ? 'see the puppy we propose for you and accept or decline it' : 'choose your puppy or pass';
  await mailEntry(tx, services, entry, `Your turn to choose: the ${name} litter`, [
    `It is your turn in the ${name} litter's pick order: ${what} by ${by} (${durationWords(round.deadline.getTime() - now.getTime())} from now).`,
    round.overnightPause ? `The time does not run overnight (${round.quietFrom} to ${round.quietTo}).` : '',
  ]);
  if (entry.family) after.pushes.push({ userId: entry.family.id, title: `Your turn to choose: the ${name} litter, until ${by}` });
}

/**
 * Moves the turn on: the next waiting family in the order that can still take an open puppy (a family wanting a sex
 * none of which remains keeps its waitlist place), or the round ends when nothing remains.
 */
export async function advance(tx: EntityManager, services: EngineServices, round: IPickRound, after: After, now: Date): Promise<void> {
  after.litters.add(litterIdOf(round));
  round.currentEntryId = null;
  round.deadline = null;
  round.turnStartedAt = null;
  if (round.status !== 'open') return;
  for (;;) {
    const puppies = await openPuppies(tx, litterIdOf(round));
    const waiting = await tx.find(PickEntry, { round, state: 'waiting', position: { $ne: null } }, { orderBy: { position: 'asc' } });
    let next: IPickEntry | undefined;
    for (const e of waiting) {
      if (puppies.some((p) => fits(e.wants, p.gender))) {
        next = e;
        break;
      }
      e.state = 'none-left';
      addNotice(e, 'No puppy of the sex you asked for remains in this litter. You keep your place on the waitlist for the next one.', now);
    }
    if (!next) {
      await finish(tx, services, round, after, now);
      return;
    }
    const eligible = puppies.filter((p) => fits(next.wants, p.gender));
    if (next.takesLast && eligible.length === 1) {
      await place(tx, services, round, next, eligible[0]!, null, now);
      continue;
    }
    await startTurn(tx, services, round, next, after, now);
    await tx.flush();
    return;
  }
}

/** The round is over: every family in the order is told its own result (never another family's). */
async function finish(tx: EntityManager, services: EngineServices, round: IPickRound, after: After, now: Date) {
  round.status = 'done';
  round.currentEntryId = null;
  round.deadline = null;
  if (round.resultsSentAt) return;
  round.resultsSentAt = now;
  const name = await litterName(tx, round);
  const entries = await tx.find(PickEntry, { round, isBreeder: false, position: { $ne: null } }, { orderBy: { position: 'asc' } });
  const choices = await tx.find(PickChoice, { round }, { populate: ['puppy'] });
  for (const e of entries) {
    if (e.state === 'waiting' || e.state === 'turn') {
      e.state = 'none-left';
    }
    const choice = choices.find((c) => c.entry.id === e.id);
    const result = choice
      ? `You chose ${choice.puppy.name}. We will be in touch about the contract and the balance.`
      : 'No puppy from this litter was placed with you; you keep your place on the waitlist for the next litter.';
    await mailEntry(tx, services, e, `Pick day results: the ${name} litter`, [
      `Pick day for the ${name} litter is over: ${choices.length} ${choices.length === 1 ? 'puppy was' : 'puppies were'} chosen.`,
      result,
    ]);
    if (e.family) after.pushes.push({ userId: e.family.id, title: `Pick day results: the ${name} litter` });
  }
  await tx.flush();
}

/**
 * Writes a choice: the choice row (the database refuses a second one of this puppy or by this entry), the match the
 * rest of the site reads (the puppy reserved for the family, the application matched, off the waitlist), and payment
 * terms ready for the breeder (the puppy's price, the deposit received).
 */
export async function place(
  tx: EntityManager,
  services: EngineServices,
  round: IPickRound,
  entry: IPickEntry,
  puppy: IPuppy,
  actor: SessionUser | null,
  now: Date,
): Promise<void> {
  tx.create(PickChoice, { round, entry, puppy, by: actor?.isAdmin || !actor ? 'breeder' : 'family', at: now });
  puppy.status = 'reserved';
  entry.state = 'chosen';
  entry.proposal = null;
  if (entry.family) {
    puppy.family = tx.getReference(User, entry.family.id);
    if (entry.application) {
      await tx.flush();
      await matchApplication(tx, {
        applicationId: entry.application.id,
        puppyId: puppy.id,
        actor: actor ?? { id: entry.family.id, username: '', isAdmin: false },
        message: actor?.isAdmin ? `Chosen for the family on pick day: ${puppy.name}.` : `Chosen on pick day: ${puppy.name}.`,
      });
    }
    const terms = await tx.findOne(PaymentAccount, { family: entry.family.id });
    if (!terms) {
      tx.create(PaymentAccount, {
        family: entry.family.id,
        priceCents: (puppy.price ?? 0) * 100,
        depositCents: DEFAULT_DEPOSIT_CENTS,
        dueOn: null,
        updatedAt: now,
      });
    }
    await mailEntry(tx, services, entry, `Your puppy: ${puppy.name}`, [
      `${puppy.name} is yours. Thank you for choosing in time.`,
      'Your contract and payment terms are being prepared; we will let you know when they are ready to read and sign.',
    ]);
  }
  await tx.flush();
}

/** The current turn's window ran out: the breeder's missed-window rule says what happens to the family. */
export async function missTurn(tx: EntityManager, services: EngineServices, round: IPickRound, entry: IPickEntry, after: After, now: Date) {
  entry.missed += 1;
  const name = await litterName(tx, round);
  if (round.missedRule === 'next' || entry.missed > 1) {
    entry.state = 'missed';
    addNotice(entry, 'Your time to choose ran out. You keep your place on the waitlist for the next litter.', now);
  } else {
    const last = await tx.findOne(PickEntry, { round, position: { $ne: null } }, { orderBy: { position: 'desc' } });
    entry.position = (last?.position ?? 0) + 1;
    entry.state = 'waiting';
    if (round.missedRule === 'last') entry.takesLast = true;
    addNotice(
      entry,
      round.missedRule === 'last'
        ? 'Your time to choose ran out. You will take the last puppy open to you.'
        : 'Your time to choose ran out. You have moved to the end of the order.',
      now,
    );
  }
  await mailEntry(tx, services, entry, `Your time to choose ended: the ${name} litter`, [entry.notices.at(-1)!.text]);
  await tx.flush();
}

/** The window's expiry (the job's handler): only for the turn it was sent for, and only once its deadline has passed. */
export async function expireTurn(
  em: EntityManager,
  services: EngineServices,
  input: { roundId: number; turnSeq: number },
  now: () => Date = () => new Date(),
): Promise<{ expired: boolean; after: After }> {
  const after = newAfter();
  const expired = await em.transactional(async (tx) => {
    const round = await lockRoundById(tx, input.roundId);
    if (!round || round.status !== 'open' || round.turnSeq !== input.turnSeq || !round.currentEntryId || !round.deadline) return false;
    const at = now();
    if (round.deadline.getTime() > at.getTime()) return false;
    const entry = await tx.findOneOrFail(PickEntry, round.currentEntryId);
    await missTurn(tx, services, round, entry, after, at);
    await advance(tx, services, round, after, at);
    return true;
  });
  return { expired, after };
}

/** Open rounds whose window has passed (the sweep catches a turn whose expiry job was never queued: a crash between). */
export async function overdueTurns(em: EntityManager, now: Date): Promise<Array<{ roundId: number; turnSeq: number }>> {
  const rows = await em.find(PickRound, { status: 'open', deadline: { $lte: now } }, { fields: ['id', 'turnSeq'], limit: 100 });
  return rows.map((r) => ({ roundId: r.id, turnSeq: r.turnSeq }));
}
