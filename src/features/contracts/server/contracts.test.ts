// Contracts end to end through the real app: templates (versions, an unknown field refused by name), a contract
// prepared for a matched family, sent (mail through a real SMTP server), opened and signed by the family over
// HTTP (time, account, IP, user agent), every bad input refused with nothing changed, a text change voiding the
// family's signature, the countersignature sealing a signed PDF with its audit page, who may download it, the
// verification (genuine, one byte changed, not a PDF), REST and the Today source.
import { afterAll, describe, expect, it } from 'vitest';
import { type TRPCError } from '@trpc/server';
import { extractText, getDocumentProxy } from 'unpdf';
import { simpleParser } from 'mailparser';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { CONTRACT_MESSAGES, type ContractDto } from '../contracts.schema.ts';
import { Contract } from './contract.entity.ts';
import { contractsToday } from './contracts.today.ts';
import { DEMO_TEMPLATE_BODY } from './contracts.seed.ts';
import { checkPdfSignature, selfSignedP12, sha256Hex } from './pdf.ts';
import { CERTIFICATE_MESSAGES } from './signing-key.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

type Signed = Awaited<ReturnType<typeof signIn>>;
const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile';
const DESK_UA = 'Mozilla/5.0 (X11; Linux x86_64) Desktop';

