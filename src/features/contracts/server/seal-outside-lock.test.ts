// Issue 44, item 9 (decision 140): sealing outside the lock. The timestamp server is asked, and the PDF signed,
// outside any transaction: while a slow timestamp server (a real one, answering after a delay) keeps a
// countersignature waiting, other requests on the same database (the embedded one's only connection, by default)
// are answered, shown by the order of events, not by timing. Two countersignatures at once seal once; a seal that a
// dead process left half-way is taken again once its claim has expired, and a live claim is left alone.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { DEMO_TEMPLATE_BODY } from './contracts.seed.ts';
import { retryWaitingSeals } from './seal.ts';
import { startTestTsa } from './tsa.test-helpers.ts';

const smtp = await startSmtpServer();
// Slow enough that, were the seal inside a transaction, every request below would wait for it.
const tsa = await startTestTsa(undefined, { delayMs: 3_000 });
afterAll(async () => {
  await smtp.close();
  await tsa.close();
});

describe('sealing outside the lock', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, CONTRACT_TSA_URL: tsa.url });
  let admin: Awaited<ReturnType<typeof signIn>>;
  let templateId = 0;
  const breeder = () => t.caller(admin.user).admin.contracts;
  const sql = <T = unknown>(text: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T[]>(text, params);

  const signedContract = async (username: string, puppy: string) => {
    const family = await signIn(t.orm, { isAdmin: false, username, email: `${username}@example.com` });
    const em = t.orm.em.fork();
    (await em.findOneOrFail(User, family.user.id)).displayName = username;
    em.create(Puppy, {
      name: puppy,
      gender: 'female',
      color: 'apricot',
      family: family.user.id,
      status: 'reserved',
      price: 3000,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    const id = (await breeder().prepare({ templateId, familyId: family.user.id })).id;
    await breeder().send({ id });
    await t.caller(family.user).contracts.sign({ id, fullName: username, consent: true });
    return id;
  };
  const count = async (text: string, params: unknown[]) => (await sql<{ n: number }>(text, params))[0]!.n;

  it('while the timestamp server takes its time, reads and writes on the database are answered; the seal is made once', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    templateId = (await breeder().saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY })).id;
    const id = await signedContract('parkers', 'Luna');
    const order: string[] = [];
    tsa.events.once('response', () => order.push('timestamp answered'));
    const asked = new Promise<void>((resolve) => tsa.events.once('request', () => resolve()));

    // Two countersignatures at once (two tabs): one seals, the other is told it is sealed.
    const attempts = Promise.allSettled([
      breeder().countersign({ id, fullName: 'Sarah Breeder', consent: true }),
      breeder().countersign({ id, fullName: 'Sarah Breeder', consent: true }),
    ]);
    await asked;
    // The timestamp server has the request and will not answer for a while: the site goes on meanwhile.
    const page = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(page.statusCode).toBe(200);
    order.push('read answered');
    const list = await breeder().list({ page: 1 });
    expect(list.items.find((c) => c.id === id)?.status).toBe('sealing');
    order.push('contracts listed');
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { origin: TEST_ORIGIN },
      payload: {
        name: 'Meanwhile Family',
        email: 'meanwhile@example.com',
        phone: '',
        interest: 'waitlist',
        message: 'Written while a contract was being sealed.',
      },
    });
    expect(inquiry.statusCode).toBe(201);
    order.push('write answered');

    const [first, second] = await attempts;
    expect(order).toEqual(['read answered', 'contracts listed', 'write answered', 'timestamp answered']);
    const results = [first, second];
    const sealed = results.filter((r) => r.status === 'fulfilled');
    expect(sealed).toHaveLength(1);
    expect((sealed[0] as PromiseFulfilledResult<{ status: string }>).value.status).toBe('sealed');
    expect(String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toMatch(/sealed/i);
    expect(tsa.granted).toBe(1);
    expect(await count(`select count(*)::int as n from "contract_events" where "contract_id" = ? and "kind" = 'sealed'`, [id])).toBe(1);
    expect(await count(`select count(*)::int as n from "contract_events" where "contract_id" = ? and "kind" = 'countersigned'`, [id])).toBe(
      1,
    );
    expect(await count(`select count(*)::int as n from "outbox_messages" where "subject" like '%igned contract for Luna%'`, [])).toBe(2);
    expect(await count(`select count(*)::int as n from "media" where "filename" like ?`, [`contract-${id}-%`])).toBe(1);
    const [row] = await sql<{ seal_claim: string | null }>(`select "seal_claim" from "contracts" where "id" = ?`, [id]);
    expect(row!.seal_claim).toBeNull();
  });

  it('a seal a dead process left half-way is taken again once its claim expires, exactly once; a live claim is left alone', async () => {
    const id = await signedContract('nguyens', 'Max');
    // As a countersignature leaves it the moment its process dies before the seal is recorded.
    await sql(
      `update "contracts" set "status" = 'sealing', "breeder_signed_name" = 'Sarah Breeder', "breeder_signed_at" = now(), "seal_claim" = 'claim-of-a-live-process', "seal_claimed_at" = now() where "id" = ?`,
      [id],
    );
    expect(await retryWaitingSeals(t.orm.em.fork(), t.app.services)).toBe(0);
    expect(
      await count(
        `select count(*)::int as n from "contracts" where "id" = ? and "status" = 'sealing' and "seal_claim" = 'claim-of-a-live-process'`,
        [id],
      ),
    ).toBe(1);

    await sql(
      `update "contracts" set "seal_claim" = 'claim-of-a-dead-process', "seal_claimed_at" = now() - interval '10 minutes' where "id" = ?`,
      [id],
    );
    const before = tsa.granted;
    const runs = await Promise.all([
      retryWaitingSeals(t.orm.em.fork(), t.app.services),
      retryWaitingSeals(t.orm.em.fork(), t.app.services),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await retryWaitingSeals(t.orm.em.fork(), t.app.services)).toBe(0);
    expect(tsa.granted - before).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from "contracts" where "id" = ? and "status" = 'sealed' and "seal_claim" is null and "pdf_url" is not null`,
        [id],
      ),
    ).toBe(1);
    expect(await count(`select count(*)::int as n from "contract_events" where "contract_id" = ? and "kind" = 'sealed'`, [id])).toBe(1);
    expect(await count(`select count(*)::int as n from "outbox_messages" where "subject" like '%igned contract for Max%'`, [])).toBe(2);
  });
});
