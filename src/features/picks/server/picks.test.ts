// Pick day end to end through the real app (PGlite, or PostgreSQL with TEST_DATABASE_URL): the order by the rules
// breeders publish, the turn, choosing and passing exactly once, the window's expiry through the job runner, a
// restart in the middle of a window, the REST paths, and that a family never reads another family's name.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { makeFamilies, makeLitter, type TestFamily } from '../../../server/testing/picks.ts';
import { createJobRunner } from '../../../lib/server/jobs.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { PaymentAccount } from '../../payments/server/payments.entity.ts';
import { OutboxMessage } from '../../mail/server/outbox-message.entity.ts';
import type { MyPickDto } from '../picks.schema.ts';
import { PickChoice, PickEntry, PickRound } from './picks.entity.ts';
import { expireTurn } from './picks.engine.ts';
import { pickWindowJob, picksJobs, runAfter } from './picks.jobs.ts';

const json = { 'content-type': 'application/json' };
const future = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('pick day', () => {
  const t = useTestApp();
  let breeder: SessionUser;
  const admin = () => t.caller(breeder).admin.picks;
  const mine = async (f: TestFamily, litterId: number): Promise<MyPickDto> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/picks/mine', headers: { cookie: f.cookie } });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as MyPickDto[]).find((p) => p.litterId === litterId);
    if (!found) throw new Error(`${f.name} is not in litter ${litterId}`);
    return found;
  };
  const choose = (f: TestFamily, litterId: number, puppyId: number) =>
    t.app.inject({ method: 'POST', url: `/api/picks/${litterId}/choose`, headers: { ...json, cookie: f.cookie }, payload: { puppyId } });
  const passTurn = (f: TestFamily, litterId: number) =>
    t.app.inject({ method: 'POST', url: `/api/picks/${litterId}/pass`, headers: { ...json, cookie: f.cookie }, payload: {} });
  const announce = (litterId: number, extra: Record<string, unknown> = {}) =>
    admin().announce({ litterId, answerDeadline: future(60), windowMinutes: 24 * 60, ...extra });
  const everyoneSays = async (families: TestFamily[], litterId: number) => {
    for (const f of families) await t.caller(f.user).picks.answer({ litterId, answer: 'yes' });
  };

  it('sets the order: the breeder’s pick, then yes in time by deposit date, then late answers; a family that waits is not in it', async () => {
    breeder = (await signIn(t.orm, { username: 'picks_breeder', isAdmin: true })).user;
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Aspen', [
      { name: 'Aspen Girl', gender: 'female' },
      { name: 'Aspen Boy', gender: 'male' },
      { name: 'Aspen Two', gender: 'female' },
    ]);
    const [a, b, c, d, e] = await makeFamilies(t.orm, [
      { name: 'Avery Family', depositOn: '2026-01-05', gender: 'female' },
      { name: 'Blake Family', depositOn: '2026-01-01' },
      { name: 'Casey Family', depositOn: '2026-01-03', gender: 'male' },
      { name: 'Devon Family', depositOn: '2025-12-01' },
      { name: 'Emery Family', depositOn: '2025-11-01' },
    ]);
    await announce(litterId, { breederPick: true });
    for (const f of [a!, b!, c!]) await t.caller(f.user).picks.answer({ litterId, answer: 'yes' });
    await t.caller(d!.user).picks.answer({ litterId, answer: 'wait' });
    // The deadline passes; Emery answers after it, so comes after those in time despite the earliest deposit.
    const board = await admin().board({ litterId });
    await admin().updateSettings({ ...board, litterId, answerDeadline: new Date(Date.now() - 1000).toISOString() });
    await t.caller(e!.user).picks.answer({ litterId, answer: 'yes' });

    const opened = await admin().open({ litterId });
    const order = opened.entries.filter((x) => x.position > 0).map((x) => x.name);
    expect(order).toEqual(['Breeder’s pick', 'Blake Family', 'Casey Family', 'Avery Family', 'Emery Family']);
    expect(opened.entries.find((x) => x.name === 'Emery Family')!.late).toBe(true);
    expect(opened.currentEntryId).toBe(opened.entries[0]!.id);

    // Avery wants a female: in her line are the breeder's pick and Blake (either), not Casey (male).
    const avery = await mine(a!, litterId);
    expect(avery).toMatchObject({ place: 3, ahead: 2, puppiesRemaining: 2, myTurn: false, deadline: null, wants: 'female' });
    expect(avery.puppies.map((p) => p.name)).toEqual(['Aspen Girl', 'Aspen Two']);
    const devon = await mine(d!, litterId);
    expect(devon).toMatchObject({ answer: 'wait', place: null });

    // Never another family's name, in any family's view.
    for (const f of [a!, b!, c!, d!, e!]) {
      const body = JSON.stringify(await mine(f, litterId));
      for (const other of [a!, b!, c!, d!, e!].filter((o) => o !== f)) expect(body).not.toContain(other.name);
    }

    // The breeder takes her pick by the board; the turn moves to Blake with a window and an e-mail.
    const afterPick = await admin().pickFor({ litterId, entryId: opened.entries[0]!.id, puppyId: puppyIds[2]! });
    const blakeEntry = afterPick.entries.find((x) => x.name === 'Blake Family')!;
    expect(afterPick.currentEntryId).toBe(blakeEntry.id);
    expect(new Date(afterPick.deadline!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const blake = await mine(b!, litterId);
    expect(blake).toMatchObject({ myTurn: true, place: 1, ahead: 0, puppiesRemaining: 2 });
    const mails = await t.orm.em.fork().find(OutboxMessage, { subject: 'Your turn to choose: the Aspen litter' } as never);
    expect(mails.length).toBe(1);
  });

  it('twenty families race for one puppy in one turn: only the family whose turn it is wins, everyone else 409', async () => {
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Birch', [
      { name: 'Birch One', gender: 'female', price: 3000 },
      { name: 'Birch Two', gender: 'male' },
    ]);
    const families = await makeFamilies(
      t.orm,
      Array.from({ length: 20 }, (_, i) => ({
        name: `Racer ${String(i + 1).padStart(2, '0')}`,
        depositOn: `2026-02-${String(i + 1).padStart(2, '0')}`,
      })),
    );
    await announce(litterId);
    await everyoneSays(families, litterId);
    await admin().open({ litterId });

    const answers = await Promise.all(families.map((f) => choose(f, litterId, puppyIds[0]!)));
    const won = answers.flatMap((r, i) => (r.statusCode === 200 ? [families[i]!.name] : []));
    expect(won).toEqual(['Racer 01']);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const em = t.orm.em.fork();
    expect(await em.count(PickChoice, { puppy: puppyIds[0]! })).toBe(1);

    // The match the rest of the site reads: the puppy is the family's, the application matched, payment terms ready.
    const puppy = await em.findOneOrFail(Puppy, puppyIds[0]!);
    expect(puppy.status).toBe('reserved');
    expect(puppy.family?.id).toBe(families[0]!.user.id);
    const app = await em.findOneOrFail(Application, families[0]!.applicationId);
    expect(app).toMatchObject({ status: 'matched', waitlistPosition: null });
    expect(app.puppy?.id).toBe(puppyIds[0]);
    expect((await em.findOneOrFail(PaymentAccount, { family: families[0]!.user.id })).priceCents).toBe(300_000);
    const portal = await t.caller(families[0]!.user).portal.puppies();
    expect(portal.map((p) => p.name)).toEqual(['Birch One']);

    // A double tap, a second device and a replay of the winning request: one outcome, the same answer each time.
    const again = await Promise.all(Array.from({ length: 5 }, () => choose(families[0]!, litterId, puppyIds[0]!)));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(again.map((r) => r.body)).size).toBe(1);
    expect((await choose(families[0]!, litterId, puppyIds[1]!)).statusCode).toBe(409);

    // The next family taps twice on two devices: one choice, the same answer; the last puppy is placed and the round ends.
    const second = await Promise.all([choose(families[1]!, litterId, puppyIds[1]!), choose(families[1]!, litterId, puppyIds[1]!)]);
    expect(second.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await em.fork().count(PickChoice, { round: { litter: litterId } })).toBe(2);
    const done = await admin().board({ litterId });
    expect(done.status).toBe('done');
    // Everyone in the order gets the results (their own, never another family's choice).
    const results = await em.fork().find(OutboxMessage, { subject: 'Pick day results: the Birch litter' } as never);
    expect(results).toHaveLength(20);
    const third = await mine(families[2]!, litterId);
    expect(third).toMatchObject({ status: 'done', state: 'none-left', chosen: null, puppiesRemaining: 0 });
    expect(JSON.stringify(third)).not.toContain('Racer 01');
  });

  it('answers 401 signed out, 404 for a litter the family is not in, 409 when it is not its turn or the puppy is taken', async () => {
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Cedar', [
      { name: 'Cedar One', gender: 'female' },
      { name: 'Cedar Two', gender: 'female' },
    ]);
    const [first, second] = await makeFamilies(t.orm, [
      { name: 'Cedar First', depositOn: '2026-03-01' },
      { name: 'Cedar Second', depositOn: '2026-03-02' },
    ]);
    const [outsider] = await makeFamilies(t.orm, [{ name: 'Not Yet', depositOn: '2026-03-03' }]);
    await announce(litterId);
    await everyoneSays([first!, second!], litterId);
    await admin().open({ litterId });
    expect((await t.app.inject({ method: 'GET', url: '/api/picks/mine' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/picks/${litterId}/choose`, headers: json, payload: { puppyId: 1 } })).statusCode,
    ).toBe(401);
    // Asked, but never answered yes: not in the order.
    expect((await choose(outsider!, litterId, puppyIds[0]!)).statusCode).toBe(404);
    expect((await passTurn(outsider!, litterId)).statusCode).toBe(404);
    expect((await choose(outsider!, 999_999, puppyIds[0]!)).statusCode).toBe(404);
    // Joined the waitlist after the litter was announced: not asked, so the litter is not among its own.
    const [stranger] = await makeFamilies(t.orm, [{ name: 'Stranger Family', depositOn: '2026-03-04' }]);
    expect((await choose(stranger!, litterId, puppyIds[0]!)).statusCode).toBe(404);
    const strangers = await t.app.inject({ method: 'GET', url: '/api/picks/mine', headers: { cookie: stranger!.cookie } });
    expect(strangers.json()).toEqual([]);
    const early = await choose(second!, litterId, puppyIds[0]!);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'It is not your turn to choose yet.' });
    expect((await choose(first!, litterId, 0)).statusCode).toBe(400);
    expect((await choose(first!, litterId, puppyIds[0]!)).statusCode).toBe(200);
    const taken = await choose(second!, litterId, puppyIds[0]!);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'That puppy has just been chosen.' });
  });

  it('a family that passes keeps its waitlist place, and the turn moves on', async () => {
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Dogwood', [{ name: 'Dogwood One', gender: 'male' }]);
    const [p, q] = await makeFamilies(t.orm, [
      { name: 'Passing Family', depositOn: '2026-04-01' },
      { name: 'Choosing Family', depositOn: '2026-04-02' },
    ]);
    const before = await t.orm.em.fork().findOneOrFail(Application, p!.applicationId);
    await announce(litterId);
    await everyoneSays([p!, q!], litterId);
    await admin().open({ litterId });
    const passes = await Promise.all([passTurn(p!, litterId), passTurn(p!, litterId)]);
    expect(passes.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = await t.orm.em.fork().findOneOrFail(Application, p!.applicationId);
    expect(after).toMatchObject({ status: 'waitlisted', waitlistPosition: before.waitlistPosition });
    expect(await mine(q!, litterId)).toMatchObject({ myTurn: true });
    expect((await choose(q!, litterId, puppyIds[0]!)).statusCode).toBe(200);
    expect((await mine(p!, litterId)).notices.at(-1)?.text).toContain('You keep your place on the waitlist');
  });

  it('the window’s expiry job moves the turn on once, only after the deadline, and the breeder can reinstate the family', async () => {
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Elm', [
      { name: 'Elm One', gender: 'female' },
      { name: 'Elm Two', gender: 'female' },
    ]);
    const [late, next] = await makeFamilies(t.orm, [
      { name: 'Slow Family', depositOn: '2026-05-01' },
      { name: 'Quick Family', depositOn: '2026-05-02' },
    ]);
    await announce(litterId, { windowMinutes: 60 });
    await everyoneSays([late!, next!], litterId);
    await admin().open({ litterId });
    const em = t.orm.em.fork();
    const round = await em.findOneOrFail(PickRound, { litter: litterId });
    const input = { roundId: round.id, turnSeq: round.turnSeq };
    // Early (a clock that has not reached the deadline): nothing happens.
    expect((await expireTurn(t.orm.em.fork(), t.app.services, input, () => new Date(round.deadline!.getTime() - 1000))).expired).toBe(
      false,
    );
    const at = () => new Date(round.deadline!.getTime() + 1000);
    const first = await expireTurn(t.orm.em.fork(), t.app.services, input, at);
    await runAfter(t.orm.em.fork(), t.app.services, first.after);
    expect(first.expired).toBe(true);
    // Run again (a retry, another instance): the turn it was sent for is over.
    expect((await expireTurn(t.orm.em.fork(), t.app.services, input, at)).expired).toBe(false);
    expect(await mine(next!, litterId)).toMatchObject({ myTurn: true });
    const slow = await mine(late!, litterId);
    expect(slow).toMatchObject({ myTurn: false, state: 'waiting', place: 2 });
    expect(slow.notices.at(-1)?.text).toBe('Your time to choose ran out. You have moved to the end of the order.');
    // A choice after the window closed is refused.
    expect((await choose(late!, litterId, puppyIds[0]!)).statusCode).toBe(409);

    // The breeder skips Quick (by phone), then reinstates it: it chooses next.
    const skipped = await admin().skip({ litterId });
    const quickEntry = skipped.entries.find((x) => x.name === 'Quick Family')!;
    expect(quickEntry.state).toBe('skipped');
    expect(skipped.currentEntryId).toBe(skipped.entries.find((x) => x.name === 'Slow Family')!.id);
    await admin().reinstate({ litterId, entryId: quickEntry.id });
    expect((await choose(late!, litterId, puppyIds[0]!)).statusCode).toBe(200);
    expect(await mine(next!, litterId)).toMatchObject({ myTurn: true });
  });

  it('through the job runner: a window that runs out is ended by its queued job, and pause and extend move the deadline', async () => {
    const { litterId } = await makeLitter(t.orm, 'Fir', [{ name: 'Fir One', gender: 'female' }]);
    const [f1, f2] = await makeFamilies(t.orm, [
      { name: 'Fir First', depositOn: '2026-06-01' },
      { name: 'Fir Second', depositOn: '2026-06-02' },
    ]);
    await announce(litterId, { windowMinutes: 30 });
    await everyoneSays([f1!, f2!], litterId);
    const opened = await admin().open({ litterId });
    const deadline = new Date(opened.deadline!).getTime();
    const extended = await admin().extend({ litterId, minutes: 15 });
    expect(new Date(extended.deadline!).getTime()).toBe(deadline + 15 * 60_000);
    const paused = await admin().pause({ litterId });
    expect(paused).toMatchObject({ status: 'paused', deadline: null });
    expect(paused.pausedRemainingMs!).toBeGreaterThan(44 * 60_000);
    expect((await mine(f1!, litterId)).deadline).toBeNull();
    await admin().resume({ litterId });

    // The window's end arrives (the deadline set to a moment ago), and its job is queued to start a second from now.
    const em = t.orm.em.fork();
    const round = await em.findOneOrFail(PickRound, { litter: litterId });
    round.deadline = new Date(Date.now() - 1000);
    round.turnSeq += 1;
    await em.flush();
    const runner = createJobRunner(t.orm, t.app.services, picksJobs, { info() {}, warn() {}, error() {} });
    try {
      expect(
        await t.app.services.jobs.send(
          pickWindowJob,
          { roundId: round.id, turnSeq: round.turnSeq },
          { startAfter: new Date(Date.now() + 1000) },
        ),
      ).toBeTruthy();
      // The same turn again: its once-only key queues nothing more.
      expect(await t.app.services.jobs.send(pickWindowJob, { roundId: round.id, turnSeq: round.turnSeq })).toBeNull();
      await runner.start();
      const until = Date.now() + 30_000;
      let moved = false;
      while (!moved && Date.now() < until) {
        moved = (await mine(f2!, litterId)).myTurn;
        if (!moved) await new Promise((r) => setTimeout(r, 200));
      }
      expect(moved).toBe(true);
      expect((await t.orm.em.fork().findOneOrFail(PickEntry, { round: round.id, family: f1!.user.id })).missed).toBe(1);
    } finally {
      await runner.stop(2000);
    }
  });

  it('matching mode: the breeder proposes, the family accepts or declines; a move with a reason is read by each family it moves', async () => {
    const { litterId, puppyIds } = await makeLitter(t.orm, 'Hazel', [
      { name: 'Hazel One', gender: 'female' },
      { name: 'Hazel Two', gender: 'male' },
    ]);
    const [h1, h2, h3] = await makeFamilies(t.orm, [
      { name: 'Hazel First', depositOn: '2026-08-01' },
      { name: 'Hazel Second', depositOn: '2026-08-02' },
      { name: 'Hazel Third', depositOn: '2026-08-03' },
    ]);
    await announce(litterId, { mode: 'match' });
    await everyoneSays([h1!, h2!, h3!], litterId);
    const opened = await admin().open({ litterId });
    const third = opened.entries.find((e) => e.name === 'Hazel Third')!;
    const moved = await admin().reorder({
      litterId,
      entryId: third.id,
      position: 2,
      reason: 'Their deposit was recorded late by mistake.',
    });
    expect(moved.entries.filter((e) => e.position > 0).map((e) => e.name)).toEqual(['Hazel First', 'Hazel Third', 'Hazel Second']);
    for (const f of [h2!, h3!])
      expect((await mine(f, litterId)).notices.at(-1)?.text).toContain('Their deposit was recorded late by mistake.');
    expect((await mine(h1!, litterId)).notices).toEqual([]);

    // In matching mode a family cannot take another puppy than the one proposed.
    expect((await choose(h1!, litterId, puppyIds[0]!)).statusCode).toBe(409);
    await admin().propose({ litterId, entryId: opened.currentEntryId!, puppyId: puppyIds[0]! });
    expect((await mine(h1!, litterId)).proposal).toEqual({ puppyId: puppyIds[0], name: 'Hazel One' });
    await t.caller(h1!.user).picks.respond({ litterId, accept: true });
    expect((await mine(h1!, litterId)).chosen?.name).toBe('Hazel One');
    expect(await mine(h3!, litterId)).toMatchObject({ myTurn: true, proposal: null });
    await admin().propose({ litterId, entryId: third.id, puppyId: puppyIds[1]! });
    await t.caller(h3!.user).picks.respond({ litterId, accept: false });
    expect((await mine(h3!, litterId)).state).toBe('passed');
    expect(await mine(h2!, litterId)).toMatchObject({ myTurn: true });
  });

  it('a restart in the middle of a window keeps the deadline (the app closed and built again on the same database)', async () => {
    const { litterId } = await makeLitter(t.orm, 'Gum', [{ name: 'Gum One', gender: 'male' }]);
    const [g] = await makeFamilies(t.orm, [{ name: 'Gum Family', depositOn: '2026-07-01' }]);
    await announce(litterId, { windowMinutes: 48 * 60 });
    await everyoneSays([g!], litterId);
    await admin().open({ litterId });
    const before = await mine(g!, litterId);
    expect(before.myTurn).toBe(true);

    const second = await buildApp({ orm: t.orm, env: t.env, closeOrm: false, logger: false });
    await second.ready();
    await t.app.close();
    t.app = second;
    const after = await mine(g!, litterId);
    expect(after.deadline).toBe(before.deadline);
    expect(after.myTurn).toBe(true);
    // The window's job is still queued, to start at the deadline.
    const [job] = await t.orm.em
      .fork()
      .execute<Array<{ start_after: Date }>>(
        `select start_after from pgboss.job where name = 'picks.window' and state = 'created' and data->>'roundId' = ?`,
        [String((await t.orm.em.fork().findOneOrFail(PickRound, { litter: litterId })).id)],
      );
    expect(new Date(job!.start_after).toISOString()).toBe(before.deadline);
  });
});
