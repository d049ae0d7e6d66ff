// Imports through the real app (issue 49): each kind, the same file twice, a corrected file, undo and its refusals,
// bad files and encodings, and who may call it.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { csvText, importUpload, xlsxOf } from '../../../server/testing/imports.ts';
import { Subscriber } from '../../subscribers/server/subscriber.entity.ts';
import { DogHealthTest, ParentDog } from '../../dogs/server/parent-dog.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Application } from '../../applications/server/application.entity.ts';
import { Payment } from '../../payments/server/payments.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import { OutboxMessage } from '../../mail/server/outbox-message.entity.ts';
import { IMPORT_MESSAGES, type ImportPreviewDto, type ImportResultDto } from '../imports.schema.ts';

const t = useTestApp();
let admin: string;
let family: string;

beforeAll(async () => {
  admin = (await signIn(t.orm, { isAdmin: true })).cookie;
  family = (await signIn(t.orm, { isAdmin: false })).cookie;
});

const headers = (cookie: string, extra: Record<string, string> = {}) => ({ cookie, origin: TEST_ORIGIN, ...extra });

async function upload(kind: string, data: Buffer | string, filename = 'list.csv', cookie = admin) {
  const body = importUpload(kind, Buffer.isBuffer(data) ? data : Buffer.from(data), filename);
  return t.app.inject({ method: 'POST', url: '/api/admin/imports', payload: body.payload, headers: headers(cookie, body.headers) });
}

async function preview(kind: string, data: Buffer | string, filename = 'list.csv'): Promise<ImportPreviewDto> {
  const res = await upload(kind, data, filename);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function commit(id: string, mapping?: Record<string, string | null>): Promise<ImportResultDto> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/imports/${id}/commit`,
    payload: mapping ? { mapping } : {},
    headers: headers(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function importFile(kind: string, data: Buffer | string, filename = 'list.csv') {
  const p = await preview(kind, data, filename);
  return { preview: p, result: await commit(p.id) };
}

const undo = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/admin/imports/${id}`, headers: headers(admin) });
const em = () => t.orm.em.fork();

