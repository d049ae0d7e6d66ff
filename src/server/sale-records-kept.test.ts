// A family that deletes its account (decision 121): its signed, sealed contract and its payments stay for the
// breeder (legal and accounting records), detached from the account, with the name and e-mail address they were
// signed and paid under; the sealed PDF and the receipts are served to the breeder only; an unsigned draft goes.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { User } from '../features/auth/server/user.entity.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { Contract } from '../features/contracts/server/contract.entity.ts';
import { DEMO_TEMPLATE_BODY } from '../features/contracts/server/contracts.seed.ts';
import { sha256Hex } from '../features/contracts/server/pdf.ts';
import { CONTRACT_MESSAGES } from '../features/contracts/contracts.schema.ts';
import { Payment, PaymentAccount } from '../features/payments/server/payments.entity.ts';
import { receiptToken } from '../features/payments/server/payments.service.ts';

describe('signed contracts and payments outlive the family’s account', () => {
  const t = useTestApp();

  it('keeps them for the breeder only, with the name and address as signed and paid; the draft is gone', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const family = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    const other = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
    const em = t.orm.em.fork();
    (await em.findOneOrFail(User, family.user.id)).displayName = 'Jamie Parker';
    em.create(Puppy, {
      name: 'Luna',
      gender: 'female',
      color: 'apricot',
      family: family.user.id,
      status: 'reserved',
      price: 3200,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const get = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie, origin: TEST_ORIGIN } : {} });

    // A sealed contract, a draft never sent, and two payments (one a refund).
    const breeder = () => t.caller(admin.user).admin;
    const template = await breeder().contracts.saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    const sealedId = (await breeder().contracts.prepare({ templateId: template.id, familyId: family.user.id })).id;
    await breeder().contracts.send({ id: sealedId });
    await t.caller(family.user).contracts.sign({ id: sealedId, fullName: 'Jamie Parker', consent: true });
    const sealed = await breeder().contracts.countersign({ id: sealedId, fullName: 'Sarah Breeder', consent: true });
    expect(sealed.status).toBe('sealed');
    const draftId = (await breeder().contracts.prepare({ templateId: template.id, familyId: family.user.id })).id;
    await breeder().payments.setTerms({ familyId: family.user.id, price: '3200', deposit: '500', dueOn: '2027-01-09' });
    await breeder().payments.record({ familyId: family.user.id, amount: '500', paidOn: '2026-11-20', method: 'check' });
    const account = await breeder().payments.record({
      familyId: family.user.id,
      amount: '-50',
      paidOn: '2026-11-21',
      method: 'check',
      reason: 'Collar not included',
    });
    const receipts = account.payments.map((p) => p.receiptNumber).sort();
    expect(receipts).toHaveLength(2);
    const ids = account.payments.map((p) => p.id);
    const tokens = await Promise.all(ids.map((id) => receiptToken(t.orm.em.fork(), id)));
    // Before: the family reads its receipt by the e-mailed link.
    expect((await get(`/receipts/${receipts[0]}.pdf?t=${tokens[ids.indexOf(Math.min(...ids))]}`, '')).statusCode).toBe(200);

    await t.caller(family.user).auth.deleteAccount({ currentPassword: TEST_PASSWORD, confirm: 'DELETE' });
    const after = t.orm.em.fork();
    expect(await after.findOne(User, family.user.id)).toBeNull();

    // The draft is gone; the sealed contract stays, detached, with the name and address it was signed with.
    expect(await after.findOne(Contract, draftId)).toBeNull();
    const kept = await breeder().contracts.byId({ id: sealedId });
    expect(kept).toMatchObject({
      status: 'sealed',
      familyId: null,
      familyName: 'Jamie Parker',
      familyEmail: 'parkers@example.com',
      familySignature: { fullName: 'Jamie Parker' },
    });
    expect(kept.familyErasedAt).not.toBeNull();
    expect((await breeder().contracts.list({ page: 1, search: 'parker' })).items.map((c) => c.id)).toEqual([sealedId]);
    await expect(breeder().contracts.update({ id: sealedId, values: kept.values, body: kept.body })).rejects.toThrow(
      CONTRACT_MESSAGES.sealed,
    );
    // The breeder downloads the sealed PDF, byte for byte; the other family and a visitor get 404.
    const pdf = await get(kept.pdfUrl!, admin.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(sha256Hex(pdf.rawPayload)).toBe(kept.pdfSha256);
    expect((await get(kept.pdfUrl!, other.cookie)).statusCode).toBe(404);
    expect((await get(kept.pdfUrl!, '')).statusCode).toBe(404);
    // It still verifies.
    expect((await t.caller(null).contracts.verify({ pdf: pdf.rawPayload.toString('base64') })).knownContract).toMatchObject({
      id: sealedId,
    });

    // The payments stay, detached, with the name and address they were paid under; the terms (and their reminders) go.
    expect(await after.count(PaymentAccount, {})).toBe(0);
    const rows = await after.find(Payment, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    expect(rows.map((p) => [p.family, p.familyName, p.familyEmail, p.amountCents])).toEqual([
      [null, 'Jamie Parker', 'parkers@example.com', 50000],
      [null, 'Jamie Parker', 'parkers@example.com', -5000],
    ]);
    const listed = await breeder().payments.kept({ page: 1, search: 'parkers@' });
    expect(listed.total).toBe(2);
    expect(listed.items.map((p) => p.receiptNumber).sort()).toEqual(receipts);
    expect(listed.items[0]).toMatchObject({ familyName: 'Jamie Parker', familyEmail: 'parkers@example.com' });
    expect((await breeder().payments.kept({ page: 1, search: 'nobody' })).total).toBe(0);
    let csv = '';
    for await (const chunk of await breeder().payments.exportCsv({ search: 'jamie' })) csv += String(chunk);
    expect(csv.split('\n').filter((l) => l.includes('Jamie Parker'))).toHaveLength(2);
    // The breeder downloads the receipts; nobody else does, not even with the e-mailed link.
    for (const [i, number] of receipts.entries()) {
      const url = `/receipts/${number}.pdf`;
      const res = await get(url, admin.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await get(url, other.cookie)).statusCode).toBe(404);
      expect((await get(`${url}?t=${tokens[i]}`, '')).statusCode).toBe(404);
      expect((await get(`${url}?t=${tokens[i]}`, other.cookie)).statusCode).toBe(404);
    }
    // The other family's own views hold nothing of it.
    expect(await t.caller(other.user).contracts.mine()).toEqual([]);
    expect((await t.caller(other.user).payments.mine()).payments).toEqual([]);
    await expect(t.caller(other.user).admin.payments.kept({ page: 1 })).rejects.toThrow();
  });
});
