// Health records through the real app: recording for a litter in one request, bad input (nothing stored), who sees
// what (procedures, REST, passport, the vet's link), the passport's text read back, Today, and reminder e-mails
// through a real SMTP server.
import { afterAll, describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { extractText, getDocumentProxy } from 'unpdf';
import { TEST_ORIGIN, useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { startSmtpServer } from '../../../server/testing/smtp.ts';
import { jpegPart, multipartBody, pdfPart, solidImage, tinyPdf } from '../../../server/testing/uploads.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { HEALTH_MESSAGES, REMINDER_SUBJECT } from '../health.schema.ts';
import { addDays } from '../due.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { CareItem } from './health.entity.ts';
import { todayUtc } from './health.service.ts';
import { healthToday } from './health.today.ts';
import { runHealthReminders } from './health-reminders.ts';
import { createShareLink } from './share-links.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

type Signed = Awaited<ReturnType<typeof signIn>>;

describe('health records', () => {
  const t = useTestApp({ SMTP_URL: smtp.url });
  let admin: Signed;
  let parkers: Signed;
  let nguyens: Signed;
  let litterId: number;
  let lunaId: number;
  let maxId: number;
  let puppyIds: number[] = [];
  const today = todayUtc();
  const birth = addDays(today, -50);

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const trpc = (path: string, type: 'query' | 'mutation', input: unknown, cookie?: string) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
    return type === 'query'
      ? t.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, headers })
      : t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input ?? {}),
        });
  };
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
      return { code: 'OK', message: '' };
    } catch (e) {
      return { code: (e as TRPCError).code, message: (e as TRPCError).message };
    }
  };
  const count = () => t.orm.em.fork().count(CareItem, {});
  const pdfText = async (body: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text;

  it('sets up a litter of twelve born 50 days ago with parents and health tests, two matched families', async () => {
    admin = await signIn(t.orm, { isAdmin: true });
    parkers = await signIn(t.orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
    nguyens = await signIn(t.orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
    const em = t.orm.em.fork();
    const [dam] = await em.execute<{ id: number }[]>(
      `insert into "parent_dogs" ("name", "gender", "breed", "color", "registered_name", "registry", "registration_number", "created_at", "updated_at")
       values ('Rosie', 'female', 'Goldendoodle', 'apricot', 'Rosie of Pine Hill', 'GANA', 'GD-1234', now(), now()) returning "id"`,
    );
    await em.execute(
      `insert into "dog_health_tests" ("dog_id", "kind", "test", "result", "date", "position") values (?, 'ofa-hips', '', 'Good', '2025-03-01', 0)`,
      [dam!.id],
    );
    const litter = em.create(Litter, {
      name: 'Spring Litter',
      motherName: 'Rosie',
      fatherName: 'Cooper',
      birthDate: birth,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    await em.execute(`update "litters" set "dam_id" = ? where "id" = ?`, [dam!.id, litter.id]);
    const names = ['Luna', 'Max', 'Pip', 'Bo', 'Daisy', 'Finn', 'Gus', 'Hazel', 'Ivy', 'Jax', 'Koda', 'Lola'];
    const puppies = names.map((name, i) =>
      em.create(Puppy, {
        name,
        gender: 'female',
        color: 'apricot',
        litter,
        family: i === 0 ? parkers.user.id : i === 1 ? nguyens.user.id : null,
        status: 'reserved',
        createdAt: new Date(),
        updatedAt: new Date(),
      }),
    );
    await em.flush();
    [litterId, lunaId, maxId] = [litter.id, puppies[0]!.id, puppies[1]!.id];
    puppyIds = puppies.map((p) => p.id);
    await em.execute(`insert into "puppy_weights" ("puppy_id", "ounces", "measured_on", "created_at") values (?, 24, ?, now())`, [
      lunaId,
      addDays(birth, 14),
    ]);
  });

  it('records a vet check for the whole litter of twelve in one request', async () => {
    const started = performance.now();
    const res = await t.caller(admin.user).admin.health.record({
      litterId,
      kind: 'vet-check',
      givenOn: addDays(today, -1),
      findings: 'Healthy, heart and lungs clear',
      vet: 'Dr. Ames',
      clinic: 'Pine Vet Clinic',
    });
    const ms = performance.now() - started;
    expect(res.count).toBe(12);
    expect(res.warnings).toEqual([]);
    expect(ms).toBeGreaterThan(0);
    expect(await count()).toBe(12);
    // Tied to the protocol's vet check (the one before go-home), so it is no longer due.
    const rows = await t.orm.em.fork().find(CareItem, {});
    expect(new Set(rows.map((r) => r.scheduleItemId)).size).toBe(1);
    expect(rows[0]!.scheduleItemId).not.toBeNull();
  });

  it('refuses bad input with a clear message, a 4xx, and nothing stored', async () => {
    const before = await count();
    const as = t.caller(admin.user).admin.health;
    expect(await failure(as.record({ puppyIds: [lunaId], kind: 'deworming', product: 'Pyrantel', givenOn: addDays(birth, -1) }))).toEqual({
      code: 'BAD_REQUEST',
      message: `${HEALTH_MESSAGES.dateBeforeBirth} (Luna: born ${birth})`,
    });
    expect(
      (await failure(as.record({ puppyIds: [lunaId], kind: 'deworming', product: 'Pyrantel', givenOn: addDays(today, 2) }))).code,
    ).toBe('BAD_REQUEST');
    for (const microchip of ['84009812345678A', '84009812345', '999123456789012']) {
      expect((await failure(as.record({ puppyIds: [lunaId], kind: 'microchip', givenOn: today, microchip }))).code).toBe('BAD_REQUEST');
    }
    expect(await failure(as.record({ litterId, kind: 'microchip', givenOn: today, microchip: '985112003456789' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A microchip belongs to one puppy: record it for that puppy alone.',
    });
    expect(
      (await failure(as.record({ puppyIds: [lunaId], kind: 'deworming', product: 'Pyrantel', givenOn: today, dose: 25, doseUnit: 'ml' })))
        .code,
    ).toBe('BAD_REQUEST');
    expect(await failure(as.record({ puppyIds: [lunaId, 999_999], kind: 'note', notes: 'x', givenOn: today }))).toEqual({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.puppyNotFound,
    });
    expect(await failure(as.record({ litterId: 999_999, kind: 'note', notes: 'x', givenOn: today }))).toEqual({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.litterNotFound,
    });
    // Over HTTP: the field's message, a 400.
    const http = await trpc(
      'admin.health.record',
      'mutation',
      { puppyIds: [lunaId], kind: 'microchip', givenOn: today, microchip: '12AB' },
      admin.cookie,
    );
    expect(http.statusCode).toBe(400);
    expect(http.json().error.data.fieldErrors.microchip).toEqual([HEALTH_MESSAGES.microchipLetters]);
    expect(await count()).toBe(before);
  });

  it('records a microchip for one puppy (a legacy chip with a warning), a confirmed dose, and refuses a chip used twice', async () => {
    const as = t.caller(admin.user).admin.health;
    const chip = await as.record({
      puppyIds: [lunaId],
      kind: 'microchip',
      givenOn: today,
      microchip: '985 112 003 456 789',
      registry: 'AKC Reunite',
    });
    expect(chip).toMatchObject({ count: 1, warnings: [] });
    expect(await failure(as.record({ puppyIds: [maxId], kind: 'microchip', givenOn: today, microchip: '985112003456789' }))).toMatchObject({
      code: 'CONFLICT',
    });
    const legacy = await as.record({ puppyIds: [maxId], kind: 'microchip', givenOn: today, microchip: '123456789' });
    expect(legacy.warnings).toEqual([HEALTH_MESSAGES.microchipLegacy]);
    const dose = await as.record({
      puppyIds: [maxId],
      kind: 'deworming',
      product: 'Pyrantel',
      givenOn: today,
      dose: 25,
      doseUnit: 'ml',
      doseConfirmed: true,
    });
    expect(dose.warnings).toEqual([HEALTH_MESSAGES.doseOutOfRange('ml', 0.1, 5)]);
  });

  it('keeps a vet certificate as a private file: the puppy’s family and the breeder open it, no one else', async () => {
    const { payload, headers } = multipartBody([
      { name: 'visibility', value: 'private' },
      { name: 'kind', value: 'document' },
      pdfPart(tinyPdf('Certificate'), 'certificate.pdf'),
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(uploaded.statusCode).toBe(201);
    const url = uploaded.json().url as string;
    await t
      .caller(admin.user)
      .admin.health.record({ puppyIds: [maxId], kind: 'note', notes: 'Vet certificate attached', givenOn: today, attachments: [url] });
    const record = await t.caller(nguyens.user).health.record({ puppyId: maxId });
    const file = record.items.find((i) => i.notes === 'Vet certificate attached')!.attachments[0]!;
    expect(file).toEqual({ url: url.replace('/uploads/', '/private-media/'), kind: 'pdf' });
    expect((await get(file.url, nguyens.cookie)).statusCode).toBe(200);
    expect((await get(file.url, admin.cookie)).statusCode).toBe(200);
    expect((await get(file.url, parkers.cookie)).statusCode).toBe(404);
    expect((await get(file.url)).statusCode).toBe(404);
    expect((await get(url, nguyens.cookie)).statusCode).toBe(404);
    const bad = await trpc(
      'admin.health.record',
      'mutation',
      { puppyIds: [maxId], kind: 'note', notes: 'x', givenOn: today, attachments: ['https://evil.example/x.pdf'] },
      admin.cookie,
    );
    expect(bad.json().error.data.fieldErrors['attachments.0']).toEqual([HEALTH_MESSAGES.attachmentInvalid]);
  });

  it('shows a family its own puppy’s record and what comes next; another family, a visitor and bad ids get 404/401', async () => {
    const record = await t.caller(parkers.user).health.record({ puppyId: lunaId });
    expect(record.items.map((i) => i.kind)).toEqual(['vet-check', 'microchip']);
    expect(record.microchip).toEqual({ number: '985112003456789', registry: 'AKC Reunite', warning: null, on: today });
    expect(record.weights).toEqual([{ date: addDays(birth, 14), ounces: 24 }]);
    expect(record.nextAfterGoHome).toMatchObject({ label: 'First vaccination (DHPP)', dueOn: addDays(birth, 63), afterGoHome: true });
    expect(record.due.map((d) => d.label)).not.toContain('Vet check');
    expect(record.due.map((d) => d.label)).not.toContain('Microchip');
    expect(await t.caller(parkers.user).health.puppies()).toEqual([{ id: lunaId, name: 'Luna' }]);

    expect(await failure(t.caller(nguyens.user).health.record({ puppyId: lunaId }))).toEqual({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.puppyNotFound,
    });
    expect(await failure(t.caller(null).health.record({ puppyId: lunaId }))).toMatchObject({ code: 'UNAUTHORIZED' });

    const rest = await get(`/api/puppies/${lunaId}/health`, parkers.cookie);
    expect(rest.statusCode).toBe(200);
    expect(rest.json().microchip.number).toBe('985112003456789');
    expect(rest.headers['cache-control']).toBe('no-store');
    expect((await get(`/api/puppies/${lunaId}/health`, admin.cookie)).statusCode).toBe(200);
    for (const [url, cookie, status] of [
      [`/api/puppies/${lunaId}/health`, nguyens.cookie, 404],
      [`/api/puppies/${puppyIds[5]}/health`, parkers.cookie, 404],
      [`/api/puppies/${lunaId}/health`, undefined, 401],
      ['/api/puppies/abc/health', parkers.cookie, 404],
      ['/api/puppies/99999999999/health', parkers.cookie, 404],
    ] as const) {
      const res = await get(url, cookie);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).not.toContain('985112003456789');
    }
  });

  it('privacy matrix: every admin procedure is the breeder’s; every family procedure answers only about the family’s own puppy', async () => {
    const adminCalls: [string, 'query' | 'mutation', unknown][] = [
      ['admin.health.options', 'query', undefined],
      ['admin.health.record', 'mutation', { puppyIds: [lunaId], kind: 'note', notes: 'x', givenOn: today }],
      ['admin.health.list', 'query', {}],
      ['admin.health.puppyRecord', 'query', { puppyId: lunaId }],
      ['admin.health.remove', 'mutation', { id: 1 }],
      ['admin.health.protocol', 'query', undefined],
      ['admin.health.saveProtocol', 'mutation', { name: 'X', items: [] }],
      ['admin.health.removeProtocol', 'mutation', { id: 1 }],
      ['admin.health.litterProtocols', 'query', {}],
      ['admin.health.setLitterProtocol', 'mutation', { litterId, protocolId: null }],
    ];
    for (const [path, type, input] of adminCalls) {
      const asFamily = await trpc(path, type, input, parkers.cookie);
      const asVisitor = await trpc(path, type, input);
      expect([path, asFamily.statusCode, asVisitor.statusCode]).toEqual([path, 403, 401]);
      expect(asFamily.body).not.toContain('985112003456789');
    }
    const familyCalls: [string, 'query' | 'mutation', unknown, number][] = [
      ['health.record', 'query', { puppyId: lunaId }, 404],
      ['health.shareLinks', 'query', { puppyId: lunaId }, 404],
      ['health.createShareLink', 'mutation', { puppyId: lunaId, days: 7 }, 404],
      ['health.revokeShareLink', 'mutation', { id: 999_999 }, 404],
    ];
    for (const [path, type, input, status] of familyCalls) {
      expect([path, (await trpc(path, type, input, nguyens.cookie)).statusCode]).toEqual([path, status]);
      expect([path, (await trpc(path, type, input)).statusCode]).toEqual([path, 401]);
    }
    for (const path of ['health.puppies', 'health.reminders'])
      expect([path, (await trpc(path, 'query', undefined)).statusCode]).toEqual([path, 401]);
    expect((await trpc('health.setReminders', 'mutation', { enabled: false })).statusCode).toBe(401);
    expect(await t.caller(nguyens.user).health.puppies()).toEqual([{ id: maxId, name: 'Max' }]);
    expect(await failure(t.caller(parkers.user).health.shareLinks({ puppyId: maxId }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the passport PDF holds the record, read back; only for the family and the breeder', async () => {
    const res = await get(`/health/passport/${lunaId}`, parkers.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Puppy passport: Luna',
      'Spring Litter',
      '985112003456789',
      'AKC Reunite',
      'Vet check',
      'Healthy, heart and lungs clear',
      'Dr. Ames',
      'Dam: Rosie',
      'Rosie of Pine Hill',
      'GANA GD-1234',
      'OFA hips: Good',
      'Sire: Cooper',
      'First vaccination (DHPP)',
      '24 oz',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Days as a family reads them, not ISO (issue 45).
    expect(text).toContain(`Born: ${formatDay(birth)}`);
    expect(text).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    expect((await get(`/health/passport/${lunaId}`, admin.cookie)).statusCode).toBe(200);
    expect((await get(`/health/passport/${lunaId}`, nguyens.cookie)).statusCode).toBe(404);
    expect((await get(`/health/passport/${lunaId}`)).statusCode).toBe(401);
    expect((await get('/health/passport/nope', parkers.cookie)).statusCode).toBe(404);
  });

  it('a vet opens the shared link without an account; a forged link is 404, a revoked or expired one 410', async () => {
    const link = await t.caller(parkers.user).health.createShareLink({ puppyId: lunaId, days: 7 });
    expect(link.url.startsWith(`${TEST_ORIGIN}/vet/`)).toBe(true);
    expect(link.active).toBe(true);
    const path = link.url.slice(TEST_ORIGIN.length);
    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Health record: Luna');
    expect(page.body).toContain('985112003456789');
    expect(page.body).toContain('Healthy, heart and lungs clear');
    const pdf = await get(`${path}/passport`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('985112003456789');
    // A link altered by one character is not ours.
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await get(forged)).statusCode).toBe(404);
    expect((await get('/vet/not-a-token')).statusCode).toBe(404);

    // Another family cannot revoke it; the family can, and then it is gone.
    expect(await failure(t.caller(nguyens.user).health.revokeShareLink({ id: link.id }))).toEqual({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.linkNotFound,
    });
    expect((await get(path)).statusCode).toBe(200);
    await t.caller(parkers.user).health.revokeShareLink({ id: link.id });
    const gone = await get(path);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain(HEALTH_MESSAGES.linkGone);
    expect(gone.body).not.toContain('985112003456789');
    expect((await get(`${path}/passport`)).statusCode).toBe(410);
    expect((await t.caller(parkers.user).health.shareLinks({ puppyId: lunaId }))[0]).toMatchObject({ id: link.id, active: false });

    // A family's link stops when the puppy is no longer theirs (unmatched, or the account deleted).
    const maxLink = await t.caller(nguyens.user).health.createShareLink({ puppyId: maxId, days: 7 });
    const maxPath = maxLink.url.slice(TEST_ORIGIN.length);
    expect((await get(maxPath)).statusCode).toBe(200);
    await t.orm.em.fork().execute(`update "puppies" set "family_id" = null where "id" = ?`, [maxId]);
    expect((await get(maxPath)).statusCode).toBe(410);
    await t.orm.em.fork().execute(`update "puppies" set "family_id" = ? where "id" = ?`, [nguyens.user.id, maxId]);
    expect((await get(maxPath)).statusCode).toBe(200);

    const old = await createShareLink(
      t.orm.em.fork(),
      parkers.user,
      { puppyId: lunaId, days: 1 },
      TEST_ORIGIN,
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect((await get(old.url.slice(TEST_ORIGIN.length))).statusCode).toBe(410);
    expect((await trpc('health.createShareLink', 'mutation', { puppyId: lunaId, days: 90 }, parkers.cookie)).statusCode).toBe(400);
  });

  it('the vet’s page shows the care records’ photos and PDFs, served only through a working link to that puppy', async () => {
    const upload = async (part: ReturnType<typeof pdfPart>, kind: 'image' | 'document') => {
      const { payload, headers } = multipartBody([{ name: 'visibility', value: 'private' }, { name: 'kind', value: kind }, part]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(201);
      return res.json().url as string;
    };
    const certificate = await upload(pdfPart(tinyPdf('Luna health certificate'), 'luna.pdf'), 'document');
    const photo = await upload(jpegPart(await solidImage(640, 480, 'jpeg'), 'belly.jpg'), 'image');
    const note = await t.caller(admin.user).admin.health.record({
      puppyIds: [lunaId],
      kind: 'note',
      notes: 'Health certificate and a photo of the belly',
      givenOn: today,
      attachments: [certificate, photo],
    });
    // Max's certificate (an earlier test) is another puppy's file.
    const maxFile = (
      await t.caller(admin.user).admin.health.list({ search: 'Vet certificate attached' })
    ).items[0]!.attachments[0]!.url.slice('/private-media/'.length);
    const link = await t.caller(parkers.user).health.createShareLink({ puppyId: lunaId, days: 7 });
    const path = link.url.slice(TEST_ORIGIN.length);
    const name = (url: string) => url.slice('/uploads/'.length);

    const page = await get(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${path}/files/${name(certificate)}"`);
    expect(page.body).toContain(`src="${path}/files/${name(photo)}?w=320" alt="Photo 1: Note of ${formatDay(today)}"`);
    expect(page.body).not.toContain(maxFile);
    const pdf = await get(`${path}/files/${name(certificate)}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(pdf.rawPayload)).toContain('Luna health certificate');
    const image = await get(`${path}/files/${name(photo)}?w=320`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);

    // Another puppy's file, a file that is no care record's, or nonsense: 404 (and nothing of the file).
    for (const file of [maxFile, '00000000-0000-4000-8000-000000000000.pdf', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await get(`${path}/files/${file}`);
      expect([file, res.statusCode]).toEqual([file, 404]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    // A forged token is 404; a revoked or expired link is 410, for the files too.
    expect((await get(`${path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}/files/${name(certificate)}`)).statusCode).toBe(404);
    const expired = await createShareLink(
      t.orm.em.fork(),
      parkers.user,
      { puppyId: lunaId, days: 1 },
      TEST_ORIGIN,
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect((await get(`${expired.url.slice(TEST_ORIGIN.length)}/files/${name(certificate)}`)).statusCode).toBe(410);
    await t.caller(parkers.user).health.revokeShareLink({ id: link.id });
    for (const file of [certificate, photo]) {
      const gone = await get(`${path}/files/${name(file)}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.headers['content-type']).toMatch(/^text\/html/);
    }
    await t.caller(admin.user).admin.health.remove({ id: note.ids[0]! });
  });

  it('Today lists what is due this week or overdue per litter, not what is done', async () => {
    const items = await healthToday(t.orm.em.fork(), new Date());
    const titles = items.map((i) => i.title);
    // The vet check is done for all twelve; Luna and Max are chipped, ten are not (due on day 50: today).
    expect(titles.some((x) => x.includes('Vet check'))).toBe(false);
    expect(titles).toContain('Spring Litter: Microchip, 10 puppies');
    expect(items.every((i) => i.source === 'health' && i.href === `/admin/health?litter=${litterId}`)).toBe(true);
    // Weekly weighing is due (the last weighing was day 14) and overdue.
    expect(items.find((i) => i.title.startsWith('Spring Litter: Weekly weighing'))).toMatchObject({ overdue: true, group: 'action' });
    // A week later nothing of the first vaccination appears: it is for the family's vet after go-home.
    expect((await healthToday(t.orm.em.fork(), new Date(Date.now() + 14 * 86_400_000))).some((i) => i.title.includes('vaccination'))).toBe(
      false,
    );
  });

  it('e-mails a family a week before the first vaccination after go-home, once, unless turned off', async () => {
    const em = t.orm.em.fork();
    const yesterday = new Date(Date.now() - 86_400_000);
    await em.execute(`insert into "puppy_pickups" ("puppy_id", "at") values (?, ?), (?, ?)`, [lunaId, yesterday, maxId, yesterday]);
    expect(await t.caller(nguyens.user).health.setReminders({ enabled: false })).toEqual({ enabled: false });
    expect(await t.caller(nguyens.user).health.reminders()).toEqual({ enabled: false });
    // The first vaccination is on day 63: 13 days from now. Nothing yet; a week before it, one reminder.
    expect(await runHealthReminders(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN)).toBe(0);
    const weekBefore = new Date(Date.now() + 6 * 86_400_000);
    expect(await runHealthReminders(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, weekBefore)).toBe(1);
    expect(await runHealthReminders(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, weekBefore)).toBe(0);
    await t.app.mailer.poll();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['parkers@example.com']);
    expect(mail!.subject).toBe(REMINDER_SUBJECT('Luna'));
    expect(mail!.text).toContain(`First vaccination (DHPP), on ${formatDay(addDays(birth, 63))}.`);
    expect(mail!.text).toContain(`${TEST_ORIGIN}/account`);
    // A next dose written on a record (a breeder who vaccinates) is reminded of too, once.
    await t.caller(admin.user).admin.health.record({
      puppyIds: [lunaId],
      kind: 'vaccination',
      product: 'Nobivac DHP',
      givenOn: today,
      nextDueOn: addDays(today, 16),
    });
    const weekBeforeBooster = new Date(Date.now() + 10 * 86_400_000);
    expect(await runHealthReminders(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, weekBeforeBooster)).toBe(1);
    expect(await runHealthReminders(t.orm.em.fork(), t.app.services.mail, TEST_ORIGIN, weekBeforeBooster)).toBe(0);
    await t.app.mailer.poll();
    const received = await smtp.waitFor(2);
    expect(received[1]!.text).toContain(`Nobivac DHP: next dose, on ${formatDay(addDays(today, 16))}.`);
    expect(smtp.received.some((m) => m.to.includes('nguyens@example.com'))).toBe(false);
    // Home now: the family's record lists only what is for its vet.
    const record = await t.caller(parkers.user).health.record({ puppyId: lunaId });
    expect(record.puppy.goneHome).toBe(true);
    expect(record.due.every((d) => d.afterGoHome || d.scheduleItemId === null)).toBe(true);
    expect(record.due[0]!.label).toBe('First vaccination (DHPP)');
  });

  it('lists records a page at a time with search, removes one, and keeps the protocol with its rules', async () => {
    const as = t.caller(admin.user).admin.health;
    const all = await as.list({});
    expect(all.total).toBe(17);
    const found = await as.list({ search: 'luna' });
    expect(found.items.map((i) => i.kind).sort()).toEqual(['microchip', 'vaccination', 'vet-check']);
    expect((await as.list({ search: 'pyrantel' })).items.map((i) => i.puppyName)).toEqual(['Max']);
    await as.remove({ id: found.items[0]!.id });
    expect((await as.list({ search: 'luna' })).total).toBe(2);
    expect(await failure(as.remove({ id: found.items[0]!.id }))).toMatchObject({ code: 'NOT_FOUND' });

    const [standard] = await as.protocol();
    const protocol = standard!.items;
    expect(standard).toMatchObject({ name: 'Natural start (no vaccinations before pickup)', isDefault: true });
    expect(protocol.map((p) => p.label)).toContain('Vet check');
    const bad = await trpc(
      'admin.health.saveProtocol',
      'mutation',
      { id: standard!.id, name: standard!.name, items: [{ protocol: 'X', label: 'Y', kind: 'weighing', startDay: 10, untilDay: 5 }] },
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.data.fieldErrors['items.0.untilDay']).toEqual([HEALTH_MESSAGES.untilBeforeStart]);
    const [saved] = await as.saveProtocol({
      id: standard!.id,
      name: standard!.name,
      items: [
        ...protocol,
        {
          id: null,
          protocol: 'Before go-home',
          label: 'Deworming check',
          kind: 'deworming',
          startDay: 42,
          everyDays: null,
          untilDay: null,
          afterGoHome: false,
        },
      ],
    });
    expect(saved!.items.map((p) => p.label)).toEqual([...protocol.map((p) => p.label), 'Deworming check']);
    expect(saved!.items[0]!.id).toBe(protocol[0]!.id);
    const options = await as.options();
    expect(options.litters[0]).toMatchObject({ id: litterId, name: 'Spring Litter', birthDate: birth });
    expect(options.litters[0]!.puppies).toHaveLength(12);
  });

  it('several protocols: one default for new litters, each litter follows its own (or none), and what is due follows it', async () => {
    const as = t.caller(admin.user).admin.health;
    const em = t.orm.em.fork();
    const [standard] = await as.protocol();
    const due = async () => (await healthToday(t.orm.em.fork(), new Date())).map((i) => i.title);
    expect((await due()).some((x) => x.startsWith('Spring Litter: Weekly weighing'))).toBe(true);
    // A second protocol: a fecal check on day 45 (due this week for the Spring Litter, born 50 days ago).
    const made = await as.saveProtocol({
      id: null,
      name: 'Shelter rescue',
      items: [{ protocol: 'Before go-home', label: 'Fecal check', kind: 'deworming', startDay: 45 }],
    });
    const rescue = made.find((p) => p.name === 'Shelter rescue')!;
    expect(rescue.isDefault).toBe(false);
    expect(
      (await trpc('admin.health.saveProtocol', 'mutation', { name: 'Shelter rescue', items: [] }, admin.cookie)).json().error.data
        .fieldErrors.name,
    ).toEqual([HEALTH_MESSAGES.protocolNameTaken]);
    const spring = async () => (await as.litterProtocols({ search: 'spring' })).items[0]!;
    expect(await spring()).toMatchObject({ litterId, litterName: 'Spring Litter', protocolId: standard!.id, byDefault: true });

    // The Spring Litter follows the rescue protocol: its due items are that protocol's, and Luna's record follows.
    await as.setLitterProtocol({ litterId, protocolId: rescue.id });
    expect(await spring()).toMatchObject({ protocolId: rescue.id, protocolName: 'Shelter rescue', byDefault: false });
    const titles = await due();
    // Ten puppies: Luna and Max are home (the reminders test), so their breeder's items are behind them.
    expect(titles).toContain('Spring Litter: Fecal check (overdue), 10 puppies');
    expect(titles.some((x) => x.includes('Weekly weighing'))).toBe(false);
    expect((await as.puppyRecord({ puppyId: puppyIds[3]! })).due.map((d) => d.label)).toEqual(['Fecal check']);
    // A care record of that kind is tied to the litter's protocol item.
    const fecal = await as.record({ puppyIds: [puppyIds[2]!], kind: 'deworming', product: 'Fenbendazole', givenOn: today });
    expect((await em.fork().findOneOrFail(CareItem, fecal.ids[0]!)).scheduleItemId).toBe(rescue.items[0]!.id);
    expect(await due()).toContain('Spring Litter: Fecal check (overdue), 9 puppies');

    // No protocol: nothing due for that litter.
    await as.setLitterProtocol({ litterId, protocolId: null });
    expect((await spring()).protocolId).toBeNull();
    expect((await due()).filter((x) => x.startsWith('Spring Litter'))).toEqual([]);

    // The default is for new litters: a litter that followed the old default keeps it when the default changes.
    const [older] = await em.execute<{ id: number }[]>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('Older Litter', 'A', 'B', ?, now(), now()) returning "id"`,
      [addDays(today, -30)],
    );
    await as.saveProtocol({ id: rescue.id, name: 'Shelter rescue', isDefault: true, items: rescue.items });
    expect((await as.litterProtocols({ search: 'older' })).items[0]).toMatchObject({ protocolId: standard!.id, byDefault: false });
    const [newer] = await em.execute<{ id: number }[]>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('Newer Litter', 'A', 'B', ?, now(), now()) returning "id"`,
      [today],
    );
    expect((await as.litterProtocols({ search: 'newer' })).items[0]).toMatchObject({
      litterId: Number(newer!.id),
      protocolId: rescue.id,
      byDefault: true,
    });
    expect(Number(older!.id)).toBeGreaterThan(0);

    // Bad input: a clear 4xx, nothing changed.
    expect(await failure(as.setLitterProtocol({ litterId, protocolId: 999_999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.protocolNotFound,
    });
    expect(await failure(as.setLitterProtocol({ litterId: 999_999, protocolId: rescue.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: HEALTH_MESSAGES.litterNotFound,
    });
    expect(await failure(as.removeProtocol({ id: rescue.id }))).toMatchObject({
      code: 'CONFLICT',
      message: HEALTH_MESSAGES.protocolIsDefault,
    });
    // Deleting a protocol leaves the litters that chose it with none.
    await as.setLitterProtocol({ litterId, protocolId: standard!.id });
    await as.removeProtocol({ id: standard!.id });
    expect((await spring()).protocolId).toBeNull();
    expect((await as.protocol()).map((p) => p.name)).toEqual(['Shelter rescue']);
    // Back to the rescue protocol for the tests that follow.
    await as.setLitterProtocol({ litterId, protocolId: rescue.id });
  });

  it('a litter of twelve is recorded in one request, all or nothing', async () => {
    const em = t.orm.em.fork();
    const before = await count();
    // One puppy of the twelve (moved to a litter born today) makes the whole request fail: none is stored.
    const other = em.create(Litter, {
      name: 'Later Litter',
      motherName: 'A',
      fatherName: 'B',
      birthDate: today,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await em.flush();
    await em.execute(`update "puppies" set "litter_id" = ? where "id" = ?`, [other.id, puppyIds[11]]);
    expect(
      (await failure(t.caller(admin.user).admin.health.record({ puppyIds, kind: 'note', notes: 'Bath day', givenOn: addDays(today, -1) })))
        .code,
    ).toBe('BAD_REQUEST');
    expect(await count()).toBe(before);
    expect(
      (
        await t
          .caller(admin.user)
          .admin.health.record({ puppyIds: puppyIds.slice(0, 11), kind: 'note', notes: 'Bath day', givenOn: addDays(today, -1) })
      ).count,
    ).toBe(11);
  });
});