describe('who may import', () => {
  it('answers 401 without a session and 403 for a family, on every path', async () => {
    const body = importUpload('subscribers', Buffer.from('email\r\na@example.com\r\n'));
    for (const [cookie, status] of [
      ['', 401],
      [family, 403],
    ] as const) {
      const h = headers(cookie);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/admin/imports', payload: body.payload, headers: { ...h, ...body.headers } }))
          .statusCode,
      ).toBe(status);
      const id = '0'.repeat(32);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: h })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/imports/${id}/commit`, payload: {}, headers: h })).statusCode).toBe(
        status,
      );
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/imports/${id}`, headers: h })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/imports/${id}/failed-rows.csv`, headers: h })).statusCode).toBe(status);
    }
  });
});

describe('subscribers', () => {
  const file = csvText([
    'Email Address,First Name,Opted In,Optin Time,Source',
    'ann@example.com,Ann,yes,2024-03-01 10:00:00,Mailchimp signup form',
    'BOB@example.com,Bob,,,',
    'not-an-address,Carl,yes,,',
    'ann@example.com,Ann again,yes,,',
  ]);

  it('previews without writing, then keeps consent, sends confirmations to the rest, and repeats as a no-op', async () => {
    const p = await preview('subscribers', file);
    expect(p.mapping).toEqual({
      'Email Address': 'email',
      'First Name': 'name',
      'Opted In': 'optedIn',
      'Optin Time': 'consentDate',
      Source: 'consentSource',
    });
    expect(p.total).toBe(4);
    expect(p.rows.map((r) => [r.row, r.action, r.values.optedIn])).toEqual([
      [2, 'create', 'confirmed'],
      [3, 'create', 'gets the confirmation e-mail'],
    ]);
    expect(p.errors).toEqual([
      { row: 4, field: 'email', message: '“not-an-address” is not an e-mail address.' },
      { row: 5, field: 'email', message: 'The address ann@example.com is already on row 2 of this file.' },
    ]);
    expect(await em().count(Subscriber, {})).toBe(0);

    const result = await commit(p.id);
    expect(result).toMatchObject({ status: 'committed', created: 2, updated: 0, skipped: 0, failed: 2 });
    const ann = await em().findOneOrFail(Subscriber, { email: 'ann@example.com' });
    expect(ann).toMatchObject({ status: 'active', consentSource: 'Mailchimp signup form', pendingSince: null });
    expect(ann.confirmedAt?.toISOString()).toBe('2024-03-01T10:00:00.000Z');
    const bob = await em().findOneOrFail(Subscriber, { email: 'bob@example.com' });
    expect(bob.status).toBe('pending');
    const mails = await em().find(OutboxMessage, { to: { $in: ['ann@example.com', 'bob@example.com'] } });
    expect(mails.map((m) => [m.to, m.lane])).toEqual([['bob@example.com', 'newsletter']]);

    const failed = await t.app.inject({ method: 'GET', url: result.failedRowsUrl!, headers: headers(admin) });
    expect(failed.statusCode).toBe(200);
    expect(failed.headers['content-type']).toContain('text/csv');
    expect(failed.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Email Address,First Name,Opted In,Optin Time,Source,reason',
      'not-an-address,Carl,yes,,,“not-an-address” is not an e-mail address.',
      'ann@example.com,Ann again,yes,,,The address ann@example.com is already on row 2 of this file.',
      '',
    ]);

    const again = await importFile('subscribers', file);
    expect(again.result).toMatchObject({ created: 0, updated: 0, skipped: 2, failed: 2 });
    expect(await em().count(OutboxMessage, { to: 'bob@example.com' })).toBe(1);
  });

  it('never re-subscribes an address that unsubscribed here', async () => {
    const e = em();
    e.create(Subscriber, {
      email: 'gone@example.com',
      name: null,
      status: 'unsubscribed',
      unsubscribeToken: 'x'.repeat(40),
      pendingSince: null,
      confirmedAt: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    await e.flush();
    const { result } = await importFile('subscribers', csvText(['email,opted in', 'gone@example.com,yes']));
    expect(result).toMatchObject({ created: 0, updated: 0, skipped: 1, failed: 0 });
    expect((await em().findOneOrFail(Subscriber, { email: 'gone@example.com' })).status).toBe('unsubscribed');
  });
});

describe('dogs', () => {
  const file = csvText([
    'Name,Sex,Breed,DOB,Reg No,Sire,Dam,Health',
    'Duke,M,Poodle,2019-05-01,PR-1,,,OFA hips: Excellent',
    'Daisy,F,Golden Retriever,3/7/2020,SR-2,,,OFA hips: Good; Embark PRA-prcd: Clear',
    'Rosie,F,F1 Goldendoodle,2022-01-10,,Duke,SR-2,',
    'Ghost,M,Poodle,2021-01-01,,Nobody,,',
    'Bad,X,Poodle,31/31/2020,,,,',
  ]);

  it('imports dogs with parents by name or number and health results, and updates in place from a corrected file', async () => {
    const { preview: p, result } = await importFile('dogs', file);
    expect(p.errors).toEqual([
      { row: 5, field: 'sire', message: 'Unknown sire “Nobody”: add it to the file or the registry first.' },
      { row: 6, field: 'gender', message: '“X” is neither female nor male.' },
      { row: 6, field: 'birthDate', message: '“31/31/2020” is not a date (write it as YYYY-MM-DD, e.g. 2024-03-05).' },
    ]);
    expect(result).toMatchObject({ created: 3, updated: 0, failed: 2 });
    const rosie = await em().findOneOrFail(ParentDog, { name: 'Rosie' }, { populate: ['sire', 'dam'] });
    expect([rosie.sire?.name, rosie.dam?.name, rosie.birthDate]).toEqual(['Duke', 'Daisy', '2022-01-10']);
    const daisy = await em().findOneOrFail(ParentDog, { registrationNumber: 'SR-2' });
    expect(daisy.birthDate).toBe('2020-03-07');
    const tests = await em().find(DogHealthTest, { dog: daisy.id }, { orderBy: { position: 'asc' } });
    expect(tests.map((x) => [x.kind, x.test, x.result])).toEqual([
      ['ofa-hips', '', 'Good'],
      ['genetic-panel', 'Embark PRA-prcd', 'Clear'],
    ]);

    const twice = await importFile('dogs', file);
    expect(twice.result).toMatchObject({ created: 0, updated: 0, skipped: 3, failed: 2 });
    expect(await em().count(ParentDog, {})).toBe(3);

    const corrected = await importFile('dogs', csvText(['Name,Sex,Reg No,Health', 'Daisy,F,SR-2,OFA hips: Excellent']));
    expect(corrected.result).toMatchObject({ created: 0, updated: 1 });
    const after = await em().find(DogHealthTest, { dog: daisy.id }, { orderBy: { position: 'asc' } });
    expect(after.map((x) => x.result)).toEqual(['Excellent', 'Clear']);
    expect((await em().findOneOrFail(ParentDog, daisy.id)).breed).toBe('Golden Retriever');

    // The correction can be undone (its record is untouched); the first import then cannot: a dog it made changed since.
    expect((await undo(corrected.result.id)).statusCode).toBe(200);
    expect((await em().find(DogHealthTest, { dog: daisy.id }, { orderBy: { position: 'asc' } })).map((x) => x.result)).toEqual([
      'Good',
      'Clear',
    ]);
    const e = em();
    (await e.findOneOrFail(ParentDog, { name: 'Duke' })).color = 'Red';
    await e.flush();
    const refused = await undo(result.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.undoTouched('the dog Duke'));
    expect(await em().count(ParentDog, {})).toBe(3);
    const e2 = em();
    (await e2.findOneOrFail(ParentDog, { name: 'Duke' })).color = '';
    await e2.flush();
    expect((await undo(result.id)).statusCode).toBe(200);
    expect(await em().count(ParentDog, {})).toBe(0);
    expect((await undo(result.id)).statusCode).toBe(409);
  });
});

describe('families and the waitlist', () => {
  it('makes accounts, waitlisted applications at their places and ledger deposits; repeats as a no-op; undoes', async () => {
    const e = em();
    const litter = e.create(Litter, { name: 'Spring 2025', motherName: 'Daisy', fatherName: 'Duke', createdAt: new Date() } as never);
    await e.flush();
    const file = await xlsxOf([
      ['Family', 'Email', 'Phone', 'Litter', 'Pick', 'Sex', 'Color', 'Deposit', 'Deposit date'],
      ['The Parkers', 'parker@example.com', '555-0100', 'Spring 2025', 2, 'Female', 'Red', 300, '2024-02-01'],
      [
        'The Lees',
        'lee@example.com',
        { formula: 'CONCATENATE("555","-0101")', cached: '555-0101' },
        'Spring 2025',
        1,
        'M',
        '',
        '$250.00',
        '2/3/2024',
      ],
      ['The Kims', 'kim@example.com', '', '', '', '', 'apricot', '', ''],
      ['No Mail', 'nope', '', 'Autumn', '', '', '', '', ''],
    ]);
    const { preview: p, result } = await importFile('families', file, 'waitlist.xlsx');
    expect(p.mapping).toMatchObject({
      Family: 'name',
      Email: 'email',
      Pick: 'place',
      Deposit: 'depositAmount',
      'Deposit date': 'depositDate',
    });
    expect(p.errors.map((x) => x.field)).toEqual(['email', 'litter']);
    expect(result).toMatchObject({ created: 3, failed: 1 });
    const list = await em().find(Application, { waitlistLitter: litter.id }, { orderBy: { waitlistPosition: 'asc' } });
    expect(list.map((a) => [a.name, a.waitlistPosition, a.gender, a.color, a.phone, a.status])).toEqual([
      ['The Lees', 1, 'male', 'any', '555-0101', 'waitlisted'],
      ['The Parkers', 2, 'female', 'red', '555-0100', 'waitlisted'],
    ]);
    const parker = await em().findOneOrFail(User, { pendingEmail: 'parker@example.com' });
    expect([parker.email, parker.displayName]).toEqual([null, 'The Parkers']);
    const payments = await em().find(Payment, { family: parker.id });
    expect(payments.map((x) => [x.amountCents, x.paidOn])).toEqual([[30000, '2024-02-01']]);
    expect(await em().count(OutboxMessage, { to: { $in: ['parker@example.com', 'lee@example.com', 'kim@example.com'] } })).toBe(0);

    const again = await importFile('families', file, 'waitlist.xlsx');
    expect(again.result).toMatchObject({ created: 0, updated: 0, skipped: 3, failed: 1 });
    expect(await em().count(Payment, {})).toBe(2);

    expect((await undo(result.id)).statusCode).toBe(200);
    expect(await em().count(Application, {})).toBe(0);
    expect(await em().count(Payment, {})).toBe(0);
    expect(await em().count(User, { pendingEmail: { $ne: null } })).toBe(0);
  });
});

describe('litters and puppies', () => {
  it('imports past litters with their parents and the family each puppy went to; repeats as a no-op; undoes', async () => {
    await importFile('dogs', csvText(['Name,Sex,Reg No', 'Max,M,LM-1', 'Bella,F,LM-2']));
    await importFile('families', csvText(['Name,Email', 'The Greens,green@example.com']));
    const file = csvText([
      'Litter,Born,Sire,Dam,Puppy,Sex,Color,Went to',
      'Summer 2023,2023-06-01,LM-1,Bella,Sunny,F,Apricot,green@example.com',
      'Summer 2023,2023-06-01,LM-1,Bella,Scout,M,Cream,',
      'Summer 2023,2023-06-01,LM-1,Bella,Scout,M,Cream,',
      'Winter 2022,2022-12-01,Bella,Max,,,,',
      'Autumn 2021,2021-10-01,,,Rusty,M,Red,nobody@example.com',
    ]);
    const { preview: p, result } = await importFile('litters', file);
    expect(p.errors).toEqual([
      { row: 4, field: 'puppy', message: 'This puppy is already on row 3 of this file.' },
      { row: 5, field: 'sire', message: 'The sire “Bella” is female.' },
      { row: 5, field: 'dam', message: 'The dam “Max” is male.' },
      { row: 6, field: 'family', message: 'No family here has the address nobody@example.com; import the families first.' },
    ]);
    expect(result).toMatchObject({ created: 2, failed: 3 });
    const litter = await em().findOneOrFail(Litter, { name: 'Summer 2023' }, { populate: ['sire', 'dam'] });
    expect([litter.sire?.name, litter.dam?.name, litter.fatherName, litter.motherName, litter.active]).toEqual([
      'Max',
      'Bella',
      'Max',
      'Bella',
      false,
    ]);
    const puppies = await em().find(Puppy, { litter: litter.id }, { populate: ['family'], orderBy: { name: 'asc' } });
    expect(puppies.map((x) => [x.name, x.gender, x.status, x.family?.displayName ?? null, x.visible])).toEqual([
      ['Scout', 'male', 'sold', null, false],
      ['Sunny', 'female', 'sold', 'The Greens', false],
    ]);
    const again = await importFile('litters', file);
    expect(again.result).toMatchObject({ created: 0, updated: 0, skipped: 2, failed: 3 });
    expect((await undo(result.id)).statusCode).toBe(200);
    expect(await em().count(Litter, { name: 'Summer 2023' })).toBe(0);
    expect(await em().count(Puppy, { name: { $in: ['Sunny', 'Scout'] } })).toBe(0);
  });
});

describe('bad files', () => {
  const sentence = (res: { statusCode: number; json(): { message: string } }) => [res.statusCode, res.json().message];

  it('answers each in one sentence and writes nothing', async () => {
    expect(sentence(await upload('subscribers', Buffer.alloc(0)))).toEqual([400, IMPORT_MESSAGES.empty]);
    expect(sentence(await upload('subscribers', 'email\r\n'))).toEqual([400, IMPORT_MESSAGES.noRows]);
    expect(sentence(await upload('subscribers', Buffer.from('%PDF-1.7 not a sheet'), 'list.pdf'))).toEqual([
      415,
      IMPORT_MESSAGES.notSpreadsheet,
    ]);
    expect(sentence(await upload('subscribers', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]), 'old.xls'))).toEqual([
      415,
      IMPORT_MESSAGES.oldExcel,
    ]);
    expect(sentence(await upload('subscribers', Buffer.from('e\0m\0a\0i\0l\0'), 'utf16.csv'))).toEqual([415, IMPORT_MESSAGES.encoding]);
    expect(sentence(await upload('subscribers', 'email,name\r\n"a@example.com,Ann\r\n'))).toEqual([400, IMPORT_MESSAGES.badCsv(2)]);
    expect(
      sentence(await upload('subscribers', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]), 'x.xlsx')),
    ).toEqual([400, IMPORT_MESSAGES.badXlsx]);
    expect(sentence(await upload('cats', 'email\r\na@example.com\r\n'))).toEqual([400, IMPORT_MESSAGES.kind]);
    expect(sentence(await upload('subscribers', Buffer.alloc(10 * 1024 * 1024 + 10, 'a')))).toEqual([413, IMPORT_MESSAGES.tooLarge]);
    const many = csvText(['email', ...Array.from({ length: 100_000 }, (_, i) => `p${i}@example.com`)]);
    expect(sentence(await upload('subscribers', many))).toEqual([413, IMPORT_MESSAGES.tooManyRows]);
    expect(await em().count(Subscriber, { email: { $like: 'p%@example.com' } })).toBe(0);
  });

  it('reads Latin-1, UTF-8 with a BOM and formulas as text, never evaluated', async () => {
    const latin1 = Buffer.from('Name,Sex\r\nJosé,F\r\nBjörn,M\r\n', 'latin1');
    expect((await preview('dogs', latin1)).rows.map((r) => r.values.name)).toEqual(['José', 'Björn']);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Name;Sex\r\nZoë;F\r\n')]);
    const p = await preview('dogs', bom);
    expect(p.columns).toEqual(['Name', 'Sex']);
    expect(p.rows.map((r) => r.values.name)).toEqual(['Zoë']);
    const formulas = await preview('dogs', csvText(['Name,Sex,Notes', '=HYPERLINK("http://evil"),F,=1+1', "'=kept,M,'+1 555"]));
    expect(formulas.rows.map((r) => [r.values.name, r.values.notes])).toEqual([
      ['=HYPERLINK("http://evil")', '=1+1'],
      ['=kept', '+1 555'],
    ]);
    const xlsx = await xlsxOf([
      ['Name', 'Sex', 'Notes'],
      [{ formula: 'UPPER("rex")', cached: 'REX' }, 'M', { formula: '1+1', cached: 2 }],
    ]);
    expect((await preview('dogs', xlsx, 'dogs.xlsx')).rows.map((r) => [r.values.name, r.values.notes])).toEqual([['REX', '2']]);
  });

  it('asks for a column for every required field and refuses an unknown one', async () => {
    const p = await preview('dogs', csvText(['Dog,Kind', 'Rex,M']));
    expect(p.mapping).toEqual({ Dog: 'name', Kind: null });
    expect(p.errors[0]).toEqual({ row: 2, field: 'gender', message: 'The sex is missing (female or male).' });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${p.id}/commit`,
      payload: { mapping: { Kind: 'colour!' } },
      headers: headers(admin),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(IMPORT_MESSAGES.mapping);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${p.id}/preview`,
      payload: { mapping: { Kind: 'gender' } },
      headers: headers(admin),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().errors).toEqual([]);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${'f'.repeat(32)}/commit`,
      payload: {},
      headers: headers(admin),
    });
    expect(missing.statusCode).toBe(404);
  });
});
