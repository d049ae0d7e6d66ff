// Payments through the real app: terms, payments and refunds with their bad inputs (nothing changed), who sees
// what (the family, another family, a visitor, the breeder), the receipt e-mail through a real SMTP server and
// its PDF read back, the paged and searched list, the formula-safe CSV, REST, reminders once each, and Today.
import { afterAll, describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { extractText, getDocumentProxy } from 'unpdf';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { simpleParser } from 'mailparser';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import { MONEY_MESSAGES } from '../money.ts';
import { PAYMENTS_MESSAGES } from '../payments.schema.ts';
import { Payment, PaymentAccount } from './payments.entity.ts';
import { DAY_SUBJECT, runReminders, WEEK_SUBJECT } from './reminders.ts';
import { paymentsToday } from './payments.today.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

type Signed = Awaited<ReturnType<typeof signIn>>;

const pdfText = async (bytes: Buffer | Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe('payments', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;
  let loner: Signed;
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
      return null;
    } catch (e) {
      const err = e as TRPCError;
      return { code: err.code, message: err.message };
    }
  };
  const as = (u: Signed | null) => t.caller(u?.user ?? null);
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const paymentCount = () => t.orm.em.fork().count(Payment, {});

  it('offers the matched families to pick from, searched by family or puppy', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
    loner = await signIn(t.orm, { isAdmin: false, username: 'loner' });
    const em = t.orm.em.fork();
    (await em.findOneOrFail(User, parkers.user.id)).displayName = '=HYPERLINK("http://evil")';
    const litter = em.create(Litter, {
      name: 'Winter',
      motherName: 'Rosie',
      fatherName: 'Cooper',
      birthDate: '2026-10-01',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const mk = (name: string, family: number) =>
      em.create(Puppy, {
        name,
        gender: 'female',
        color: 'apricot',
        litter,
        family,
        status: 'reserved',
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    mk('Luna', parkers.user.id);
    mk('Max', nguyens.user.id);
    await em.flush();

    const all = await as(admin).admin.payments.families({});
    expect(all.map((f) => f.puppyName).sort()).toEqual(['Luna', 'Max']);
    expect(all.some((f) => f.id === loner.user.id)).toBe(false);
    expect(all.every((f) => !f.hasTerms)).toBe(true);
    expect((await as(admin).admin.payments.families({ search: 'max' })).map((f) => f.id)).toEqual([nguyens.user.id]);
  });

  it('sets a family’s price, deposit and due date; a family that does not exist (or the breeder) is 404', async () => {
    const account = await as(admin).admin.payments.setTerms({
      familyId: parkers.user.id,
      price: '3,000.00',
      deposit: '500',
      dueOn: '2026-12-20',
    });
    expect(account.terms).toMatchObject({
      priceCents: 300000,
      depositCents: 50000,
      paidCents: 0,
      balanceCents: 300000,
      depositDueCents: 50000,
      dueOn: '2026-12-20',
      puppyName: 'Luna',
    });
    expect((await as(admin).admin.payments.families({ search: 'Luna' })).map((f) => f.hasTerms)).toEqual([true]);
    expect(await failure(as(admin).admin.payments.setTerms({ familyId: 999999, price: '1', deposit: '0', dueOn: null }))).toEqual({
      code: 'NOT_FOUND',
      message: PAYMENTS_MESSAGES.familyNotFound,
    });
    expect(
      (await failure(as(admin).admin.payments.setTerms({ familyId: admin.user.id, price: '1', deposit: '0', dueOn: null })))?.code,
    ).toBe('NOT_FOUND');
    expect(
      (await failure(as(admin).admin.payments.setTerms({ familyId: parkers.user.id, price: '3000.001', deposit: '0', dueOn: null })))?.code,
    ).toBe('BAD_REQUEST');
  });

  it.each([
    ['a payment of 0', { amount: '0' }, PAYMENTS_MESSAGES.zero],
    ['a negative amount without a reason', { amount: '-20' }, PAYMENTS_MESSAGES.refundNeedsReason],
    ['an amount with fractions of a cent', { amount: '500.005' }, MONEY_MESSAGES.fractionOfCent],
  ])('refuses %s with a clear 400 and changes nothing', async (_what, over, message) => {
    const before = await paymentCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.payments.record',
      headers: { cookie: admin.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ familyId: parkers.user.id, paidOn: '2026-11-28', method: 'cash', ...over }),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.data.fieldErrors)).toContain(message);
    expect(await paymentCount()).toBe(before);
  });

  it('refuses a payment for a family that does not exist (404) or has no terms yet (400)', async () => {
    const input = { amount: '500', paidOn: '2026-11-28', method: 'cash' as const };
    expect(await failure(as(admin).admin.payments.record({ ...input, familyId: 999999 }))).toEqual({
      code: 'NOT_FOUND',
      message: PAYMENTS_MESSAGES.familyNotFound,
    });
    expect(await failure(as(admin).admin.payments.record({ ...input, familyId: nguyens.user.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: PAYMENTS_MESSAGES.noTerms,
    });
    expect(await paymentCount()).toBe(0);
  });

  let depositId = 0;
  let receiptLink = '';
  it('records the deposit: the family gets a receipt e-mail whose link opens the receipt PDF', async () => {
    const account = await as(admin).admin.payments.record({
      familyId: parkers.user.id,
      amount: '500.00',
      paidOn: '2026-11-28',
      method: 'bank-transfer',
    });
    expect(account.terms).toMatchObject({ paidCents: 50000, balanceCents: 250000, depositDueCents: 0 });
    depositId = account.payments[0]!.id;
    t.app.services.mail.wake();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['parkers@example.com']);
    expect(mail!.subject).toBe(`Receipt R-${String(depositId).padStart(6, '0')}`);
    expect(mail!.text).toContain('your payment of $500.00 on November 28, 2026 (Bank transfer)');
    expect(mail!.text).toContain('Balance: $2,500.00, due December 20, 2026.');
    receiptLink = /(http:\/\/localhost:3000\/receipts\/\S+)/.exec(mail!.text)![1]!;
    const res = await get(receiptLink.replace('http://localhost:3000', ''));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Payment receipt R-${String(depositId).padStart(6, '0')}`);
    expect(text).toContain('Amount: $500.00');
    expect(text).toContain('Balance: $2,500.00');
    expect(text).toContain('Method: Bank transfer');
    // The same PDF travels with the e-mail.
    const { attachments } = await simpleParser(mail!.raw);
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`receipt-R-${String(depositId).padStart(6, '0')}.pdf`, 'application/pdf'],
    ]);
    expect(Buffer.compare(attachments[0]!.content, Buffer.from(res.rawPayload))).toBe(0);
  });

  it('serves a receipt to its family and the breeder only: another family, a visitor and a forged link get 404', async () => {
    const path = `/receipts/R-${String(depositId).padStart(6, '0')}.pdf`;
    expect((await get(path, parkers.cookie)).statusCode).toBe(200);
    expect((await get(path, admin.cookie)).statusCode).toBe(200);
    expect((await get(path, nguyens.cookie)).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(`${path}?t=forged`)).statusCode).toBe(404);
    // The link's token opens that receipt only.
    const token = new URL(receiptLink).searchParams.get('t')!;
    expect((await get(`/receipts/R-${String(depositId + 1).padStart(6, '0')}.pdf?t=${token}`)).statusCode).toBe(404);
    expect((await get('/receipts/R-1.pdf.exe', parkers.cookie)).statusCode).toBe(404);
  });

  it('shows the family what is due, by when and how to pay; another family sees none of it', async () => {
    await as(admin).admin.payments.saveInstructions({ instructions: 'Zelle to pay@example.com', link: 'https://pay.example.com/doodles' });
    expect(
      await failure(as(admin).admin.payments.saveInstructions({ instructions: '', link: 'http://insecure.example.com' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    const mine = await as(parkers).payments.mine();
    expect(mine).toMatchObject({
      terms: { priceCents: 300000, paidCents: 50000, balanceCents: 250000, dueOn: '2026-12-20' },
      instructions: 'Zelle to pay@example.com',
      link: 'https://pay.example.com/doodles',
    });
    expect(mine.payments.map((p) => p.amountCents)).toEqual([50000]);
    const theirs = await as(nguyens).payments.mine();
    expect(theirs.terms).toBeNull();
    expect(theirs.payments).toEqual([]);
    expect((await failure(as(null).payments.mine()))?.code).toBe('UNAUTHORIZED');
    expect((await failure(as(nguyens).admin.payments.account({ familyId: parkers.user.id })))?.code).toBe('FORBIDDEN');
  });

  it('every breeder procedure of payments: 403 for a family, 401 for a visitor, never data', async () => {
    const familyId = parkers.user.id;
    const calls: [string, 'query' | 'mutation', unknown][] = [
      ['admin.payments.families', 'query', {}],
      ['admin.payments.list', 'query', { page: 1 }],
      ['admin.payments.account', 'query', { familyId }],
      ['admin.payments.setTerms', 'mutation', { familyId, price: '1', deposit: '0', dueOn: null }],
      ['admin.payments.record', 'mutation', { familyId, amount: '1', paidOn: '2026-11-28', method: 'cash' }],
      ['admin.payments.instructions', 'query', undefined],
      ['admin.payments.saveInstructions', 'mutation', { instructions: 'x', link: '' }],
      ['admin.payments.exportCsv', 'query', {}],
    ];
    const before = await paymentCount();
    for (const [path, type, input] of calls) {
      for (const [who, status] of [
        [nguyens, 403],
        [null, 401],
      ] as const) {
        const headers: Record<string, string> = { origin: 'http://localhost:3000', ...(who ? { cookie: who.cookie } : {}) };
        const res =
          type === 'query'
            ? await t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, headers })
            : await t.app.inject({
                method: 'POST',
                url: `/trpc/${path}`,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(input),
              });
        expect(`${path}: ${res.statusCode}`).toBe(`${path}: ${status}`);
        expect(res.body).not.toContain('parkers@example.com');
      }
    }
    expect(await paymentCount()).toBe(before);
    expect((await as(parkers).payments.mine()).terms?.priceCents).toBe(300000);
  });

  it('REST: GET /api/payments/mine answers the signed-in family only', async () => {
    const res = await get('/api/payments/mine', parkers.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().terms.balanceCents).toBe(250000);
    expect((await get('/api/payments/mine', nguyens.cookie)).json()).toMatchObject({ terms: null, payments: [] });
    expect((await get('/api/payments/mine')).statusCode).toBe(401);
  });

  it('a refund is a negative payment with a reason: the balance goes back up and its receipt says refund', async () => {
    const account = await as(admin).admin.payments.record({
      familyId: parkers.user.id,
      amount: '-100.50',
      paidOn: '2026-11-29',
      method: 'check',
      reason: 'Crate returned',
    });
    expect(account.terms).toMatchObject({ paidCents: 39950, balanceCents: 260050 });
    const refund = account.payments.find((p) => p.amountCents === -10050)!;
    t.app.services.mail.wake();
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.subject).toBe(`Refund receipt ${refund.receiptNumber}`);
    expect(mails[1]!.text).toContain('a refund of $100.50 on November 29, 2026 (Check). Reason: Crate returned');
    expect(refund.reason).toBe('Crate returned');
    const res = await get(`/receipts/${refund.receiptNumber}.pdf`, parkers.cookie);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Refund receipt');
    expect(text).toContain('Reason: Crate returned');
    expect(text).toContain('Amount: $100.50');
  });

  it('lists accounts a page at a time, searched on the server, and exports every payment as formula-safe CSV', async () => {
    await as(admin).admin.payments.setTerms({ familyId: nguyens.user.id, price: '2,500', deposit: '500', dueOn: null });
    const page = await as(admin).admin.payments.list({ page: 1 });
    expect(page.total).toBe(2);
    expect(page.items.map((i) => i.familyId)).toEqual([parkers.user.id, nguyens.user.id]);
    expect((await as(admin).admin.payments.list({ page: 1, search: 'Max' })).items.map((i) => i.familyId)).toEqual([nguyens.user.id]);
    expect((await as(admin).admin.payments.list({ page: 2 })).items).toEqual([]);
    const csv = await get('/api/admin/payments.csv', admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('receipt,paid on,family,username,amount,method,reason,recorded at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")",parkers,500.00,Bank transfer`);
    expect(lines[2]).toContain("'-100.50,Check,Crate returned");
    expect((await get('/api/admin/payments.csv', parkers.cookie)).statusCode).toBe(403);
  });

  it('reminds the family 7 days before and on the day, once each, and puts what is due on Today', async () => {
    const run = (day: string) => runReminders(t.orm.em.fork(), t.app.services.mail, 'http://localhost:3000', new Date(`${day}T09:00:00Z`));
    const sent = smtp.received.length;
    expect(await run('2026-12-12')).toBe(0);
    expect(await run('2026-12-13')).toBe(1);
    expect(await run('2026-12-14')).toBe(0);
    expect(await run('2026-12-20')).toBe(1);
    expect(await run('2026-12-21')).toBe(0);
    const mails = (await smtp.waitFor(sent + 2)).slice(sent);
    expect(mails.map((m) => m.subject)).toEqual([WEEK_SUBJECT, DAY_SUBJECT]);
    expect(mails[0]!.text).toContain('The balance for your puppy, $2,600.50, is due on December 20, 2026.');
    expect(mails[0]!.text).toContain('Zelle to pay@example.com');
    expect(mails[1]!.text).toContain('is due today.');

    const em = t.orm.em.fork();
    expect(await paymentsToday(em, new Date('2026-12-10T09:00:00Z'))).toEqual([]);
    expect(await paymentsToday(em, new Date('2026-12-15T09:00:00Z'))).toEqual([
      {
        group: 'action',
        source: 'payments',
        title: '=HYPERLINK("http://evil"): balance of $2,600.50 due Sun, Dec 20',
        at: '2026-12-20T00:00:00.000Z',
        day: '2026-12-20',
        href: `/admin/payments?edit=${parkers.user.id}`,
      },
    ]);
    const late = await paymentsToday(em, new Date('2026-12-22T09:00:00Z'));
    expect(late[0]).toMatchObject({ overdue: true, title: expect.stringContaining('overdue since Sun, Dec 20') });

    // A new due date gets its own reminders; a balance paid in full gets none and leaves Today.
    await as(admin).admin.payments.setTerms({ familyId: parkers.user.id, price: '3,000', deposit: '500', dueOn: '2027-01-10' });
    expect(await run('2027-01-03')).toBe(1);
    await as(admin).admin.payments.record({ familyId: parkers.user.id, amount: '2600.50', paidOn: '2027-01-04', method: 'cash' });
    expect(await run('2027-01-10')).toBe(0);
    expect(await paymentsToday(t.orm.em.fork(), new Date('2027-01-11T09:00:00Z'))).toEqual([]);
    expect((await t.orm.em.fork().findOneOrFail(PaymentAccount, { family: parkers.user.id })).weekReminderFor).toBe('2027-01-10');
  });
});
