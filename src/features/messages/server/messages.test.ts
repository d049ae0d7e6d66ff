// Conversations through the real app: the family and the breeder write, read markers, unread counts, paging,
// privacy (another family gets NOT_FOUND, private attachments), bad input, and the notification e-mail with its
// signed Reply-To through a real SMTP server.
import { afterAll, describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn, TEST_PASSWORD } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { jpegPart, multipartBody, solidImage } from '../../../server/testing/uploads.ts';
import { MESSAGES_PAGE_SIZE, MESSAGES_TEXT } from '../messages.schema.ts';
import { Conversation, Message } from './message.entity.ts';
import { parseReplyAddress, tokenSignedFor } from './reply-token.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('conversations', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, MAIL_DOMAIN: 'mail.example.test' });
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;
  let conversationId = 0;

  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'OK';
    } catch (e) {
      return (e as TRPCError).code;
    }
  };
  const fieldError = async (p: Promise<unknown>) => {
    try {
      await p;
      return null;
    } catch (e) {
      const err = e as TRPCError & { cause?: { issues?: Array<{ message: string }> } };
      return err.cause?.issues?.[0]?.message ?? err.message;
    }
  };

  it('a family writes first: the conversation is made, the breeder is e-mailed with a signed reply address', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
    expect(await t.caller(parkers.user).messages.list()).toEqual({ conversationId: null, items: [], nextCursor: null, unread: 0 });

    const sent = await t.caller(parkers.user).messages.send({ text: 'Can we visit Saturday? See https://example.com/map' });
    expect(sent).toMatchObject({ sender: 'family', authorName: 'parkers', read: false, via: 'web', attachments: [] });
    conversationId = sent.conversationId;

    const [mail] = await smtp.waitFor(1);
    const breederEmail = (await t.app.services.mail.breeder(t.orm.em.fork())).email;
    expect(mail!.to).toEqual([breederEmail]);
    expect(mail!.subject).toBe('New message from parkers');
    expect(mail!.text).toContain('Can we visit Saturday?');
    expect(mail!.headers['auto-submitted']).toBe('auto-generated');
    const replyTo = mail!.headers['reply-to']!;
    const token = parseReplyAddress(replyTo.replace(/^.*<|>.*$/g, ''), 'mail.example.test');
    expect(token).toMatchObject({ conversationId, side: 'breeder' });
    // Bound to the recipient: it verifies for the breeder's address and for no other.
    expect(await tokenSignedFor(t.orm.em.fork(), token!, breederEmail)).toBe(true);
    expect(await tokenSignedFor(t.orm.em.fork(), token!, 'someone@else.example')).toBe(false);
  });

  it('the dashboard lists it with an unread count and search; opening and answering marks it read on both sides', async () => {
    const list = await t.caller(admin.user).admin.messages.list({});
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: conversationId, familyName: 'parkers', unread: 1, email: 'parkers@example.com' });
    expect((await t.caller(admin.user).admin.messages.list({ search: 'nobody-like-this' })).total).toBe(0);
    expect((await t.caller(admin.user).admin.messages.list({ search: 'Saturday' })).total).toBe(1);
    expect(await t.caller(admin.user).admin.messages.unreadCount()).toEqual({ unread: 1 });

    const reply = await t.caller(admin.user).admin.messages.send({ conversationId, text: 'Saturday at 10 works!' });
    expect(reply).toMatchObject({ sender: 'breeder', read: false });
    expect(await t.caller(admin.user).admin.messages.unreadCount()).toEqual({ unread: 0 });

    const mine = await t.caller(parkers.user).messages.list();
    expect(mine.unread).toBe(1);
    // The header's badge: the family's own count, never another family's.
    expect(await t.caller(parkers.user).messages.unreadCount()).toEqual({ unread: 1 });
    expect(await t.caller(nguyens.user).messages.unreadCount()).toEqual({ unread: 0 });
    expect(mine.items.map((m) => [m.sender, m.text, m.read])).toEqual([
      ['breeder', 'Saturday at 10 works!', false],
      ['family', 'Can we visit Saturday? See https://example.com/map', true],
    ]);
    await t.caller(parkers.user).messages.markRead();
    expect(await t.caller(parkers.user).messages.unreadCount()).toEqual({ unread: 0 });
    const thread = await t.caller(admin.user).admin.messages.conversation({ conversationId });
    expect(thread.items[0]).toMatchObject({ sender: 'breeder', read: true });

    // The family's e-mail: to its verified address, with its own reply address.
    const mails = await smtp.waitFor(2);
    const toFamily = mails.find((m) => m.to.includes('parkers@example.com'))!;
    expect(toFamily.text).toContain('Saturday at 10 works!');
    expect(parseReplyAddress(toFamily.headers['reply-to']!.replace(/^.*<|>.*$/g, ''), 'mail.example.test')).toMatchObject({
      side: 'family',
    });
  });

  it('batches e-mail: a second unread message within 10 minutes sends nothing more', async () => {
    const before = smtp.received.length;
    await t.caller(admin.user).admin.messages.send({ conversationId, text: 'One more thing.' });
    await t.caller(admin.user).admin.messages.send({ conversationId, text: 'And another.' });
    // The first goes (the family had read everything), the second waits in the thread.
    await smtp.waitFor(before + 1);
    const outbox = await t.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from "outbox_messages" where "to" = 'parkers@example.com'`);
    expect(Number(outbox[0]!.n)).toBe(2);
  });

  it('another family sees nothing of it and cannot reach it: NOT_FOUND, never someone else’s thread', async () => {
    const theirs = await t.caller(nguyens.user).messages.list();
    expect(theirs.items).toEqual([]);
    expect(await code(t.caller(nguyens.user).admin.messages.conversation({ conversationId }))).toBe('FORBIDDEN');
    expect(await code(t.caller(nguyens.user).admin.messages.send({ conversationId, text: 'hi' }))).toBe('FORBIDDEN');
    expect(await code(t.caller(null).messages.list())).toBe('UNAUTHORIZED');
    expect(await code(t.caller(admin.user).admin.messages.conversation({ conversationId: 999_999 }))).toBe('NOT_FOUND');
    expect(await code(t.caller(admin.user).admin.messages.send({ conversationId: 999_999, text: 'hi' }))).toBe('NOT_FOUND');
    // Over REST the family's own conversation is the only one there is: a conversation id names nothing.
    const res = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: nguyens.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('private attachments: the breeder’s photo is served to the family, 404 to another family and to visitors', async () => {
    const { payload, headers } = multipartBody([{ name: 'visibility', value: 'private' }, jpegPart(await solidImage(40, 30, 'jpeg'))]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(up.statusCode).toBe(201);
    const url = up.json().url as string;
    const sent = await t.caller(admin.user).admin.messages.send({ conversationId, text: '', attachments: [url] });
    expect(sent.attachments).toEqual([{ url: url.replace('/uploads/', '/private-media/'), kind: 'photo', name: null }]);
    const privateUrl = sent.attachments[0]!.url;
    expect((await t.app.inject({ method: 'GET', url: privateUrl, headers: { cookie: parkers.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: privateUrl, headers: { cookie: nguyens.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: privateUrl })).statusCode).toBe(404);
    // A family may forward what it was sent, but not attach someone else's upload.
    expect(await code(t.caller(parkers.user).messages.send({ text: 'this one', attachments: [url] }))).toBe('OK');
    expect(await fieldError(t.caller(nguyens.user).messages.send({ text: 'mine now', attachments: [url] }))).toBe(
      MESSAGES_TEXT.attachmentInvalid,
    );
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const em = t.orm.em.fork();
    const before = await em.count(Message, {});
    expect(await fieldError(t.caller(parkers.user).messages.send({ text: '   ' }))).toBe(MESSAGES_TEXT.empty);
    expect(await fieldError(t.caller(parkers.user).messages.send({ text: 'x'.repeat(10_001) }))).toBe(MESSAGES_TEXT.tooLong);
    const twenty = Array.from({ length: 20 }, (_, i) => `/uploads/00000000-0000-4000-8000-${String(i).padStart(12, '0')}.jpg`);
    expect(await fieldError(t.caller(parkers.user).messages.send({ text: 'photos', attachments: twenty }))).toBe(
      MESSAGES_TEXT.tooManyAttachments,
    );
    expect(
      await fieldError(
        t
          .caller(admin.user)
          .admin.messages.send({ conversationId, text: 'x', attachments: ['/uploads/00000000-0000-4000-8000-000000000000.pdf'] }),
      ),
    ).toBe(MESSAGES_TEXT.attachmentInvalid);
    expect(
      await fieldError(t.caller(admin.user).admin.messages.send({ conversationId, text: 'x', attachments: ['javascript:alert(1)'] })),
    ).toBe(MESSAGES_TEXT.attachmentInvalid);
    expect(await em.count(Message, {})).toBe(before);
    // Over HTTP: a 400 with the message, never a 500.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: parkers.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: '' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.text).toEqual([MESSAGES_TEXT.empty]);
  });

  it('pages a long conversation newest first by cursor, and the REST API posts and lists', async () => {
    const em = t.orm.em.fork();
    const conv = await em.findOneOrFail(Conversation, { family: nguyens.user.id }).catch(async () => {
      await t.caller(nguyens.user).messages.send({ text: 'Hello!' });
      return em.findOneOrFail(Conversation, { family: nguyens.user.id });
    });
    await em.execute(
      `insert into "messages" ("conversation_id", "sender", "text", "created_at") select ?, 'breeder', 'Note ' || g, now() from generate_series(1, 70) g`,
      [conv.id],
    );
    const first = await t.caller(nguyens.user).messages.list();
    expect(first.items).toHaveLength(MESSAGES_PAGE_SIZE);
    const second = await t.caller(nguyens.user).messages.list({ cursor: first.nextCursor! });
    expect(second.items[0]!.id).toBeLessThan(first.items.at(-1)!.id);
    const third = await t.caller(nguyens.user).messages.list({ cursor: second.nextCursor! });
    expect(third.nextCursor).toBeNull();
    expect(first.items.length + second.items.length + third.items.length).toBe(71);

    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { cookie: nguyens.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Sent over REST' }),
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ sender: 'family', text: 'Sent over REST' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/messages', headers: { cookie: nguyens.cookie } });
    expect(listed.json().items[0].text).toBe('Sent over REST');
    expect((await t.app.inject({ method: 'GET', url: '/api/messages?cursor=abc', headers: { cookie: nguyens.cookie } })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/messages' })).statusCode).toBe(401);
  });

  it('lets a family turn message e-mails off', async () => {
    expect(await t.caller(parkers.user).messages.setEmailPreference({ enabled: false })).toEqual({ enabled: false });
    expect(await t.caller(parkers.user).messages.emailPreference()).toEqual({ enabled: false });
    await t.caller(parkers.user).messages.markRead();
    const before = await t.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from "outbox_messages" where "to" = 'parkers@example.com'`);
    await t.caller(admin.user).admin.messages.send({ conversationId, text: 'Quiet now.' });
    const after = await t.orm.em
      .fork()
      .execute<Array<{ n: string }>>(`select count(*) as n from "outbox_messages" where "to" = 'parkers@example.com'`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('the breeder can open a conversation with a family that never wrote; not with an admin or nobody', async () => {
    const other = await signIn(t.orm, { isAdmin: false, username: 'lees' });
    const conv = await t.caller(admin.user).admin.messages.forFamily({ familyId: other.user.id });
    expect(conv).toMatchObject({ familyId: other.user.id, familyName: 'lees', unread: 0 });
    expect((await t.caller(admin.user).admin.messages.forFamily({ familyId: other.user.id })).id).toBe(conv.id);
    expect(await code(t.caller(admin.user).admin.messages.forFamily({ familyId: admin.user.id }))).toBe('NOT_FOUND');
    expect(await code(t.caller(admin.user).admin.messages.forFamily({ familyId: 999_999 }))).toBe('NOT_FOUND');
  });

  it('an inquiry from a visitor starts a conversation the family finds when it registers with that verified address', async () => {
    const inquiry = {
      name: 'Robin Hale',
      email: 'Robin.Hale@example.com',
      interest: 'available' as const,
      message: 'Is Bella still available for a family?',
    };
    await t.caller(null, '10.30.0.1').inquiries.create(inquiry);
    const [row] = await t.orm.em.fork().execute<Array<{ id: number }>>(`select "id" from "inquiries" where "email" = ?`, [inquiry.email]);
    const conv = await t.caller(admin.user).admin.messages.forInquiry({ inquiryId: row!.id });
    expect(conv).toMatchObject({ familyId: null, email: 'robin.hale@example.com', familyName: 'robin.hale@example.com', unread: 0 });
    expect((await t.caller(admin.user).admin.messages.forInquiry({ inquiryId: row!.id })).id).toBe(conv.id);
    const thread = await t.caller(admin.user).admin.messages.conversation({ conversationId: conv.id });
    expect(thread.items.map((m) => [m.sender, m.text])).toEqual([['family', inquiry.message]]);
    await t.caller(admin.user).admin.messages.send({ conversationId: conv.id, text: 'Yes! Would you like to visit?' });
    // The visitor has no account yet: the answer goes to the inquiry's address.
    const toRobin = () => smtp.received.find((m) => m.to.includes('robin.hale@example.com') && m.text.includes('Would you like to visit?'));
    while (!toRobin()) await smtp.waitFor(smtp.received.length + 1);

    const robin = await signIn(t.orm, { isAdmin: false, username: 'robin', email: 'robin.hale@example.com' });
    const mine = await t.caller(robin.user).messages.list();
    expect(mine.conversationId).toBe(conv.id);
    expect(mine.items.map((m) => m.text)).toEqual(['Yes! Would you like to visit?', inquiry.message]);
    expect((await t.caller(admin.user).admin.messages.conversation({ conversationId: conv.id })).conversation).toMatchObject({
      familyId: robin.user.id,
      familyName: 'robin',
    });
    // A later inquiry from a family with an account joins its thread once.
    await t.caller(null, '10.30.0.2').inquiries.create({ ...inquiry, message: 'Also, do you ship to Denver?' });
    expect((await t.caller(robin.user).messages.list()).items[0]!.text).toBe('Also, do you ship to Denver?');
    expect((await t.caller(robin.user).messages.list()).items.filter((m) => m.text === 'Also, do you ship to Denver?')).toHaveLength(1);
    expect(await code(t.caller(admin.user).admin.messages.forInquiry({ inquiryId: 999_999 }))).toBe('NOT_FOUND');
  });

  it('an application and an inquiry say where their conversation is, without making one; another id is NOT_FOUND', async () => {
    const em = t.orm.em.fork();
    const insertApplication = async (userId: number | null, email: string) => {
      const [row] = await em.execute<Array<{ id: number }>>(
        `insert into "applications" ("user_id", "idempotency_key", "name", "email", "location", "household", "allergies", "home_type", "ownership", "yard", "hours_alone", "experience", "experience_details", "size", "gender", "color", "timing", "heard_about", "created_at", "updated_at")
         values (?, ?, 'Applicant', ?, 'Denver, CO', 'Two adults', 'no', 'house', 'own', 'yes', 'under2', 'before', 'A lab for 12 years', 'mini', 'any', 'any', 'asap', 'search', now(), now()) returning "id"`,
        [userId, `key-${email}`, email],
      );
      return row!.id;
    };
    // The Parkers applied and already write with the breeder: their application shows that thread.
    const parkersApp = await insertApplication(parkers.user.id, 'parkers@example.com');
    expect(await t.caller(admin.user).admin.messages.threadOf({ applicationId: parkersApp })).toMatchObject({
      conversation: { id: conversationId, familyName: 'parkers' },
      familyId: parkers.user.id,
    });
    // A family that never wrote: no conversation yet, and asking makes none.
    const quiet = await signIn(t.orm, { isAdmin: false, username: 'quiet', email: 'quiet@example.com' });
    const quietApp = await insertApplication(quiet.user.id, 'quiet@example.com');
    const before = await em.count(Conversation, {});
    expect(await t.caller(admin.user).admin.messages.threadOf({ applicationId: quietApp })).toEqual({
      conversation: null,
      familyId: quiet.user.id,
      email: 'quiet@example.com',
    });
    expect(await em.count(Conversation, {})).toBe(before);

    // An inquiry from a visitor with no account: its conversation will be the address's, claimed on registration.
    await t
      .caller(null, '10.30.0.9')
      .inquiries.create({ name: 'Sam Lowe', email: 'Sam.Lowe@example.com', interest: 'waitlist', message: 'Do you have a waitlist?' });
    const [inq] = await em.execute<Array<{ id: number }>>(`select "id" from "inquiries" where "email" = 'Sam.Lowe@example.com'`);
    expect(await t.caller(admin.user).admin.messages.threadOf({ inquiryId: inq!.id })).toEqual({
      conversation: null,
      familyId: null,
      email: 'sam.lowe@example.com',
    });
    const started = await t.caller(admin.user).admin.messages.forInquiry({ inquiryId: inq!.id });
    expect((await t.caller(admin.user).admin.messages.threadOf({ inquiryId: inq!.id })).conversation).toMatchObject({
      id: started.id,
      familyId: null,
      email: 'sam.lowe@example.com',
    });

    expect(await code(t.caller(admin.user).admin.messages.threadOf({ applicationId: 999_999 }))).toBe('NOT_FOUND');
    expect(await code(t.caller(admin.user).admin.messages.threadOf({ inquiryId: 999_999 }))).toBe('NOT_FOUND');
    expect(await code(t.caller(parkers.user).admin.messages.threadOf({ applicationId: parkersApp }))).toBe('FORBIDDEN');
    expect(await code(t.caller(admin.user).admin.messages.threadOf({ applicationId: parkersApp, inquiryId: inq!.id } as never))).toBe(
      'BAD_REQUEST',
    );
  });

  it('a family that deletes its account takes its conversation with it, and the photos in it are freed', async () => {
    const leaving = await signIn(t.orm, { isAdmin: false, username: 'leaving' });
    const first = await t.caller(leaving.user).messages.send({ text: 'Goodbye soon' });
    const { payload, headers } = multipartBody([{ name: 'visibility', value: 'private' }, jpegPart(await solidImage(30, 20, 'jpeg'))]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    const sent = await t
      .caller(admin.user)
      .admin.messages.send({ conversationId: first.conversationId, text: 'A last photo', attachments: [up.json().url] });
    expect((await t.app.inject({ method: 'GET', url: sent.attachments[0]!.url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    await t.caller(leaving.user).auth.deleteAccount({ currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    expect(await t.orm.em.fork().count(Conversation, { id: first.conversationId })).toBe(0);
    await t.app.services.afterAnswer.idle();
    expect((await t.app.inject({ method: 'GET', url: sent.attachments[0]!.url, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
  });
});
