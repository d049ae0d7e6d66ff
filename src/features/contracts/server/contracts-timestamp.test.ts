// PAdES B-T (decision 121): with CONTRACT_TSA_URL set, the sealed PDF's signature carries an RFC 3161 timestamp
// from that server (a real one, started here, on a local port) over the signature value, and the verification
// shows the timestamp's time; with the server down, the countersigned contract waits (said on the contract and in
// Today), never sealed on the local clock, and is sealed exactly once by the retry after the server returns.
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Contract } from './contract.entity.ts';
import { contractsToday } from './contracts.today.ts';
import { DEMO_TEMPLATE_BODY } from './contracts.seed.ts';
import { retryWaitingSeals } from './contracts.admin-service.ts';
import { checkPdfSignature } from './pdf.ts';
import { startTestTsa } from './tsa.test-helpers.ts';

const smtp = await startSmtpServer();
const tsa = await startTestTsa();
afterAll(async () => {
  await smtp.close();
  await tsa.close();
});

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The CMS of the PDF's signature, read here with pkijs on its own. */
function signerInfoOf(pdf: Buffer): pkijs.SignerInfo {
  const text = pdf.toString('latin1');
  const [, from, to] = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)/.exec(text)!.map(Number) as [number, number, number];
  const der = Buffer.from(text.slice(from + 1, to - 1).replace(/(00)+$/, ''), 'hex');
  const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab(der)).content });
  return sd.signerInfos[0]!;
}

describe('sealed contracts timestamped by a timestamp server (PAdES B-T)', () => {
  const t = useTestApp({ SMTP_URL: smtp.url, CONTRACT_TSA_URL: tsa.url });
  let admin: Awaited<ReturnType<typeof signIn>>;
  let templateId = 0;
  const breeder = () => t.caller(admin.user).admin.contracts;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie, origin: TEST_ORIGIN } });

  /** A family matched with a puppy, a contract sent and signed by it: ready for the countersignature. */
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
  const sealedMails = async (puppy: string) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: number }>>(`select count(*)::int as n from outbox_messages where subject like ?`, [
          `%igned contract for ${puppy}%`,
        ])
    )[0]!.n;
  const events = async (id: number, kind: string) =>
    (
      await t.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ n: number }>>('select count(*)::int as n from contract_events where contract_id = ? and kind = ?', [id, kind])
    )[0]!.n;

  it('timestamps the signature value: the token is there, its imprint is the signature’s SHA-256, the page shows its time', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    templateId = (await breeder().saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY })).id;
    const id = await signedContract('parkers', 'Luna');
    const sealed = await breeder().countersign({ id, fullName: 'Sarah Breeder', consent: true });
    expect(sealed.status).toBe('sealed');
    expect(tsa.granted).toBe(1);
    const pdf = (await get(sealed.pdfUrl!)).rawPayload;

    const signer = signerInfoOf(pdf);
    const token = signer.unsignedAttrs?.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.14');
    expect(token).toBeDefined();
    const tokenSd = new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema: token!.values[0] }).content });
    const tst = pkijs.TSTInfo.fromBER((tokenSd.encapContentInfo.eContent as asn1js.OctetString).getValue());
    const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex');
    expect(imprint).toBe(createHash('sha256').update(signer.signature.valueBlock.valueHexView).digest('hex'));
    expect(tst.genTime.toISOString()).toBe(tsa.genTime.toISOString());
    // The token's own signature is checked by the verification below (a token that does not verify makes it invalid).

    const result = await t.caller(null).contracts.verify({ pdf: pdf.toString('base64') });
    expect(result).toMatchObject({
      signature: 'valid',
      subFilter: 'ETSI.CAdES.detached',
      knownContract: { id },
      timestamp: { at: tsa.genTime.toISOString(), authority: 'Test Timestamp Authority' },
    });
    const changed = Buffer.from(pdf);
    changed[pdf.length - 40] = changed[pdf.length - 40]! ^ 1;
    expect((await t.caller(null).contracts.verify({ pdf: changed.toString('base64') })).signature).toBe('invalid');
    expect(checkPdfSignature(pdf).timestamp?.at.toISOString()).toBe(tsa.genTime.toISOString());
  });

  it('with the timestamp server down the seal waits (never the local clock), and is made exactly once after it returns', async () => {
    const id = await signedContract('nguyens', 'Max');
    await tsa.stop();
    const waiting = await breeder().countersign({ id, fullName: 'Sarah Breeder', consent: true });
    expect(waiting).toMatchObject({ status: 'sealing', pdfUrl: null, pdfSha256: null, breederSignature: { fullName: 'Sarah Breeder' } });
    expect(waiting.sealWaiting?.error).toMatch(/could not be reached/);
    expect(waiting.events.map((e) => e.kind).slice(-2)).toEqual(['countersigned', 'seal-waiting']);
    expect(await contractsToday(t.orm.em.fork(), new Date())).toEqual([
      expect.objectContaining({
        source: 'contracts',
        href: `/admin/contracts?contract=${id}`,
        title: expect.stringContaining('waits for the timestamp server'),
      }),
    ]);
    // Countersigning again is refused; a retry while it is still down changes nothing.
    await expect(breeder().countersign({ id, fullName: 'Sarah Breeder', consent: true })).rejects.toThrow();
    expect(await retryWaitingSeals(t.orm.em.fork(), t.app.services)).toBe(0);
    expect((await t.orm.em.fork().findOneOrFail(Contract, id)).status).toBe('sealing');
    expect(await sealedMails('Max')).toBe(0);

    await tsa.start();
    const before = tsa.granted;
    const runs = await Promise.all([
      retryWaitingSeals(t.orm.em.fork(), t.app.services),
      retryWaitingSeals(t.orm.em.fork(), t.app.services),
    ]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await retryWaitingSeals(t.orm.em.fork(), t.app.services)).toBe(0);
    expect(tsa.granted - before).toBe(1);
    const sealed = await breeder().byId({ id });
    expect(sealed).toMatchObject({ status: 'sealed', sealWaiting: null });
    expect(await events(id, 'sealed')).toBe(1);
    expect(await sealedMails('Max')).toBe(2);
    const pdf = (await get(sealed.pdfUrl!)).rawPayload;
    expect((await t.caller(null).contracts.verify({ pdf: pdf.toString('base64') })).timestamp).toEqual({
      at: tsa.genTime.toISOString(),
      authority: 'Test Timestamp Authority',
    });
    expect(await contractsToday(t.orm.em.fork(), new Date())).toEqual([]);
  });
});