describe('contracts', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;
  let templateId = 0;
  let contractId = 0;
  let pdf: Buffer;

  const code = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'OK';
    } catch (e) {
      // A schema's refusal: its first issue's message (what the client is shown), not the serialised list.
      const issues = ((e as TRPCError).cause as { issues?: Array<{ message: string }> } | undefined)?.issues;
      return `${(e as TRPCError).code}: ${issues?.[0]?.message ?? (e as TRPCError).message}`;
    }
  };
  const http = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown, ua = PHONE_UA, ip = '203.0.113.7') =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { cookie, 'user-agent': ua, origin: TEST_ORIGIN, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const trpcGet = async (path: string, input: unknown, cookie: string) => {
    const res = await http('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, cookie);
    return { status: res.statusCode, body: res.json() as { result?: { data: ContractDto }; error?: { message: string } } };
  };
  const adminApi = () =>
    new Proxy({} as ReturnType<typeof t.caller>['admin']['contracts'], {
      get: (_, name) => (input: never) =>
        (t.caller(admin.user).admin.contracts as unknown as Record<string, (i: never) => unknown>)[name as string]!(input),
    });
  const snapshot = async (id: number) => {
    const em = t.orm.em.fork();
    const c = await em.findOneOrFail(Contract, id);
    const events = await em
      .getConnection()
      .execute<Array<{ n: number }>>('select count(*)::int as n from contract_events where contract_id = ?', [id]);
    return { status: c.status, signedAt: c.familySignedAt?.toISOString() ?? null, text: c.sentText, events: events[0]!.n };
  };

  it('sets up two matched families', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens' });
    const em = t.orm.em.fork();
    for (const [u, email, name] of [
      [parkers, 'parkers@example.com', 'Jamie Parker'],
      [nguyens, 'nguyens@example.com', 'An Nguyen'],
    ] as const) {
      const row = await em.findOneOrFail(User, u.user.id);
      row.email = email;
      row.emailVerifiedAt = new Date();
      row.displayName = name;
    }
    em.create(Puppy, {
      name: 'Luna',
      gender: 'female',
      color: 'apricot',
      family: parkers.user.id,
      status: 'reserved',
      price: 3200,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    em.create(Puppy, {
      name: 'Max',
      gender: 'male',
      color: 'red',
      family: nguyens.user.id,
      status: 'reserved',
      price: 3000,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
  });

  it('refuses a template with an unknown field by its name, and versions every save', async () => {
    // A fresh caller per call, as every request has its own entity manager.
    const a = adminApi();
    expect(await code(a.saveTemplate({ name: 'Bad', body: 'Hello {{family.name}}, your {{puppy.colour}} puppy' }))).toBe(
      `BAD_REQUEST: ${CONTRACT_MESSAGES.unknownField('puppy.colour')}`,
    );
    expect((await a.templates({ page: 1 })).total).toBe(0);
    const v1 = await a.saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    expect(v1.version).toBe(1);
    templateId = v1.id;
    const v2 = await a.saveTemplate({
      id: templateId,
      name: 'Puppy sale agreement',
      body: `${DEMO_TEMPLATE_BODY}\nSigned in {{pickup.date}}.`,
    });
    expect(v2.version).toBe(2);
    expect(await code(a.saveTemplate({ id: templateId, name: 'X', body: '{{nope}}' }))).toBe(
      `BAD_REQUEST: ${CONTRACT_MESSAGES.unknownField('nope')}`,
    );
    expect((await a.templates({ page: 1, search: 'sale' })).items.map((x) => x.version)).toEqual([2]);
  });

  it('prepares a draft prefilled from the match; the family sees nothing of a draft and cannot sign it', async () => {
    // A fresh caller per call, as every request has its own entity manager.
    const a = adminApi();
    const draft = await a.prepare({ templateId, familyId: parkers.user.id });
    contractId = draft.id;
    expect(draft).toMatchObject({
      status: 'draft',
      familyName: 'Jamie Parker',
      puppyName: 'Luna',
      templateVersion: 2,
      values: { price: '3200', deposit: '0' },
    });
    expect(draft.text).toContain('**Jamie Parker** (the Buyer)');
    expect((await a.families({ search: 'luna' })).map((f) => f.id)).toEqual([parkers.user.id]);
    // A new template version later does not change the contract's.
    await a.saveTemplate({ id: templateId, name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    expect((await a.byId({ id: contractId })).templateVersion).toBe(2);

    const family = t.caller(parkers.user).contracts;
    expect(await family.mine()).toEqual([]);
    expect(await code(family.byId({ id: contractId }))).toBe(`NOT_FOUND: ${CONTRACT_MESSAGES.contractNotFound}`);
    const before = await snapshot(contractId);
    const res = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, { fullName: 'Jamie Parker', consent: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTRACT_MESSAGES.notSent);
    expect(await snapshot(contractId)).toEqual(before);
  });

  it('edits the values and sends it: the text is fixed with its hash, the family is e-mailed', async () => {
    // A fresh caller per call, as every request has its own entity manager.
    const a = adminApi();
    const edited = await a.update({
      id: contractId,
      values: {
        familyName: 'Jamie Parker',
        puppyName: 'Luna',
        microchip: '985112345678901',
        price: '3,200',
        deposit: '500',
        pickupDate: '2027-01-09',
        guaranteeYears: 2,
      },
      body: (await a.byId({ id: contractId })).body,
    });
    expect(edited.text).toContain('Balance: $2,700');
    expect(edited.text).toContain('microchip 985112345678901');
    expect(await code(a.update({ id: contractId, values: { ...edited.values, deposit: '5000' }, body: edited.body }))).toMatch(
      /^BAD_REQUEST/,
    );
    const sent = await a.send({ id: contractId });
    expect(sent.status).toBe('sent');
    expect(sent.textSha256).toBe(sha256Hex(sent.text));
    expect(await code(a.send({ id: contractId }))).toBe(`CONFLICT: ${CONTRACT_MESSAGES.alreadySent}`);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['parkers@example.com']);
    expect(mail!.subject).toBe('Your puppy contract for Luna is ready to sign');
    expect(mail!.text).toContain(sent.textSha256!);
  });

  it('another family gets NOT_FOUND for every procedure and 404 over REST, and nothing changes', async () => {
    const other = t.caller(nguyens.user).contracts;
    expect(await other.mine()).toEqual([]);
    expect(await code(other.byId({ id: contractId }))).toBe(`NOT_FOUND: ${CONTRACT_MESSAGES.contractNotFound}`);
    const before = await snapshot(contractId);
    expect(await code(other.sign({ id: contractId, fullName: 'An Nguyen', consent: true }))).toBe(
      `NOT_FOUND: ${CONTRACT_MESSAGES.contractNotFound}`,
    );
    const res = await http('POST', `/api/contracts/${contractId}/sign`, nguyens.cookie, { fullName: 'An Nguyen', consent: true });
    expect(res.statusCode).toBe(404);
    expect((await http('GET', '/api/contracts/mine', nguyens.cookie)).json()).toEqual([]);
    expect((await http('POST', `/api/contracts/${contractId}/sign`, '', { fullName: 'X Y', consent: true })).statusCode).toBe(401);
    expect(await code(t.caller(nguyens.user).admin.contracts.byId({ id: contractId }))).toMatch(/^FORBIDDEN/);
    expect(await snapshot(contractId)).toEqual(before);
  });

  it('the family opens it, is refused without consent or with a bad drawing, signs on a phone, and cannot sign twice', async () => {
    const opened = await trpcGet('contracts.byId', { id: contractId }, parkers.cookie);
    expect(opened.status).toBe(200);
    expect(opened.body.result!.data.html).toContain('<strong>Jamie Parker</strong>');
    expect(opened.body.result!.data.events.map((e) => e.kind)).toEqual(['prepared', 'edited', 'sent', 'opened']);
    const mine = await http('GET', '/api/contracts/mine', parkers.cookie);
    expect(mine.json()).toMatchObject([{ id: contractId, status: 'sent', puppyName: 'Luna' }]);

    const before = await snapshot(contractId);
    const noConsent = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, { fullName: 'Jamie Parker', consent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fieldErrors.consent).toEqual([CONTRACT_MESSAGES.consentRequired]);
    const noName = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, { fullName: ' ', consent: true });
    expect(noName.json().fieldErrors.fullName).toEqual([CONTRACT_MESSAGES.fullNameRequired]);
    const notPng = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, {
      fullName: 'Jamie Parker',
      consent: true,
      drawing: 'data:image/png;base64,SGVsbG8gd29ybGQh',
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe(CONTRACT_MESSAGES.drawingInvalid);
    expect(await snapshot(contractId)).toEqual(before);

    const signed = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, {
      fullName: 'Jamie Parker',
      consent: true,
      drawing: PNG_1x1,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ id: contractId, status: 'signed', familySignature: { fullName: 'Jamie Parker', drawn: true } });
    const row = await t.orm.em.fork().findOneOrFail(Contract, contractId);
    expect(row).toMatchObject({ familySignedBy: parkers.user.id, familySignedIp: '203.0.113.7', familySignedUserAgent: PHONE_UA });

    const after = await snapshot(contractId);
    const twice = await http('POST', `/api/contracts/${contractId}/sign`, parkers.cookie, { fullName: 'Jamie Parker', consent: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(CONTRACT_MESSAGES.alreadySigned);
    expect(await snapshot(contractId)).toEqual(after);
    // The breeder is told; Today lists it for countersigning.
    const mails = await smtp.waitFor(2);
    expect(mails[1]!.subject).toBe('Jamie Parker signed the contract for Luna');
    const today = await contractsToday(t.orm.em.fork(), new Date(Date.now() + 3 * 86_400_000));
    expect(today).toEqual([
      expect.objectContaining({ group: 'action', source: 'contracts', href: `/admin/contracts?contract=${contractId}`, overdue: true }),
    ]);
  });

  it('a text change after the family signed voids their signature and says so; a voided contract cannot be signed', async () => {
    // A fresh caller per call, as every request has its own entity manager.
    const a = adminApi();
    const second = await a.prepare({ templateId, familyId: nguyens.user.id });
    await a.send({ id: second.id });
    await t.caller(nguyens.user).contracts.sign({ id: second.id, fullName: 'An Nguyen', consent: true });
    const changed = await a.update({ id: second.id, values: { ...second.values, price: '3100' }, body: second.body });
    expect(changed).toMatchObject({ status: 'draft', familySignature: null, notice: CONTRACT_MESSAGES.textChangedAfterSigning });
    expect(changed.events.map((e) => e.kind)).toContain('signatures-voided');
    expect(await code(a.countersign({ id: second.id, fullName: 'Sarah Breeder', consent: true }))).toBe(
      `CONFLICT: ${CONTRACT_MESSAGES.familyNotSigned}`,
    );
    await a.void({ id: second.id, reason: 'The price changed: a new contract follows.' });
    const before = await snapshot(second.id);
    expect(await code(t.caller(nguyens.user).contracts.sign({ id: second.id, fullName: 'An Nguyen', consent: true }))).toBe(
      `CONFLICT: ${CONTRACT_MESSAGES.voided}`,
    );
    expect(await snapshot(second.id)).toEqual(before);
    expect((await smtp.waitFor(5)).map((m) => m.subject)).toContain('Your puppy contract for Max was voided');
    expect((await a.list({ page: 1, status: 'voided' })).items.map((c) => c.id)).toEqual([second.id]);
    expect((await a.list({ page: 1, search: 'parker' })).items.map((c) => c.id)).toEqual([contractId]);
  });

  it('the breeder countersigns: a signed PDF with the text, both signatures and the audit page, e-mailed to both', async () => {
    const res = await http(
      'POST',
      '/trpc/admin.contracts.countersign',
      admin.cookie,
      { id: contractId, fullName: 'Sarah Breeder', consent: true },
      DESK_UA,
      '198.51.100.4',
    );
    expect(res.statusCode).toBe(200);
    const sealed = (res.json() as { result: { data: ContractDto } }).result.data;
    expect(sealed.status).toBe('sealed');
    expect(sealed.pdfUrl).toMatch(/^\/private-media\/[0-9a-f-]{36}\.pdf$/);
    const download = await http('GET', sealed.pdfUrl!, parkers.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    pdf = download.rawPayload;
    expect(sha256Hex(pdf)).toBe(sealed.pdfSha256);
    expect((await http('GET', sealed.pdfUrl!, nguyens.cookie)).statusCode).toBe(404);
    expect((await http('GET', sealed.pdfUrl!.replace('/private-media/', '/uploads/'), parkers.cookie)).statusCode).toBe(404);

    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
    expect(text).toContain('Puppy Sale Agreement');
    expect(text).toContain('Balance: $2,700');
    expect(text).toContain('Signed electronically by Jamie Parker');
    // Times as the breeder's clock reads them (her hours' zone, America/Denver by default), UTC beside them.
    expect(text).toMatch(
      /Signed electronically by Jamie Parker on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2}\s+[AP]M\s+M[SD]T\s+\(\d{4}-\d{2}-\d{2}\s+\d{2}:\d{2}:\d{2}\s+UTC\)/,
    );
    expect(text).toContain('Signed electronically by Sarah Breeder');
    expect(text).toContain('Audit trail');
    expect(text).toContain(sealed.textSha256!);
    for (const label of ['Sent', 'Opened by the family', 'Signed by the family', 'Countersigned by the breeder'])
      expect(text).toContain(label);
    expect(text).toContain('IP 203.0.113.7');
    expect(text).toContain(PHONE_UA);
    expect(text).toContain('IP 198.51.100.4');
    expect(checkPdfSignature(pdf)).toMatchObject({ status: 'valid' });

    // Two sent, one signed, the second contract's void (its family had it), the two sealed.
    const mails = await smtp.waitFor(7);
    const sealedMails = mails.filter((m) => /^(Your signed contract|Signed contract) for Luna/.test(m.subject));
    expect(sealedMails.map((m) => m.to[0]).sort()).toEqual(['info@aspenmeadowdoodles.com', 'parkers@example.com']);
    for (const m of sealedMails) {
      expect(m.text).toContain(sealed.pdfSha256!);
      // The sealed PDF itself is attached, byte for byte.
      const { attachments } = await simpleParser(m.raw);
      expect(attachments.map((x) => [x.contentType, x.filename])).toEqual([['application/pdf', `contract-${contractId}-luna.pdf`]]);
      expect(sha256Hex(attachments[0]!.content)).toBe(sealed.pdfSha256);
    }
    expect(await contractsToday(t.orm.em.fork(), new Date())).toEqual([]);

    // A fresh caller per call, as every request has its own entity manager.
    const a = adminApi();
    expect(await code(a.countersign({ id: contractId, fullName: 'Sarah Breeder', consent: true }))).toBe(
      `CONFLICT: ${CONTRACT_MESSAGES.sealed}`,
    );
    expect(await code(a.update({ id: contractId, values: sealed.values, body: `${sealed.body} x` }))).toBe(
      `CONFLICT: ${CONTRACT_MESSAGES.sealed}`,
    );
  });

  it('verification accepts the sealed PDF and rejects a copy with one byte changed, and a file that is not a PDF', async () => {
    const visitor = t.caller(null).contracts;
    const good = await visitor.verify({ pdf: pdf.toString('base64') });
    expect(good).toMatchObject({ signature: 'valid', knownContract: { id: contractId, familyName: 'Jamie Parker' } });
    expect(good.verdict).toMatch(/^Genuine and unchanged/);
    const changed = Buffer.from(pdf);
    // One byte of the PDF's binary comment, well inside the signed range.
    changed[12] = changed[12]! ^ 0x01;
    const bad = await visitor.verify({ pdf: changed.toString('base64') });
    expect(bad).toMatchObject({
      signature: 'invalid',
      knownContract: null,
      verdict: 'Not genuine: this file was changed after it was sealed.',
    });
    expect(await code(visitor.verify({ pdf: Buffer.from('hello').toString('base64') }))).toBe(`BAD_REQUEST: ${CONTRACT_MESSAGES.notPdf}`);
  });

  it('the breeder replaces the self-signed certificate with her own; a file that does not open is refused and nothing changes', async () => {
    const a = adminApi();
    const before = await a.certificate();
    expect(before).toMatchObject({ commonName: 'Aspen Meadow Doodles', selfSigned: true });
    const own = selfSignedP12('Sarah Meadows', 'Aspen Meadow Doodles LLC', 'her-passphrase').toString('base64');
    expect(await code(a.replaceCertificate({ p12: own, passphrase: 'wrong' }))).toBe(`BAD_REQUEST: ${CERTIFICATE_MESSAGES.unreadable}`);
    expect(await a.certificate()).toEqual(before);
    const after = await a.replaceCertificate({ p12: own, passphrase: 'her-passphrase' });
    expect(after).toMatchObject({ commonName: 'Sarah Meadows', selfSigned: false });
    expect(await a.certificate()).toEqual(after);
    // What was sealed before still verifies (its own signature and hash).
    expect((await t.caller(null).contracts.verify({ pdf: pdf.toString('base64') })).signature).toBe('valid');
  });
});
