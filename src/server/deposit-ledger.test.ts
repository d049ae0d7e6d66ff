// One deposit (issue 45, decision 141), through the real app: a $500 deposit recorded under Payments is what the
// application, the waitlist and the family's own application read (a refund after it too), the contract prepared for
// the family starts with it, and new payment terms start from the contract and the puppy.
import { describe, expect, it } from 'vitest';
import { useTestApp } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { ANSWERS } from './testing/applications.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { DEMO_TEMPLATE_BODY } from '../features/contracts/server/contracts.seed.ts';

describe('the payments ledger is the one record of a deposit', () => {
  const t = useTestApp();

  it('shows a deposit recorded under Payments on the application, the waitlist and the contract', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const family = await signIn(t.orm, { isAdmin: false, username: 'riveras', email: 'jamie@example.com' });
    const breeder = () => t.caller(admin.user).admin;
    const { id } = await t.caller(family.user).applications.submit({ ...ANSWERS, idempotencyKey: crypto.randomUUID() });
    await breeder().applications.changeStatus({ id, status: 'approved' });
    await breeder().applications.changeStatus({ id, status: 'waitlisted', litterId: null });
    expect((await breeder().applications.byId({ id })).deposit).toBeNull();
    expect((await breeder().applications.waitlist({ litterId: null })).map((e) => e.deposit)).toEqual([null]);

    await breeder().payments.setTerms({ familyId: family.user.id, price: '3200', deposit: '500', dueOn: null });
    await breeder().payments.record({ familyId: family.user.id, amount: '500', paidOn: '2026-11-20', method: 'check' });
    const deposit = { amount: 500, receivedOn: '2026-11-20', method: 'check', refundedOn: null, refundAmount: null, fromLedger: true };
    expect((await breeder().applications.byId({ id })).deposit).toMatchObject(deposit);
    expect((await breeder().applications.waitlist({ litterId: null }))[0]!.deposit).toMatchObject(deposit);
    expect((await t.caller(family.user).applications.mine())[0]!.deposit).toEqual({
      amount: 500,
      receivedOn: '2026-11-20',
      nonRefundable: true,
      refundedOn: null,
      refundAmount: null,
    });
    // A later payment is not the deposit; a refund after it is shown with it.
    await breeder().payments.record({ familyId: family.user.id, amount: '1000', paidOn: '2026-11-25', method: 'cash' });
    await breeder().payments.record({
      familyId: family.user.id,
      amount: '-100',
      paidOn: '2026-11-26',
      method: 'check',
      reason: 'Crate not needed',
    });
    expect((await breeder().applications.byId({ id })).deposit).toMatchObject({
      amount: 500,
      refundedOn: '2026-11-26',
      refundAmount: 100,
      fromLedger: true,
    });

    // Matched with Luna ($3,200): the contract starts with the ledger's deposit and the puppy's price.
    const em = t.orm.em.fork();
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
    const template = await breeder().contracts.saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    const draft = await breeder().contracts.prepare({ templateId: template.id, familyId: family.user.id });
    expect(draft.values).toMatchObject({ price: '3200', deposit: '500' });
    expect(draft.text).toContain('Deposit: $500');
  });

  it('new payment terms start from the family’s contract (price, deposit, pickup) or else the puppy’s price', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const family = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'an@example.com' });
    const breeder = () => t.caller(admin.user).admin;
    const em = t.orm.em.fork();
    em.create(Puppy, {
      name: 'Max',
      gender: 'male',
      color: 'red',
      family: family.user.id,
      status: 'reserved',
      price: 3000,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const option = async () => (await breeder().payments.families({ search: 'Max' })).find((f) => f.id === family.user.id)!;
    expect((await option()).suggested).toEqual({ priceCents: 300_000, depositCents: null, dueOn: null });
    const template = await breeder().contracts.saveTemplate({ name: 'Agreement', body: DEMO_TEMPLATE_BODY });
    const draft = await breeder().contracts.prepare({ templateId: template.id, familyId: family.user.id });
    await breeder().contracts.update({
      id: draft.id,
      values: { ...draft.values, price: '2900', deposit: '400', pickupDate: '2027-01-09' },
      body: draft.body,
    });
    expect((await option()).suggested).toEqual({ priceCents: 290_000, depositCents: 40_000, dueOn: '2027-01-09' });
  });
});
