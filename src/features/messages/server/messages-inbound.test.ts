// E-mail replies into conversations through POST /api/inbound-email: the family's e-mail (from a real SMTP
// server) is answered and the reply lands with its quote and signature stripped; refusals store nothing
// (unsigned, forged or unknown addresses); auto-replies, bounces and duplicates never become messages;
// a reply from another address is held for the breeder; attachments go through the upload checks.
import { afterAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { solidImage } from '../../../server/testing/uploads.ts';
import { inboundSignature, INBOUND_PATH } from './inbound-email.plugin.ts';
import { Message } from './message.entity.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const SECRET = 'inbound-test-secret-0123456789';
type Signed = Awaited<ReturnType<typeof signIn>>;

const compose = (options: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(options).compile().build();

describe('replies by e-mail', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, MAIL_DOMAIN: 'mail.example.test', INBOUND_EMAIL_SECRET: SECRET });
  let admin: Signed;
  let parkers: Signed;
  let conversationId = 0;
  let familyReplyTo = '';
  let breederReplyTo = '';

  const post = (raw: Buffer, signature: string | null = inboundSignature(SECRET, raw)) =>
    t.app.inject({
      method: 'POST',
      url: INBOUND_PATH,
      headers: { 'content-type': 'message/rfc822', ...(signature ? { 'x-inbound-signature': `sha256=${signature}` } : {}) },
      payload: raw,
    });
  const count = () => t.orm.em.fork().count(Message, {});
  const reply = (extra: Record<string, unknown> = {}) =>
    compose({
      from: 'The Parkers <parkers@example.com>',
      to: familyReplyTo,
      subject: 'Re: New message from the breeder',
      messageId: `<${Math.random().toString(36).slice(2)}@example.com>`,
      text: 'Sounds great, see you then!\n\nOn Sat, Nov 28, 2026 at 10:00 AM Breeder <hello@example.com> wrote:\n> Saturday at 10 works!\n> See you.\n',
      ...extra,
    });

  it('the breeder’s answer reaches the family by e-mail with a reply address; the family’s reply lands in the thread, quote stripped', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    const first = await t.caller(parkers.user).messages.send({ text: 'Can we visit Saturday?' });
    conversationId = first.conversationId;
    await t.caller(admin.user).admin.messages.send({ conversationId, text: 'Saturday at 10 works!' });
    const mails = await smtp.waitFor(2);
    const toFamily = mails.find((m) => m.to.includes('parkers@example.com'))!;
    const toBreeder = mails.find((m) => !m.to.includes('parkers@example.com'))!;
    familyReplyTo = toFamily.headers['reply-to']!.replace(/^.*<|>.*$/g, '');
    breederReplyTo = toBreeder.headers['reply-to']!.replace(/^.*<|>.*$/g, '');
    expect(familyReplyTo).toMatch(/^reply\+\d+-f-[0-9a-z]+-[0-9a-f]{32}@mail\.example\.test$/);

    const raw = await reply({
      messageId: '<reply-1@example.com>',
      text: 'Sounds great, see you then!\n\nOn Sat, Nov 28, 2026 at 10:00 AM Breeder <hello@example.com> wrote:\n> Saturday at 10 works!\n\n-- \nThe Parkers\nSent from my phone\n',
    });
    const res = await post(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'posted' });
    const mine = await t.caller(parkers.user).messages.list();
    expect(mine.items[0]).toMatchObject({ sender: 'family', text: 'Sounds great, see you then!', via: 'email', held: false });
    const theirs = await t.caller(admin.user).admin.messages.conversation({ conversationId });
    expect(theirs.items[0]!.text).toBe('Sounds great, see you then!');

    // The same Message-ID delivered twice is stored once.
    const before = await count();
    expect((await post(raw)).json()).toMatchObject({ outcome: 'duplicate' });
    expect(await count()).toBe(before);
  });

  it('the breeder can answer by e-mail too', async () => {
    const raw = await compose({
      from: (await t.app.services.mail.breeder(t.orm.em.fork())).email,
      to: breederReplyTo,
      subject: 'Re: New message from parkers',
      text: 'Perfect, Luna says hi.\n\n> Sounds great',
    });
    expect((await post(raw)).json()).toMatchObject({ outcome: 'posted' });
    expect((await t.caller(parkers.user).messages.list()).items[0]).toMatchObject({ sender: 'breeder', text: 'Perfect, Luna says hi.' });
  });

  it('refuses unsigned, wrongly signed, forged, unknown and foreign mail with a 4xx and stores nothing', async () => {
    const before = await count();
    const raw = await reply();
    expect((await post(raw, null)).statusCode).toBe(401);
    expect((await post(raw, inboundSignature('another-secret-entirely', raw))).statusCode).toBe(401);
    // A token with a changed signature, one for another conversation, and mail to no reply address at all.
    const forged = familyReplyTo.replace(/-([0-9a-f]{32})@/, (_m, sig: string) => `-${sig.startsWith('0') ? '1' : '0'}${sig.slice(1)}@`);
    expect((await post(await reply({ to: forged }))).statusCode).toBe(403);
    const otherConversation = familyReplyTo.replace(/^reply\+\d+-/, 'reply+999999-');
    expect((await post(await reply({ to: otherConversation }))).statusCode).toBe(404);
    expect((await post(await reply({ to: 'hello@mail.example.test' }))).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'POST', url: INBOUND_PATH, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await count()).toBe(before);
  });

  it('never posts auto-replies; a bounce marks the family’s address as failing for the breeder', async () => {
    const before = await count();
    expect((await post(await reply({ headers: { 'Auto-Submitted': 'auto-replied' } }))).json()).toMatchObject({ outcome: 'auto-reply' });
    expect((await post(await reply({ headers: { Precedence: 'bulk' } }))).json()).toMatchObject({ outcome: 'auto-reply' });
    expect((await post(await reply({ subject: 'Out of Office: back Monday' }))).json()).toMatchObject({ outcome: 'auto-reply' });
    expect((await post(await reply({ subject: 'Automatic reply: Re: New message' }))).json()).toMatchObject({ outcome: 'auto-reply' });
    expect((await t.caller(admin.user).admin.messages.list({})).items[0]!.emailFailing).toBe(false);
    const bounce = await reply({
      from: 'MAILER-DAEMON@mx.example.com',
      subject: 'Undelivered Mail Returned to Sender',
      headers: { 'X-Failed-Recipients': 'parkers@example.com' },
    });
    expect((await post(bounce)).json()).toMatchObject({ outcome: 'bounce' });
    expect(await count()).toBe(before);
    expect((await t.caller(admin.user).admin.messages.list({})).items[0]!.emailFailing).toBe(true);
  });

  it('holds a reply from another address for the breeder: the family never sees it', async () => {
    const res = await post(await reply({ from: 'stranger@example.org', text: 'I found this address, sell me a puppy' }));
    expect(res.json()).toMatchObject({ outcome: 'held' });
    expect(JSON.stringify(await t.caller(parkers.user).messages.list())).not.toContain('sell me a puppy');
    const thread = await t.caller(admin.user).admin.messages.conversation({ conversationId });
    expect(thread.items[0]).toMatchObject({ held: true, text: 'I found this address, sell me a puppy' });
  });

  it('takes photo attachments through the upload checks (metadata stripped, private to the family); refuses other files', async () => {
    const photo = await solidImage(64, 48, 'jpeg');
    const raw = await reply({
      text: 'Here is our yard',
      attachments: [
        { filename: 'yard.jpg', content: photo, contentType: 'image/jpeg' },
        { filename: 'virus.exe', content: Buffer.from('MZ not really a program'), contentType: 'application/octet-stream' },
      ],
    });
    expect((await post(raw)).json()).toMatchObject({ outcome: 'posted' });
    const latest = (await t.caller(parkers.user).messages.list()).items[0]!;
    expect(latest.text).toBe('Here is our yard');
    expect(latest.attachments).toHaveLength(1);
    expect(latest.attachments[0]!.kind).toBe('photo');
    const served = await t.app.inject({ method: 'GET', url: latest.attachments[0]!.url, headers: { cookie: parkers.cookie } });
    expect(served.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: latest.attachments[0]!.url })).statusCode).toBe(404);
  });

  it('the built-in SMTP listener accepts a reply for a genuine address (550 for any other) and posts it', async () => {
    const { startInboundSmtp } = await import('./inbound-smtp.ts');
    const { createTransport } = await import('nodemailer');
    const listener = await startInboundSmtp(t.orm, t.app.services, 0, '127.0.0.1');
    try {
      const family = await signIn(t.orm, { isAdmin: false, username: 'smtp_family', email: 'smtp-family@example.com' });
      const first = await t.caller(family.user).messages.send({ text: 'Hello' });
      const admin = await signIn(t.orm, { isAdmin: true });
      await t.caller(admin.user).admin.messages.send({ conversationId: first.conversationId, text: 'Hi there' });
      const mail = await (async () => {
        for (;;) {
          const found = smtp.received.find((m) => m.to.includes('smtp-family@example.com'));
          if (found) return found;
          await smtp.waitFor(smtp.received.length + 1);
        }
      })();
      const replyTo = mail.headers['reply-to']!.replace(/^.*<|>.*$/g, '');
      const transport = createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
      await transport.sendMail({ from: 'smtp-family@example.com', to: replyTo, subject: 'Re: hi', text: 'Through SMTP!\n\n> Hi there' });
      expect((await t.caller(family.user).messages.list()).items[0]).toMatchObject({ text: 'Through SMTP!', via: 'email' });
      await expect(
        transport.sendMail({ from: 'x@example.com', to: 'hello@mail.example.test', subject: 'spam', text: 'spam' }),
      ).rejects.toThrow(/550/);
      const forged = replyTo.replace(/-([0-9a-f]{32})@/, (_m, sig: string) => `-${sig.startsWith('0') ? '1' : '0'}${sig.slice(1)}@`);
      await expect(transport.sendMail({ from: 'smtp-family@example.com', to: forged, subject: 'Re', text: 'forged' })).rejects.toThrow(
        /550/,
      );
      expect(
        JSON.stringify(await t.caller(admin.user).admin.messages.conversation({ conversationId: first.conversationId })),
      ).not.toContain('forged');
      transport.close();
    } finally {
      await listener.close();
    }
  });
});
