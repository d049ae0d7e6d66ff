// What the breeder sees is what goes out (issue 45, decision 141), through the real app: the preview renders the
// values on screen without saving them; sending refuses invalid values, unfilled fields and a stale preview with
// nothing changed; sending with the values stores them and fixes exactly the previewed text, which is byte for byte
// the family's copy; voiding asks for a reason, tells a family that had the contract (outbox and My Family) and
// takes the text out of its view, while a draft never sent leaves no trace for them.
import { describe, expect, it } from 'vitest';
import { type TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { CONTRACT_MESSAGES, type ContractValuesInput } from '../contracts.schema.ts';
import { Contract } from './contract.entity.ts';
import { DEMO_TEMPLATE_BODY } from './contracts.seed.ts';
import { sha256Hex } from './pdf.ts';

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('contracts: send what is seen, void with a reason', () => {
  const t = useTestApp();
  let admin: Signed;
  let family: Signed;
  let templateId = 0;

  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'OK';
    } catch (e) {
      const issues = ((e as TRPCError).cause as { issues?: Array<{ message: string }> } | undefined)?.issues;
      return `${(e as TRPCError).code}: ${issues?.[0]?.message ?? (e as TRPCError).message}`;
    }
  };
  // A fresh caller per call, as every request has its own entity manager.
  const breeder = () => t.caller(admin.user).admin.contracts;
  const row = (id: number) => t.orm.em.fork().findOneOrFail(Contract, id);
  const outbox = (to: string) =>
    t.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ subject: string; text: string }>>('select "subject", "text" from "outbox_messages" where "to" = ? order by "id"', [
        to,
      ]);

  it('sets up a matched family and the template', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    family = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    const em = t.orm.em.fork();
    const u = await em.findOneOrFail(User, family.user.id);
    u.displayName = 'Jamie Parker';
    u.emailVerifiedAt = new Date();
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
    templateId = (await breeder().saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY })).id;
  });

  it('refuses to send invalid values or unfilled fields, and changes nothing', async () => {
    const draft = await breeder().prepare({ templateId, familyId: family.user.id });
    const good: ContractValuesInput = { ...draft.values, deposit: '500', pickupDate: '2027-01-09' };
    const before = await row(draft.id);
    // Values the server refuses: a deposit over the price, a date that is not one.
    expect(await code(breeder().send({ id: draft.id, values: { ...good, deposit: '5000' }, body: draft.body }))).toBe(
      `BAD_REQUEST: ${CONTRACT_MESSAGES.depositOverPrice}`,
    );
    expect(await code(breeder().send({ id: draft.id, values: { ...good, pickupDate: '2027-02-30' }, body: draft.body }))).toBe(
      `BAD_REQUEST: ${CONTRACT_MESSAGES.dateInvalid}`,
    );
    expect(await code(breeder().send({ id: draft.id, values: good } as never))).toBe(`BAD_REQUEST: ${CONTRACT_MESSAGES.valuesWithBody}`);
    // A price of $0 where the text uses the price: the preview says so, and sending refuses it.
    const free = await breeder().preview({ id: draft.id, values: { ...good, price: '0', deposit: '0' }, body: draft.body });
    expect(free.unfilled).toEqual(['the price']);
    expect(await code(breeder().send({ id: draft.id, values: { ...good, price: '0', deposit: '0' }, body: draft.body }))).toBe(
      `BAD_REQUEST: ${CONTRACT_MESSAGES.unfilled(['the price'])}`,
    );
    // A preview of other values than those sent: refused, as the breeder did not see what would go out.
    const shown = await breeder().preview({ id: draft.id, values: good, body: draft.body });
    expect(
      await code(breeder().send({ id: draft.id, values: { ...good, deposit: '600' }, body: draft.body, previewSha256: shown.textSha256 })),
    ).toBe(`CONFLICT: ${CONTRACT_MESSAGES.previewOutdated}`);
    const after = await row(draft.id);
    expect({
      status: after.status,
      deposit: after.depositCents,
      pickup: after.pickupDate,
      price: after.priceCents,
      sent: after.sentText,
    }).toEqual({
      status: before.status,
      deposit: before.depositCents,
      pickup: before.pickupDate,
      price: before.priceCents,
      sent: null,
    });
    expect(await t.caller(family.user).contracts.mine()).toEqual([]);
    expect(await outbox('parkers@example.com')).toEqual([]);
  });

  it('sends the values on screen, unsaved: they are stored, and the family reads the preview byte for byte', async () => {
    const draft = await breeder().prepare({ templateId, familyId: family.user.id });
    // The breeder typed a deposit and a pickup date and did not save: the saved draft still has neither.
    expect(draft.values).toMatchObject({ deposit: '0', pickupDate: '' });
    expect(draft.text).toContain('goes home on a date to be agreed');
    const values: ContractValuesInput = { ...draft.values, deposit: '500', pickupDate: '2027-01-09' };
    const preview = await breeder().preview({ id: draft.id, values, body: draft.body });
    expect(preview.text).toContain('Deposit: $500');
    expect(preview.text).toContain('Balance: $2,700');
    expect(preview.text).toContain('goes home on January 9, 2027');
    expect(preview.textSha256).toBe(sha256Hex(preview.text));
    // The preview stored nothing.
    expect((await row(draft.id)).depositCents).toBe(0);

    const sent = await breeder().send({ id: draft.id, values, body: draft.body, previewSha256: preview.textSha256 });
    expect(sent).toMatchObject({ status: 'sent', values: { deposit: '500', pickupDate: '2027-01-09' }, textSha256: preview.textSha256 });
    const stored = await row(draft.id);
    expect({ deposit: stored.depositCents, pickup: stored.pickupDate, sentText: stored.sentText }).toEqual({
      deposit: 50_000,
      pickup: '2027-01-09',
      sentText: preview.text,
    });

    const mine = await t.caller(family.user).contracts.byId({ id: draft.id });
    expect(Buffer.from(mine.html).equals(Buffer.from(preview.html))).toBe(true);
    expect(mine.text).toBe(preview.text);
    const [mail] = await outbox('parkers@example.com');
    expect(mail!.subject).toBe('Your puppy contract for Luna is ready to sign');
    expect(mail!.text).toContain(preview.textSha256);
  });

  it('voiding needs a reason; the family that had it is told and keeps only the title and the reason', async () => {
    const [sent] = await t.caller(family.user).contracts.mine();
    expect(sent!.status).toBe('sent');
    expect(await code(breeder().void({ id: sent!.id, reason: '  ' }))).toBe(`BAD_REQUEST: ${CONTRACT_MESSAGES.voidReasonRequired}`);
    expect((await row(sent!.id)).status).toBe('sent');

    const voided = await breeder().void({ id: sent!.id, reason: 'The pickup moved: a new contract follows.' });
    expect(voided).toMatchObject({ status: 'voided', voidReason: 'The pickup moved: a new contract follows.' });
    const mails = await outbox('parkers@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      'Your puppy contract for Luna is ready to sign',
      'Your puppy contract for Luna was voided',
    ]);
    expect(mails[1]!.text).toContain('Reason: The pickup moved: a new contract follows.');

    const mine = await t.caller(family.user).contracts.mine();
    expect(mine).toEqual([
      expect.objectContaining({ id: sent!.id, status: 'voided', voidReason: 'The pickup moved: a new contract follows.' }),
    ]);
    // The text itself has left the family's view.
    expect(await code(t.caller(family.user).contracts.byId({ id: sent!.id }))).toBe(`NOT_FOUND: ${CONTRACT_MESSAGES.contractNotFound}`);
  });

  it('a voided draft that was never sent leaves no trace for the family and sends no e-mail', async () => {
    // The first test's draft, refused every time, was never sent.
    const [draft] = (await breeder().list({ page: 1, status: 'draft' })).items;
    expect(await breeder().void({ id: draft!.id, reason: 'Prepared twice by mistake.' })).toMatchObject({ status: 'voided' });
    expect((await t.caller(family.user).contracts.mine()).map((c) => c.id)).not.toContain(draft!.id);
    expect(await t.caller(family.user).contracts.mine()).toHaveLength(1);
    expect(await outbox('parkers@example.com')).toHaveLength(2);
  });
});
