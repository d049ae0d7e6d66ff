// Newsletter segments across features (read from their entities in newsletter-audiences.ts), delivered to a
// real SMTP server: the families on the waitlist (all lists or one litter's) and the subscribers who never
// applied; pending and unsubscribed addresses get nothing, and nobody gets two copies. And a sent newsletter
// published as a blog post, once (two same-titled ones at once get two addresses); failed copies dismissed;
// the families with a puppy of a litter; drafts started from a litter or a blog post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.ts';
import { appRouter } from '../../../server/router.ts';
import { testEnv, TEST_ORIGIN, type TestContext } from '../../../server/testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../../server/testing/test-db.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { Context, SessionUser } from '../../../lib/server/trpc.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../server/testing/smtp.ts';
import { subscribeConfirmed } from '../../../server/testing/subscribers.ts';
import { NEWSLETTER_MESSAGES, type Audience } from '../newsletters.schema.ts';
import { ANSWERS } from '../../../server/testing/applications.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';

const FROM = 'Aspen Meadow Doodles <hello@aspenmeadow.example>';
const BREEDER = 'breeder@aspenmeadow.example';
const PHOTO = '/uploads/3f2b9c1e-7d4a-4b8e-9f10-2a6c5d7e8f90.jpg';

describe('newsletter segments and the blog archive', () => {
  let db: TestDatabase;
  let smtp: TestSmtpServer;
  let app: FastifyInstance;
  let admin: SessionUser;
  let ip = 1;
  const litters: Record<'spring' | 'autumn' | 'empty', number> = { spring: 0, autumn: 0, empty: 0 };

  const caller = (user: SessionUser | null) =>
    appRouter.createCaller({
      em: db.orm.em.fork(),
      user,
      sessionId: null,
      services: app.services,
      req: { ip: `10.61.${Math.floor(ip / 200)}.${ip++ % 200}` },
    } satisfies Context);
  const as = () => caller(admin);
  const t = {
    get orm() {
      return db.orm;
    },
    caller: (user?: SessionUser | null) => caller(user ?? null),
  } as unknown as TestContext;
  const sql = <T = unknown>(q: string, params: unknown[] = []) => db.orm.em.fork().getConnection().execute<T[]>(q, params);

  /** Sends every queued message. */
  const drainAll = async () => {
    await app.services.afterAnswer.idle(); // a send queues its copies after answering
    for (let i = 0; i < 40; i++) {
      const [row] = await sql<{ n: string }>(`select count(*) as n from outbox_messages where status = 'queued'`);
      if (Number(row!.n) === 0) return;
      await sql(`update outbox_messages set next_attempt_at = now() where status = 'queued'`);
      await app.mailer.poll();
    }
    throw new Error('the outbox did not drain');
  };
  /** Who received a subject, one entry per copy, sorted. */
  const receivers = (subject: string) =>
    smtp.received
      .filter((m) => m.subject === subject)
      .flatMap((m) => m.to)
      .sort();

  /** Composes and sends a newsletter to an audience; returns it once every copy is delivered. */
  const sendTo = async (audience: Audience, subject: string) => {
    const n = await as().admin.newsletters.create({
      subject,
      preheader: 'News for you',
      body: `Hello!\n\n![Biscuit](${PHOTO})\n\n[Apply](/questionnaire)`,
      audience,
    });
    await as().admin.newsletters.send({ id: n.id });
    await drainAll();
    return as().admin.newsletters.byId({ id: n.id });
  };

  /** A family account (its own e-mail) with an application (the address it gave), moved to `status`. */
  const family = async (
    accountEmail: string | null,
    application: { email: string; name: string },
    status: 'submitted' | 'approved' | 'waitlisted' | 'declined',
    litterId: number | null = null,
  ) => {
    const { user } = await signIn(db.orm, { isAdmin: false });
    await sql(`update users set email = ? where id = ?`, [accountEmail, user.id]);
    return apply(user, application, status, litterId);
  };
  let key = 0;
  const apply = async (
    user: SessionUser,
    application: { email: string; name: string },
    status: 'submitted' | 'approved' | 'waitlisted' | 'declined',
    litterId: number | null = null,
  ) => {
    const { id } = await caller(user).applications.submit({ ...ANSWERS, ...application, idempotencyKey: `segments-key-${++key}` });
    if (status === 'submitted') return user;
    await as().admin.applications.changeStatus({ id, status: 'approved' });
    if (status === 'approved') return user;
    await as().admin.applications.changeStatus({ id, status: 'waitlisted', litterId });
    if (status === 'declined') await as().admin.applications.changeStatus({ id, status: 'declined' });
    return user;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await createTestDatabase();
    app = await buildApp({
      orm: db.orm,
      env: testEnv({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RATE_PER_MINUTE: '1000' }),
      closeOrm: false,
      logger: false,
    });
    await app.ready();
    await app.inject({ method: 'GET', url: '/api/settings' });
    await sql(`update site_settings set email = ?, breeder_name = 'Aspen Meadow Doodles', town = 'Monument, Colorado'`, [BREEDER]);
    admin = (await signIn(db.orm, { isAdmin: true, username: 'breeder' })).user;
    const em = db.orm.em.fork();
    for (const name of ['spring', 'autumn', 'empty'] as const) {
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
      litters[name] = litter.id;
    }

    // The waitlist: the Parkers twice (the spring litter's list and the general one), the Lees on the autumn
    // list, each reached at its account's verified address, never at the one typed into an application
    // (decision 108); a family with no verified address on the autumn list; the Kims on the general list but
    // unsubscribed from our mail.
    const parkers = await family(
      'parkers@example.com',
      { email: 'Parkers-Typed@Example.com', name: 'The Parkers' },
      'waitlisted',
      litters.spring,
    );
    await apply(parkers, { email: 'parkers-other@example.com', name: 'The Parkers' }, 'waitlisted', null);
    await family('lees@example.com', { email: 'lees-typed@example.com', name: 'The Lees' }, 'waitlisted', litters.autumn);
    await family(null, { email: 'unverified@example.com', name: 'Unverified family' }, 'waitlisted', litters.autumn);
    await family('kims@example.com', { email: 'kims@example.com', name: 'The Kims' }, 'waitlisted', null);
    // Applicants who are not on the waitlist: approved, declined after waiting, one known by its account's address only.
    await family(null, { email: 'approved@example.com', name: 'Approved family' }, 'approved');
    await family(null, { email: 'declined@example.com', name: 'Declined family' }, 'declined', litters.spring);
    await family('account-only@example.com', { email: 'other-address@example.com', name: 'Account family' }, 'submitted');

    // Subscribers: confirmed readers who never applied, applicants who also subscribed, a pending and an unsubscribed one.
    for (const email of [
      'reader@example.com',
      'Second.Reader@Example.com',
      'parkers@example.com',
      'approved@example.com',
      'account-only@example.com',
      'left@example.com',
      'kims@example.com',
    ]) {
      await subscribeConfirmed(t, email);
    }
    await caller(null).subscribers.subscribe({ email: 'pending@example.com' });
    await sql(`update subscribers set status = 'unsubscribed' where email in ('left@example.com', 'kims@example.com')`);
    await drainAll();
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await db?.close();
    await smtp?.close();
  });

  it('counts each segment as the compose screen shows it', async () => {
    const count = async (audience: Audience) => (await as().admin.newsletters.countAudience(audience)).recipients;
    expect(await count({ kind: 'all' })).toBe(5);
    expect(await count({ kind: 'waitlist' })).toBe(2);
    expect(await count({ kind: 'waitlist', litterId: litters.spring })).toBe(1);
    expect(await count({ kind: 'waitlist', litterId: litters.empty })).toBe(0);
    expect(await count({ kind: 'nonApplicants' })).toBe(2);
    await expect(
      caller({ id: 999, username: 'family', isAdmin: false }).admin.newsletters.countAudience({ kind: 'all' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('the waitlist: every waitlisted family once, not those who unsubscribed, left the list or only subscribed', async () => {
    const n = await sendTo({ kind: 'waitlist' }, 'Waitlist news');
    expect(receivers('Waitlist news')).toEqual(['lees@example.com', 'parkers@example.com']);
    expect(n).toMatchObject({ status: 'sent', audience: { kind: 'waitlist' }, counts: { recipients: 2, queued: 0, sent: 2, failed: 0 } });
    // Like every bulk copy: the one-click unsubscribe header and the photo at the site's own address.
    const [copy] = smtp.received.filter((m) => m.subject === 'Waitlist news');
    expect(copy!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(copy!.html).toContain(`src="${TEST_ORIGIN}${PHOTO}"`);
    expect(copy!.html).not.toMatch(/(src|href)="\/(?!\/)/);
  });

  it('one litter’s waitlist: only the families waiting for that litter', async () => {
    await sendTo({ kind: 'waitlist', litterId: litters.spring }, 'Spring waitlist news');
    expect(receivers('Spring waitlist news')).toEqual(['parkers@example.com']);
    await sendTo({ kind: 'waitlist', litterId: litters.autumn }, 'Autumn waitlist news');
    expect(receivers('Autumn waitlist news')).toEqual(['lees@example.com']);
    // A list nobody waits on: refused, and the newsletter stays a draft.
    const n = await as().admin.newsletters.create({
      subject: 'Nobody waits',
      body: 'Hi',
      audience: { kind: 'waitlist', litterId: litters.empty },
    });
    await expect(as().admin.newsletters.send({ id: n.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NEWSLETTER_MESSAGES.noRecipients,
    });
    expect((await as().admin.newsletters.byId({ id: n.id })).status).toBe('draft');
  });

  it('subscribers who are not applicants: confirmed readers only, matched by the application’s or the account’s address', async () => {
    const n = await sendTo({ kind: 'nonApplicants' }, 'Reader news');
    expect(receivers('Reader news')).toEqual(['reader@example.com', 'second.reader@example.com']);
    expect(n.counts).toEqual({ recipients: 2, queued: 0, sent: 2, failed: 0 });
    // Pending and unsubscribed addresses, addresses typed into applications and a family with no verified
    // address got none of the newsletters.
    const newsletters = new Set(['Waitlist news', 'Spring waitlist news', 'Autumn waitlist news', 'Reader news']);
    for (const email of [
      'pending@example.com',
      'left@example.com',
      'kims@example.com',
      'parkers-typed@example.com',
      'parkers-other@example.com',
      'lees-typed@example.com',
      'unverified@example.com',
    ]) {
      expect(smtp.received.filter((m) => m.to.includes(email) && newsletters.has(m.subject)).map((m) => m.subject)).toEqual([]);
    }
  });

  it('publishes a sent newsletter as a blog post once, with its subject, preview line and body', async () => {
    const draft = await as().admin.newsletters.create({ subject: 'Not sent yet', body: 'Soon.', audience: { kind: 'all' } });
    await expect(as().admin.newsletters.publishAsPost({ id: draft.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: NEWSLETTER_MESSAGES.notSent,
    });

    // A post already has the title's address: the archive takes the next free one.
    await as().admin.articles.create({ kind: 'blog', title: 'Puppy news for June', body: 'An older post.' });
    const sent = await sendTo({ kind: 'all' }, 'Puppy news for June');
    const published = await as().admin.newsletters.publishAsPost({ id: sent.id });
    expect(published.articleId).toEqual(expect.any(Number));
    const post = await as().admin.articles.byId({ id: published.articleId! });
    expect(post).toMatchObject({
      kind: 'blog',
      status: 'published',
      title: 'Puppy news for June',
      summary: 'News for you',
      body: sent.body,
      slug: 'puppy-news-for-june-2',
      tags: [],
      coverImageUrl: null,
    });
    const page = await caller(null).articles.blogPost({ slug: post.slug });
    expect(page).toMatchObject({ title: 'Puppy news for June' });

    // Twice: refused with a clear message, and still one post.
    await expect(as().admin.newsletters.publishAsPost({ id: sent.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: NEWSLETTER_MESSAGES.alreadyPublished,
    });
    const posts = await as().admin.articles.list({ kind: 'blog', search: 'Puppy news for June' });
    expect(posts.items.map((p) => p.slug).sort()).toEqual(['puppy-news-for-june', 'puppy-news-for-june-2']);
    expect((await as().admin.newsletters.byId({ id: sent.id })).articleId).toBe(post.id);
  });

  it('publishes two same-titled newsletters at once: both become posts, each at its own address', async () => {
    const first = await sendTo({ kind: 'all' }, 'Litter day');
    const second = await sendTo({ kind: 'all' }, 'Litter day');
    // Two requests (two tabs, two instances): neither waits for the other's post before choosing an address.
    const published = await Promise.all([first, second].map((n) => as().admin.newsletters.publishAsPost({ id: n.id })));
    const posts = await Promise.all(published.map((n) => as().admin.articles.byId({ id: n.articleId! })));
    expect(posts.map((p) => p.slug).sort()).toEqual(['litter-day', 'litter-day-2']);
    expect(posts.map((p) => [p.title, p.status])).toEqual([
      ['Litter day', 'published'],
      ['Litter day', 'published'],
    ]);
  });

  it('dismisses a newsletter’s failed copies: gone from the counts and the outbox, the sent ones stay; only an admin may', async () => {
    const n = await as().admin.newsletters.create({ subject: 'Dismiss news', body: 'Hello!', audience: { kind: 'nonApplicants' } });
    await as().admin.newsletters.send({ id: n.id });
    await app.services.afterAnswer.idle(); // a send queues its copies after answering
    // One copy goes out; the other is held back, then refused by the mail server until it fails.
    await sql(
      `update outbox_messages set next_attempt_at = now() + interval '1 hour' where newsletter_id = ? and "to" = 'second.reader@example.com'`,
      [n.id],
    );
    await app.mailer.poll();
    expect(receivers('Dismiss news')).toEqual(['reader@example.com']);
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    try {
      for (let i = 0; i < 5; i++) {
        await sql(`update outbox_messages set next_attempt_at = now() where status = 'queued' and newsletter_id = ?`, [n.id]);
        for (let j = 0; j < 3; j++) await app.mailer.poll();
      }
    } finally {
      smtp.refuseWith(null);
    }
    expect((await as().admin.newsletters.byId({ id: n.id })).counts).toEqual({ recipients: 2, queued: 0, sent: 1, failed: 1 });

    // Neither a visitor nor a family may dismiss them.
    await expect(caller(null).admin.newsletters.dismissFailed({ id: n.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      caller({ id: 999, username: 'family', isAdmin: false }).admin.newsletters.dismissFailed({ id: n.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await as().admin.newsletters.byId({ id: n.id })).counts.failed).toBe(1);

    const dismissed = await as().admin.newsletters.dismissFailed({ id: n.id });
    expect(dismissed.counts).toEqual({ recipients: 2, queued: 0, sent: 1, failed: 0 });
    const rows = await sql<{ to: string; status: string }>(
      `select "to", status from outbox_messages where newsletter_id = ? order by "to"`,
      [n.id],
    );
    expect(rows.map((r) => [r.to, r.status])).toEqual([['reader@example.com', 'sent']]);
    // Nothing left to retry, and the counts hold (the list shows the same).
    expect((await as().admin.newsletters.retryFailed({ id: n.id })).counts).toEqual({ recipients: 2, queued: 0, sent: 1, failed: 0 });
    await drainAll();
    expect(receivers('Dismiss news')).toEqual(['reader@example.com']);
    const [listed] = (await as().admin.newsletters.list({})).items.filter((x) => x.id === n.id);
    expect(listed!.counts).toEqual({ recipients: 2, queued: 0, sent: 1, failed: 0 });
    await expect(as().admin.newsletters.dismissFailed({ id: 999_999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the families of a litter: each family with a puppy of that litter once, not the families of another litter', async () => {
    /** A family account with this e-mail. */
    const account = async (email: string | null) => {
      const { user } = await signIn(db.orm, { isAdmin: false });
      await sql(`update users set email = ? where id = ?`, [email, user.id]);
      return user;
    };
    const puppy = async (name: string, litterId: number) => {
      const em = db.orm.em.fork();
      const p = em.create(Puppy, {
        name,
        gender: 'female',
        color: 'Apricot',
        litter: litterId,
        imageUrl: null,
        videoUrl: null,
        generation: null,
        weight: null,
        price: null,
      });
      await em.flush();
      return p.id;
    };
    const browns = await account('Browns@Example.com');
    const greens = await account('greens@example.com');
    const noEmail = await account(null);
    // The Browns have two puppies of the spring litter; the Greens one of the autumn litter.
    for (const [name, familyId] of [
      ['Maple', browns.id],
      ['Juniper', browns.id],
      ['Hazel', noEmail.id],
    ] as const) {
      await as().admin.portal.setFamily({ puppyId: await puppy(name, litters.spring), familyId });
    }
    await as().admin.portal.setFamily({ puppyId: await puppy('Clover', litters.autumn), familyId: greens.id });
    await puppy('Willow', litters.spring);
    // A family matched from the waitlist: the Parkers get a spring puppy (the account's address is used).
    const [parkersApp] = await sql<{ id: number }>(`select id from applications where name = 'The Parkers' order by id limit 1`);
    await as().admin.applications.match({ id: parkersApp!.id, puppyId: await puppy('Poppy', litters.spring), message: '' });
    await drainAll();

    expect((await as().admin.newsletters.countAudience({ kind: 'litter', litterId: litters.spring })).recipients).toBe(2);
    const n = await sendTo({ kind: 'litter', litterId: litters.spring }, 'Spring litter families');
    expect(receivers('Spring litter families')).toEqual(['browns@example.com', 'parkers@example.com']);
    expect(n).toMatchObject({
      status: 'sent',
      audience: { kind: 'litter', litterId: litters.spring },
      counts: { recipients: 2, queued: 0, sent: 2, failed: 0 },
    });
    await sendTo({ kind: 'litter', litterId: litters.autumn }, 'Autumn litter families');
    expect(receivers('Autumn litter families')).toEqual(['greens@example.com']);
  });

  it('starts a draft from a litter or a blog post, with its subject and a link to the site', async () => {
    const fromLitter = await as().admin.newsletters.start({ from: 'litter', litterId: litters.autumn });
    expect(fromLitter).toMatchObject({ status: 'draft', subject: 'New litter: autumn', audience: { kind: 'all' } });
    expect(fromLitter.body).toContain('Our litter **autumn** from Rosie and Teddy is expected around March 1, 2027.');
    expect(fromLitter.body).toContain(`[See the litter on our site](${TEST_ORIGIN}/#litters)`);

    const post = await as().admin.articles.create({
      kind: 'blog',
      title: 'Meet the autumn puppies',
      summary: 'Six puppies, all doing well.',
      body: 'Long story.',
    });
    // A draft post has no page yet: its newsletter would link nowhere, so none is started.
    await expect(as().admin.newsletters.start({ from: 'article', articleId: post.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: '“Meet the autumn puppies” is not published yet: publish it first, so the newsletter’s link leads to it.',
    });
    await as().admin.articles.publish({ id: post.id });
    const fromPost = await as().admin.newsletters.start({ from: 'article', articleId: post.id });
    expect(fromPost).toMatchObject({ status: 'draft', subject: 'Meet the autumn puppies' });
    expect(fromPost.body).toBe(
      `Six puppies, all doing well.\n\n[Read “Meet the autumn puppies” on our blog](${TEST_ORIGIN}/blog/meet-the-autumn-puppies)`,
    );
    expect(await caller(null).articles.blogPost({ slug: 'meet-the-autumn-puppies' })).toMatchObject({ title: 'Meet the autumn puppies' });
    // Saved as drafts the breeder finds in the list.
    const listed = (await as().admin.newsletters.list({})).items.map((x) => x.id);
    expect(listed).toEqual(expect.arrayContaining([fromLitter.id, fromPost.id]));

    // A litter or post that does not exist, and a page that is not a blog post: not found, no draft.
    const page = await as().admin.articles.create({ kind: 'resource', title: 'Puppy care guide', body: 'Care.', category: 'health' });
    for (const from of [
      { from: 'litter', litterId: 999_999 },
      { from: 'article', articleId: 999_999 },
      { from: 'article', articleId: page.id },
    ] as const) {
      await expect(as().admin.newsletters.start(from)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    await expect(
      caller({ id: 999, username: 'family', isAdmin: false }).admin.newsletters.start({ from: 'litter', litterId: litters.autumn }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
