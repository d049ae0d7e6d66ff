// Applications end to end through the real app: submit over REST and tRPC (once per key, never an
// inquiry), field messages, drafts, every status change and the refused ones, the waitlist under
// concurrent reordering, matching a puppy, anonymising a deleted account, and the breeder's list
// (status filter, search, private notes, new count).
import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Inquiry } from '../../inquiries/server/inquiry.entity.ts';
import { Application, ApplicationEvent } from './application.entity.ts';
import { anonymiseApplicationsOf } from './applications.service.ts';
import { ANSWERS } from './applications.test-fixtures.ts';

let keyNo = 0;
const key = () => `key-${Date.now()}-${++keyNo}`;
const codeOf = async (p: Promise<unknown>) =>
  (
    (await p.then(
      () => null,
      (e: unknown) => e,
    )) as TRPCError | null
  )?.code;

describe('applications', () => {
  const t = useTestApp();
  let ip = 0;
  const post = (payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applications',
      remoteAddress: `10.1.0.${++ip}`,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });
  const family = async () => signIn(t.orm, { isAdmin: false });
  const admin: SessionUser = { id: 0, username: 'breeder', isAdmin: true };
  const asAdmin = () => t.caller(admin);
  const withAdmin = async () => {
    const a = await signIn(t.orm, { isAdmin: true, username: 'breeder' });
    admin.id = a.user.id;
  };
  const makeLitter = async (name: string) => {
    const em = t.orm.em.fork();
    const litter = em.create(Litter, {
      name,
      motherName: 'Rosie',
      fatherName: 'Teddy',
      expectedDate: '2027-03-01',
      birthDate: null,
      active: true,
      description: '',
      imageUrl: null,
      puppyCount: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    return litter.id;
  };
  /** A family with an application the breeder approved. */
  const approvedFamily = async (name: string) => {
    const f = await family();
    const { id } = await t.caller(f.user, `10.2.0.${++ip}`).applications.submit({ ...ANSWERS, name, idempotencyKey: key() });
    await asAdmin().admin.applications.changeStatus({ id, status: 'approved' });
    return { ...f, id };
  };

  it('REST: a signed-in family submits (201 { id, status }), a visitor gets 401, bad answers get 400 with field messages', async () => {
    await withAdmin();
    expect((await post({ ...ANSWERS, idempotencyKey: key() })).statusCode).toBe(401);

    const f = await family();
    const ok = await post({ ...ANSWERS, idempotencyKey: key() }, f.cookie);
    expect(ok.statusCode).toBe(201);
    const body = ok.json();
    expect(body).toEqual({ id: expect.any(Number), status: 'submitted' });
    const stored = await t.orm.em.fork().findOneOrFail(Application, { id: body.id });
    expect(stored).toMatchObject({
      name: 'Jamie Rivera',
      yard: 'yes',
      fence: 'full',
      color: 'apricot',
      allergyDetails: null,
      status: 'submitted',
      // The two optional questions pick day's fit reads, unanswered.
      children: null,
      activity: null,
    });
    // Answered, they are stored and the breeder reads them.
    const answered = await post({ ...ANSWERS, idempotencyKey: key(), children: 'under6', activity: 'active' }, f.cookie);
    expect(answered.statusCode).toBe(201);
    expect((await asAdmin().admin.applications.byId({ id: answered.json().id })).answers).toMatchObject({
      children: 'under6',
      activity: 'active',
    });

    const bad = await post(
      {
        ...ANSWERS,
        idempotencyKey: key(),
        household: 'H'.repeat(501),
        size: 'giant',
        experienceDetails: undefined,
        yard: 'no',
        fence: 'full',
        allergyDetails: 'Mild, to dander',
        children: 'babies',
      },
      f.cookie,
    );
    expect(bad.statusCode).toBe(400);
    const { fieldErrors } = bad.json() as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.household).toEqual(['Please keep this under 500 characters.']);
    expect(fieldErrors.size).toEqual(['Please choose one.']);
    expect(fieldErrors.children).toEqual(['Please choose one.']);
    expect(fieldErrors.experienceDetails).toEqual(['Please tell us a little more (at least 10 characters).']);
    expect(fieldErrors.fence).toEqual(['Only answer this when you have a yard.']);
    expect(fieldErrors.allergyDetails).toEqual(['Only answer this when someone has dog allergies.']);

    const missingCondition = await post({ ...ANSWERS, idempotencyKey: key(), fence: '', allergies: 'yes' }, f.cookie);
    expect(missingCondition.statusCode).toBe(400);
    expect(missingCondition.json().fieldErrors).toMatchObject({
      fence: ['Please tell us whether your yard is fenced.'],
      allergyDetails: ['Please tell us about the allergy (at least 5 characters).'],
    });
    const unknownLitter = await post({ ...ANSWERS, idempotencyKey: key(), litterId: 99999 }, f.cookie);
    expect(unknownLitter.statusCode).toBe(400);
    expect(unknownLitter.json().fieldErrors.litterId).toEqual(['That litter is not taking applications.']);
    expect(await t.orm.em.fork().count(Application, { user: f.user.id })).toBe(2);
  });

  it('a double submit and a retry with the same key make one application', async () => {
    const f = await family();
    const k = key();
    const [a, b] = await Promise.all([
      post({ ...ANSWERS, idempotencyKey: k }, f.cookie),
      post({ ...ANSWERS, idempotencyKey: k }, f.cookie),
    ]);
    const retry = await post({ ...ANSWERS, idempotencyKey: k }, f.cookie);
    expect([a.statusCode, b.statusCode, retry.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().id, b.json().id, retry.json().id]).size).toBe(1);
    expect(await t.orm.em.fork().count(Application, { user: f.user.id })).toBe(1);
  });

  it('GET /api/applications/mine: the family sees its own applications with the timeline; a visitor gets 401', async () => {
    const f = await family();
    const litterId = await makeLitter('Spring Litter');
    const { id } = (await post({ ...ANSWERS, idempotencyKey: key(), litterId }, f.cookie)).json();
    await asAdmin().admin.applications.changeStatus({ id, status: 'in_review' });
    await asAdmin().admin.applications.changeStatus({ id, status: 'approved', message: 'Welcome! We loved reading about your family.' });
    await asAdmin().admin.applications.changeStatus({ id, status: 'waitlisted', litterId });
    const res = await t.app.inject({ method: 'GET', url: '/api/applications/mine', headers: { cookie: f.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const [mine] = res.json();
    expect(mine).toMatchObject({
      id,
      status: 'waitlisted',
      litterName: 'Spring Litter',
      waitlist: { position: 1, litterName: 'Spring Litter' },
      puppyName: null,
    });
    expect(mine.timeline.map((e: { status: string }) => e.status)).toEqual(['submitted', 'in_review', 'approved', 'waitlisted']);
    expect(mine.timeline[2]).toMatchObject({ by: 'breeder', message: 'Welcome! We loved reading about your family.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/applications/mine' })).statusCode).toBe(401);
  });

  it('refuses changes the statuses do not allow, with a clear 409', async () => {
    const f = await family();
    const { id } = await t.caller(f.user, `10.2.0.${++ip}`).applications.submit({ ...ANSWERS, idempotencyKey: key() });
    const waitlistEarly = asAdmin().admin.applications.changeStatus({ id, status: 'waitlisted' });
    await expect(waitlistEarly).rejects.toThrow('An application that is submitted cannot become on the waitlist.');
    await asAdmin().admin.applications.changeStatus({ id, status: 'declined', message: 'Not a fit for an apartment puppy right now.' });
    expect(await codeOf(asAdmin().admin.applications.changeStatus({ id, status: 'waitlisted' }))).toBe('CONFLICT');
    expect(await codeOf(asAdmin().admin.applications.changeStatus({ id, status: 'approved' }))).toBe('CONFLICT');
    expect(await codeOf(t.caller(f.user).applications.withdraw({ id }))).toBe('CONFLICT');
    expect(await codeOf(asAdmin().admin.applications.changeStatus({ id, status: 'matched' as never }))).toBe('BAD_REQUEST');
    const detail = await asAdmin().admin.applications.byId({ id });
    expect(detail.status).toBe('declined');
    expect(detail.timeline.map((e) => e.status)).toEqual(['submitted', 'declined']);
    expect(detail.timeline[1]).toMatchObject({
      by: 'breeder',
      actorName: 'breeder',
      message: 'Not a fit for an apartment puppy right now.',
    });
  });

  it('a family withdraws its own application and leaves the waitlist without a gap', async () => {
    const [a, b, c] = [await approvedFamily('Family A'), await approvedFamily('Family B'), await approvedFamily('Family C')];
    for (const x of [a, b, c]) await asAdmin().admin.applications.changeStatus({ id: x.id, status: 'waitlisted', litterId: null });
    await t.caller(b.user).applications.withdraw({ id: b.id, message: 'We found a puppy closer to home.' });
    const list = await asAdmin().admin.applications.waitlist({ litterId: null });
    expect(list.map((e) => [e.name, e.position])).toEqual([
      ['Family A', 1],
      ['Family C', 2],
    ]);
    const mine = await t.caller(b.user).applications.mine();
    expect(mine[0]).toMatchObject({ status: 'withdrawn', waitlist: null });
    expect(mine[0]!.timeline.at(-1)).toMatchObject({ status: 'withdrawn', by: 'family', message: 'We found a puppy closer to home.' });
    // Cleanup for later tests that read the general list.
    for (const x of [a, c]) await asAdmin().admin.applications.changeStatus({ id: x.id, status: 'declined' });
    expect(await asAdmin().admin.applications.waitlist({ litterId: null })).toEqual([]);
  });

  it('keeps places 1..n with no duplicates when two admins reorder the same list at once', async () => {
    const litterId = await makeLitter('Reorder Litter');
    const fams = [];
    for (const n of ['P1', 'P2', 'P3', 'P4', 'P5']) {
      const f = await approvedFamily(n);
      await asAdmin().admin.applications.changeStatus({ id: f.id, status: 'waitlisted', litterId });
      fams.push(f);
    }
    const [p1, p2, , p4, p5] = fams;
    // Two dashboards, two request-scoped entity managers, both moving families to the top at the same moment.
    await Promise.all([
      asAdmin().admin.applications.reorder({ id: p5!.id, position: 1 }),
      asAdmin().admin.applications.reorder({ id: p4!.id, position: 1 }),
      asAdmin().admin.applications.reorder({ id: p1!.id, position: 5 }),
      asAdmin().admin.applications.reorder({ id: p2!.id, position: 2 }),
    ]);
    const list = await asAdmin().admin.applications.waitlist({ litterId });
    expect(list.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(list.map((e) => e.id)).size).toBe(5);
    const rows = await t.orm.em
      .fork()
      .getConnection()
      .execute<{ position: number }[]>('select waitlist_position as position from applications where waitlist_litter_id = ? order by 1', [
        litterId,
      ]);
    expect(rows.map((r) => Number(r.position))).toEqual([1, 2, 3, 4, 5]);
    // Sequential moves are exact.
    await asAdmin().admin.applications.reorder({ id: p1!.id, position: 1 });
    await asAdmin().admin.applications.reorder({ id: p2!.id, position: 99 });
    const after = await asAdmin().admin.applications.waitlist({ litterId });
    expect(after[0]!.name).toBe('P1');
    expect(after.at(-1)!.name).toBe('P2');
    // Moving to another list appends there and closes the gap here.
    const other = await makeLitter('Other Litter');
    await asAdmin().admin.applications.moveToList({ id: p1!.id, litterId: other });
    expect((await asAdmin().admin.applications.waitlist({ litterId })).map((e) => e.position)).toEqual([1, 2, 3, 4]);
    expect((await asAdmin().admin.applications.waitlist({ litterId: other })).map((e) => [e.name, e.position])).toEqual([['P1', 1]]);
    expect(await codeOf(asAdmin().admin.applications.reorder({ id: p1!.id, position: 0 }))).toBe('BAD_REQUEST');
  });

  it('records a deposit (and a refund), and matching reserves the puppy for the family without the public seeing who', async () => {
    const litterId = await makeLitter('Match Litter');
    const f = await approvedFamily('Parker Family');
    await asAdmin().admin.applications.changeStatus({ id: f.id, status: 'waitlisted', litterId });
    const badDeposit = await asAdmin()
      .admin.applications.setDeposit({
        id: f.id,
        amount: 500,
        receivedOn: '2026-02-30',
        method: 'zelle',
        refundedOn: '2026-03-01',
      } as never)
      .catch((e: unknown) => e);
    expect((badDeposit as TRPCError).code).toBe('BAD_REQUEST');
    const withDeposit = await asAdmin().admin.applications.setDeposit({
      id: f.id,
      amount: 500,
      receivedOn: '2026-11-20',
      method: 'zelle',
      notes: 'Memo: Parker deposit',
    });
    expect(withDeposit.deposit).toEqual({
      amount: 500,
      receivedOn: '2026-11-20',
      method: 'zelle',
      nonRefundable: true,
      notes: 'Memo: Parker deposit',
      refundedOn: null,
      refundAmount: null,
      fromLedger: false,
    });
    const refunded = await asAdmin().admin.applications.setDeposit({
      id: f.id,
      amount: 500,
      receivedOn: '2026-11-20',
      method: 'zelle',
      refundedOn: '2026-11-24',
      refundAmount: 500,
    });
    expect(refunded.deposit).toMatchObject({ refundedOn: '2026-11-24', refundAmount: 500 });

    const em = t.orm.em.fork();
    const puppy = em.create(Puppy, {
      name: 'Biscuit',
      gender: 'male',
      color: 'Apricot',
      status: 'available',
      litter: litterId,
      visible: true,
      description: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    const sold = em.create(Puppy, {
      name: 'Maple',
      gender: 'female',
      color: 'Red',
      status: 'sold',
      visible: true,
      description: '',
      createdAt: new Date(),
      updatedAt: new Date(),
    } as never);
    await em.flush();
    expect(await codeOf(asAdmin().admin.applications.match({ id: f.id, puppyId: sold.id }))).toBe('CONFLICT');
    const matched = await asAdmin().admin.applications.match({ id: f.id, puppyId: puppy.id, message: 'Biscuit is yours!' });
    expect(matched).toMatchObject({ status: 'matched', puppy: { id: puppy.id, name: 'Biscuit' }, waitlist: null });
    const stored = await t.orm.em.fork().findOneOrFail(Puppy, { id: puppy.id });
    expect(stored.status).toBe('reserved');
    expect(typeof stored.family === 'object' ? stored.family?.id : stored.family).toBe(f.user.id);
    const publicRes = await t.app.inject({ method: 'GET', url: '/api/puppies/featured' });
    const shown = (publicRes.json() as { id: number; status: string }[]).find((p) => p.id === puppy.id);
    expect(shown?.status).toBe('reserved');
    expect(publicRes.body).not.toContain('Parker');
    expect(publicRes.body).not.toContain(f.user.username);
    expect(JSON.stringify(shown)).not.toMatch(/family/i);
    const [mine] = await t.caller(f.user).applications.mine();
    expect(mine).toMatchObject({ status: 'matched', puppyName: 'Biscuit' });
    // The family sees the deposit the breeder recorded (issue 29), without the breeder's memo.
    expect(mine!.deposit).toEqual({
      amount: 500,
      receivedOn: '2026-11-20',
      nonRefundable: true,
      refundedOn: '2026-11-24',
      refundAmount: 500,
    });
    // The puppy cannot be matched twice.
    const g = await approvedFamily('Second Family');
    await asAdmin().admin.applications.changeStatus({ id: g.id, status: 'waitlisted', litterId });
    expect(await codeOf(asAdmin().admin.applications.match({ id: g.id, puppyId: puppy.id }))).toBe('CONFLICT');
  });

  it('saves a signed-in family’s draft on the server and restores it in another session; submitting clears it', async () => {
    const f = await family();
    expect(await t.caller(f.user).applications.draft()).toEqual({ values: null, updatedAt: null });
    await t.caller(f.user).applications.saveDraft({ values: { name: 'Half Way', household: 'Two of us', yard: 'yes' } });
    const restored = await t.app.inject({
      method: 'GET',
      url: '/trpc/applications.draft',
      headers: { cookie: (await signIn(t.orm, { isAdmin: false, username: f.user.username })).cookie },
    });
    expect(restored.json().result.data.values).toEqual({ name: 'Half Way', household: 'Two of us', yard: 'yes' });
    expect(await codeOf(t.caller(f.user).applications.saveDraft({ values: { household: 'x'.repeat(1001) } }))).toBe('BAD_REQUEST');
    expect(await codeOf(t.caller(f.user).applications.saveDraft({ values: { isAdmin: 'true' } as never }))).toBe('BAD_REQUEST');
    await t.caller(f.user, `10.2.0.${++ip}`).applications.submit({ ...ANSWERS, idempotencyKey: key() });
    expect((await t.caller(f.user).applications.draft()).values).toBeNull();
  });

  it('anonymises a deleted account’s applications: answers gone, off the waitlist, timeline kept', async () => {
    const f = await approvedFamily('Soon Gone');
    await asAdmin().admin.applications.changeStatus({ id: f.id, status: 'waitlisted', litterId: null });
    const result = await anonymiseApplicationsOf(t.orm.em.fork(), f.user.id);
    expect(result).toEqual({ anonymised: 1 });
    const app = await t.orm.em.fork().findOneOrFail(Application, { id: f.id });
    expect(app).toMatchObject({
      name: 'Deleted family',
      email: '',
      household: '',
      experienceDetails: '',
      status: 'withdrawn',
      waitlistPosition: null,
      user: null,
    });
    expect(app.anonymisedAt).toBeInstanceOf(Date);
    const events = await t.orm.em.fork().find(ApplicationEvent, { application: f.id }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => e.status)).toEqual(['submitted', 'approved', 'waitlisted', 'withdrawn']);
    expect(await t.caller(f.user).applications.mine()).toEqual([]);
  });

  it('submitting the questionnaire (REST or tRPC) creates an application and no inquiry', async () => {
    await withAdmin();
    const inquiries = async () => ({
      rows: await t.orm.em.fork().count(Inquiry, {}),
      listed: (await asAdmin().admin.inquiries.list({})).total,
      unread: (await asAdmin().admin.inquiries.unreadCount()).unread,
    });
    const before = await inquiries();
    const f = await family();
    const rest = await post(
      { ...ANSWERS, name: 'No Inquiry Rest', idempotencyKey: key(), notes: 'We would love a puppy in spring.' },
      f.cookie,
    );
    expect(rest.statusCode).toBe(201);
    const trpc = await t
      .caller(f.user, `10.2.0.${++ip}`)
      .applications.submit({ ...ANSWERS, name: 'No Inquiry tRPC', idempotencyKey: key() });
    expect(trpc.status).toBe('submitted');
    expect(await t.orm.em.fork().count(Application, { user: f.user.id })).toBe(2);
    expect(await inquiries()).toEqual(before);
  });

  it('allows in review → declined and approved → declined, recorded on the timeline with the (trimmed or absent) message', async () => {
    await withAdmin();
    const f = await family();
    const caller = t.caller(f.user, `10.2.0.${++ip}`);
    const reviewed = await caller.applications.submit({ ...ANSWERS, name: 'Reviewed Then Declined', idempotencyKey: key() });
    await asAdmin().admin.applications.changeStatus({ id: reviewed.id, status: 'in_review' });
    const declined = await asAdmin().admin.applications.changeStatus({
      id: reviewed.id,
      status: 'declined',
      message: '  We need a fenced yard for this litter.  ',
    });
    expect(declined.status).toBe('declined');
    expect(declined.timeline.map((e) => [e.status, e.by, e.message])).toEqual([
      ['submitted', 'family', null],
      ['in_review', 'breeder', null],
      ['declined', 'breeder', 'We need a fenced yard for this litter.'],
    ]);
    expect(declined.timeline[2]).toMatchObject({ actorName: 'breeder' });

    const approved = await caller.applications.submit({ ...ANSWERS, name: 'Approved Then Declined', idempotencyKey: key() });
    await asAdmin().admin.applications.changeStatus({ id: approved.id, status: 'approved', message: 'Welcome aboard.' });
    // A message over 2,000 characters is refused and changes nothing.
    expect(
      await codeOf(asAdmin().admin.applications.changeStatus({ id: approved.id, status: 'declined', message: 'x'.repeat(2001) })),
    ).toBe('BAD_REQUEST');
    expect((await asAdmin().admin.applications.byId({ id: approved.id })).status).toBe('approved');
    const declinedAfterApproval = await asAdmin().admin.applications.changeStatus({ id: approved.id, status: 'declined' });
    expect(declinedAfterApproval.timeline.map((e) => [e.status, e.message])).toEqual([
      ['submitted', null],
      ['approved', 'Welcome aboard.'],
      ['declined', null],
    ]);
    expect(await codeOf(asAdmin().admin.applications.changeStatus({ id: approved.id, status: 'approved' }))).toBe('CONFLICT');

    // The family reads the same timeline, messages included.
    const mine = await t.caller(f.user).applications.mine();
    const byId = new Map(mine.map((m) => [m.id, m]));
    expect(byId.get(reviewed.id)).toMatchObject({ status: 'declined' });
    expect(byId.get(reviewed.id)!.timeline.at(-1)).toMatchObject({
      status: 'declined',
      by: 'breeder',
      message: 'We need a fenced yard for this litter.',
    });
    expect(byId.get(approved.id)!.timeline.map((e) => e.status)).toEqual(['submitted', 'approved', 'declined']);
    const events = await t.orm.em.fork().find(ApplicationEvent, { application: approved.id }, { orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.status, e.byRole])).toEqual([
      ['submitted', 'family'],
      ['approved', 'breeder'],
      ['declined', 'breeder'],
    ]);
  });

  it('the admin list filters by status and searches name, e-mail and location (case-insensitive, wildcards literal)', async () => {
    await withAdmin();
    const submitAs = async (answers: Partial<typeof ANSWERS>) => {
      const f = await family();
      return (await t.caller(f.user, `10.2.0.${++ip}`).applications.submit({ ...ANSWERS, ...answers, idempotencyKey: key() })).id;
    };
    const quill = await submitAs({ name: 'Zephyr Quillfeather', email: 'zq@example.org', location: 'Taos, NM' });
    const byEmail = await submitAs({ name: 'Morgan Lee', email: 'quillfeather.fan@example.org', location: 'Reno, NV' });
    const byPlace = await submitAs({ name: 'Sam Ortiz', email: 'sam@example.org', location: 'Quillfeather Springs, CO' });
    const percent = await submitAs({ name: 'Percent 100% Family', email: 'pct@example.org', location: 'Ely, NV' });
    await asAdmin().admin.applications.changeStatus({ id: byEmail, status: 'in_review' });
    await asAdmin().admin.applications.changeStatus({ id: byPlace, status: 'approved' });

    const ids = (page: { items: { id: number }[] }) => page.items.map((a) => a.id).sort((a, b) => a - b);
    const found = await asAdmin().admin.applications.list({ search: 'QUILLFEATHER' });
    expect(ids(found)).toEqual([quill, byEmail, byPlace]);
    expect(found.total).toBe(3);
    expect(ids(await asAdmin().admin.applications.list({ search: 'quillfeather', status: 'in_review' }))).toEqual([byEmail]);
    expect(ids(await asAdmin().admin.applications.list({ search: 'quillfeather', status: 'approved' }))).toEqual([byPlace]);
    expect(ids(await asAdmin().admin.applications.list({ search: 'quillfeather', status: 'declined' }))).toEqual([]);
    expect(ids(await asAdmin().admin.applications.list({ search: '100%' }))).toEqual([percent]);
    expect(ids(await asAdmin().admin.applications.list({ search: '%' }))).toEqual([percent]);
    expect((await asAdmin().admin.applications.list({ search: 'nobody-by-this-name' })).total).toBe(0);

    // A status alone: every row has it and the total is the database's count.
    for (const status of ['submitted', 'in_review', 'approved', 'declined'] as const) {
      const page = await asAdmin().admin.applications.list({ status });
      expect(page.items.every((a) => a.status === status)).toBe(true);
      expect(page.total).toBe(await t.orm.em.fork().count(Application, { status }));
    }
    const approvedPage = await asAdmin().admin.applications.list({ status: 'approved' });
    expect(approvedPage.items.map((a) => a.id)).toContain(byPlace);
    expect(approvedPage.items.map((a) => a.id)).not.toContain(quill);
    expect(await codeOf(asAdmin().admin.applications.list({ status: 'lost' as never }))).toBe('BAD_REQUEST');
  });

  it('private notes are stored and shown to the breeder, never to the family', async () => {
    await withAdmin();
    const f = await family();
    const { id } = await t
      .caller(f.user, `10.2.0.${++ip}`)
      .applications.submit({ ...ANSWERS, name: 'Noted Family', idempotencyKey: key() });
    const secret = 'Private: called their vet, sounded hesitant about crate training.';
    const saved = await asAdmin().admin.applications.setNotes({ id, notes: `  ${secret}  ` });
    expect(saved.notes).toBe(secret);
    expect((await t.orm.em.fork().findOneOrFail(Application, { id })).adminNotes).toBe(secret);
    expect((await asAdmin().admin.applications.byId({ id })).notes).toBe(secret);
    expect((await asAdmin().admin.applications.list({ search: 'Noted Family' })).items.map((a) => a.notes)).toEqual([secret]);
    await asAdmin().admin.applications.changeStatus({ id, status: 'approved', message: 'See you soon.' });

    const mine = await t.caller(f.user).applications.mine();
    expect(mine.map((m) => m.id)).toEqual([id]);
    expect(JSON.stringify(mine)).not.toContain('crate training');
    expect(mine[0]).not.toHaveProperty('notes');
    const rest = await t.app.inject({ method: 'GET', url: '/api/applications/mine', headers: { cookie: f.cookie } });
    expect(rest.statusCode).toBe(200);
    expect(rest.body).not.toContain('crate training');
    const viaTrpc = await t.app.inject({ method: 'GET', url: '/trpc/applications.mine', headers: { cookie: f.cookie } });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.body).not.toContain('crate training');
    // The family cannot read or write them through the breeder's procedures.
    expect(await codeOf(t.caller(f.user).admin.applications.byId({ id }))).toBe('FORBIDDEN');
    expect(await codeOf(t.caller(f.user).admin.applications.setNotes({ id, notes: 'Overwritten' }))).toBe('FORBIDDEN');
    expect((await asAdmin().admin.applications.byId({ id })).notes).toBe(secret);
    // Clearing them stores the empty string.
    expect((await asAdmin().admin.applications.setNotes({ id, notes: '' })).notes).toBe('');
  });

  it('the new-applications count counts only applications the breeder has not opened or acted on', async () => {
    await withAdmin();
    const count = async () => (await asAdmin().admin.applications.newCount()).unread;
    expect(await count()).toBe(await t.orm.em.fork().count(Application, { readAt: null, anonymisedAt: null }));
    const before = await count();
    const submitted: number[] = [];
    for (const name of ['New One', 'New Two', 'New Three', 'New Four']) {
      const f = await family();
      submitted.push((await t.caller(f.user, `10.2.0.${++ip}`).applications.submit({ ...ANSWERS, name, idempotencyKey: key() })).id);
    }
    const [one, two, three, four] = submitted as [number, number, number, number];
    expect(await count()).toBe(before + 4);
    // Reading it (byId), listing it and private notes do not mark it read; opening does, once.
    await asAdmin().admin.applications.byId({ id: one });
    await asAdmin().admin.applications.list({ search: 'New One' });
    await asAdmin().admin.applications.setNotes({ id: one, notes: 'Looks promising.' });
    expect(await count()).toBe(before + 4);
    const opened = await asAdmin().admin.applications.open({ id: one });
    expect(opened.readAt).toEqual(expect.any(String));
    expect(await count()).toBe(before + 3);
    expect((await asAdmin().admin.applications.open({ id: one })).readAt).toBe(opened.readAt);
    expect(await count()).toBe(before + 3);
    // A status change means the breeder read it.
    await asAdmin().admin.applications.changeStatus({ id: two, status: 'in_review' });
    expect(await count()).toBe(before + 2);
    // An anonymised (deleted) account's application is not new.
    const threeUser = (await t.orm.em.fork().findOneOrFail(Application, { id: three }, { populate: ['user'] })).user!.id;
    await anonymiseApplicationsOf(t.orm.em.fork(), threeUser);
    expect(await count()).toBe(before + 1);
    const page = await asAdmin().admin.applications.list({ search: 'New Four' });
    expect(page.items.map((a) => [a.id, a.readAt])).toEqual([[four, null]]);
  });
});
