// The API contract: /api/openapi.json is a valid OpenAPI 3.1 document that lists every REST path, and
// real answers of every documented path (successes and errors) match the schemas it declares.
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { seedDemoContent } from './seed/seed.ts';
import { restEndpoints } from './rest-routes.ts';
import { openApiPath } from './openapi.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { jpegPart, multipartBody, solidImage } from './testing/uploads.ts';
import { makeFamilies, makeLitter } from './testing/picks.ts';
import { importUpload } from './testing/imports.ts';

type Doc = { openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

describe('OpenAPI contract', () => {
  const t = useTestApp();
  const json = { 'content-type': 'application/json', origin: TEST_ORIGIN };
  let doc: Doc;

  const load = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
    return doc;
  };

  it('is a valid OpenAPI 3.1 document, checked by an independent validator', async () => {
    await load();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every REST route the server registers, and nothing else', async () => {
    await load();
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    // The route tables, and the two paths that read their bodies themselves (upload, one-click unsubscribe).
    const registered = [
      ...restEndpoints.map((e) => `${e.method} ${openApiPath(e.url)}`),
      'POST /api/admin/media',
      'POST /unsubscribe',
      'POST /api/messages/attachments',
      'POST /api/admin/imports',
      'GET /api/admin/imports/{id}',
      'DELETE /api/admin/imports/{id}',
      'POST /api/admin/imports/{id}/preview',
      'POST /api/admin/imports/{id}/commit',
      'GET /api/admin/imports/{id}/failed-rows.csv',
    ];
    expect(registered.length).toBeGreaterThanOrEqual(22);
    expect(documented.sort()).toEqual([...registered].sort());
  });

  it('serves a readable reference page that names every path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const e of restEndpoints) expect(res.body).toContain(`<code>${openApiPath(e.url)}</code>`);
    expect(res.body).toContain('href="/api/openapi.json"');
  });

  it('real answers of every documented path match the declared schema of their status', async () => {
    await load();
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const admin = await signIn(t.orm, { isAdmin: true });
    const family = await signIn(t.orm, { isAdmin: false });
    const blog = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json() as { items: Array<{ slug: string }> };
    const guides = (await t.app.inject({ method: 'GET', url: '/api/resources' })).json() as Array<{ id: string }>;
    expect(blog.items.length).toBeGreaterThan(0);
    expect(guides.length).toBeGreaterThan(0);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'openapi');
    const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

    type Sample = () => Promise<LightMyRequestResponse>;
    const get =
      (url: string, cookie?: string): Sample =>
      () =>
        t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const post =
      (url: string, payload: unknown, cookie?: string): Sample =>
      () =>
        t.app.inject({ method: 'POST', url, headers: { ...json, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) });
    const photo = await solidImage(64, 48, 'jpeg');
    const withOrigin = ({ payload, headers }: { payload: Buffer; headers: Record<string, string> }, cookie?: string) => ({
      payload,
      headers: { ...headers, origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
    // As a mail provider sends it: form-encoded, from no page at all.
    const oneClick =
      (token: string): Sample =>
      () =>
        t.app.inject({
          method: 'POST',
          url: `/unsubscribe?token=${encodeURIComponent(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
    const inquiry = { name: 'Jo Family', email: 'jo@example.com', interest: 'available', message: 'Is Bella still available?' };

    // Each documented operation: requests that reach its success answer and its declared errors.
    const samples: Record<string, Sample[]> = {
      'GET /api/puppies/featured': [get('/api/puppies/featured')],
      'GET /api/litters/active': [get('/api/litters/active')],
      'GET /api/parents/featured': [get('/api/parents/featured')],
      'GET /api/dogs/{id}/pedigree': [
        async () =>
          get(`/api/dogs/${((await get('/api/parents/featured')()).json() as Array<{ id: number }>)[0]!.id}/pedigree?generations=5`)(),
        get('/api/dogs/1/pedigree?generations=9'),
        get('/api/dogs/999999/pedigree'),
      ],
      'GET /api/gallery': [get('/api/gallery')],
      'GET /api/testimonials/featured': [get('/api/testimonials/featured')],
      'GET /api/settings': [get('/api/settings')],
      'POST /api/inquiries': [post('/api/inquiries', inquiry), post('/api/inquiries', { ...inquiry, email: 'nope' })],
      'POST /api/subscribers': [
        post('/api/subscribers', { email: 'reader@example.com', name: 'Reader' }),
        post('/api/subscribers', { email: '' }),
      ],
      'POST /api/subscribers/unsubscribe': [
        async () => {
          const s = await t.orm.em.fork().findOneOrFail(Subscriber, { email: 'reader@example.com' });
          return post('/api/subscribers/unsubscribe', { token: s.unsubscribeToken })();
        },
        post('/api/subscribers/unsubscribe', { token: 'no-such-token' }),
        post('/api/subscribers/unsubscribe', {}),
      ],
      'GET /api/user': [get('/api/user', family.cookie), get('/api/user')],
      'POST /api/register': [
        post('/api/register', { username: 'contract_family', email: 'contract@example.com', password: 'a-long-enough-pass' }),
        post('/api/register', { username: 'contract_family', email: 'contract@example.com', password: 'a-long-enough-pass' }),
        post('/api/register', { username: 'x', password: 'short' }),
      ],
      'POST /api/login': [
        post('/api/login', { username: family.user.username, password: TEST_PASSWORD }),
        post('/api/login', { username: family.user.username, password: 'wrong-password-here' }),
        post('/api/login', {}),
      ],
      'POST /api/logout': [post('/api/logout', {})],
      'GET /api/blog': [get('/api/blog'), get('/api/blog?page=0')],
      'GET /api/blog/{slug}': [get(`/api/blog/${blog.items[0]!.slug}`), get('/api/blog/no-such-post')],
      'GET /api/resources': [get('/api/resources')],
      'GET /api/resources/{id}': [get(`/api/resources/${guides[0]!.id}`), get('/api/resources/no-such-guide')],
      'GET /api/legal/{page}': [get('/api/legal/privacy'), get('/api/legal/terms'), get('/api/legal/cookies')],
      'GET /api/admin/inquiries.csv': [
        get('/api/admin/inquiries.csv', admin.cookie),
        get('/api/admin/inquiries.csv'),
        get('/api/admin/inquiries.csv', family.cookie),
      ],
      'GET /api/admin/health': [get('/api/admin/health', admin.cookie), get('/api/admin/health'), get('/api/admin/health', family.cookie)],
      'GET /api/admin/subscribers.csv': [
        get('/api/admin/subscribers.csv', admin.cookie),
        get('/api/admin/subscribers.csv?status=nope', admin.cookie),
      ],
      'POST /api/applications': [
        post('/api/applications', { ...ANSWERS, idempotencyKey: 'contract-key-1' }, family.cookie),
        post('/api/applications', { ...ANSWERS, idempotencyKey: 'contract-key-2', yard: 'no', fence: 'yes' }, family.cookie),
        post('/api/applications', { ...ANSWERS, idempotencyKey: 'contract-key-3' }),
      ],
      'GET /api/applications/mine': [get('/api/applications/mine', family.cookie), get('/api/applications/mine')],
      'GET /api/contracts/mine': [get('/api/contracts/mine', family.cookie), get('/api/contracts/mine')],
      'POST /api/contracts/{id}/sign': [
        post('/api/contracts/999/sign', { fullName: 'Jamie Parker', consent: true }, family.cookie),
        post('/api/contracts/999/sign', { fullName: 'Jamie Parker', consent: false }, family.cookie),
        post('/api/contracts/999/sign', { fullName: 'Jamie Parker', consent: true }),
      ],
      'GET /api/admin/export': [get('/api/admin/export', admin.cookie), get('/api/admin/export'), get('/api/admin/export', family.cookie)],
      'GET /api/admin/applications.csv': [
        get('/api/admin/applications.csv', admin.cookie),
        get('/api/admin/applications.csv?status=nope', admin.cookie),
        get('/api/admin/applications.csv', family.cookie),
      ],
      'GET /api/payments/mine': [
        get('/api/payments/mine'),
        get('/api/payments/mine', family.cookie),
        async () => {
          const breeder = t.caller(admin.user).admin.payments;
          await breeder.setTerms({ familyId: family.user.id, price: '2,800', deposit: '500', dueOn: '2026-12-20' });
          await breeder.record({ familyId: family.user.id, amount: '500', paidOn: '2026-11-28', method: 'check' });
          return get('/api/payments/mine', family.cookie)();
        },
      ],
      'GET /api/admin/payments.csv': [
        get('/api/admin/payments.csv', admin.cookie),
        get(`/api/admin/payments.csv?search=${'x'.repeat(101)}`, admin.cookie),
        get('/api/admin/payments.csv', family.cookie),
        get('/api/admin/payments.csv'),
      ],
      'POST /api/admin/media': [
        () => t.app.inject({ method: 'POST', url: '/api/admin/media', ...withOrigin(multipartBody([jpegPart(photo)]), admin.cookie) }),
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/admin/media',
            ...withOrigin(multipartBody([{ name: 'kind', value: 'nope' }, jpegPart(photo)]), admin.cookie),
          }),
        () => t.app.inject({ method: 'POST', url: '/api/admin/media', ...withOrigin(multipartBody([jpegPart(photo)]), family.cookie) }),
        () => t.app.inject({ method: 'POST', url: '/api/admin/media', ...withOrigin(multipartBody([jpegPart(photo)])) }),
      ],
      'POST /api/messages/attachments': [
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/messages/attachments',
            ...withOrigin(multipartBody([jpegPart(photo)]), family.cookie),
          }),
        () =>
          t.app.inject({
            method: 'POST',
            url: '/api/messages/attachments',
            ...withOrigin(multipartBody([jpegPart(Buffer.from('not a photo'))]), family.cookie),
          }),
        () => t.app.inject({ method: 'POST', url: '/api/messages/attachments', ...withOrigin(multipartBody([jpegPart(photo)])) }),
      ],
      'POST /unsubscribe': [
        async () => {
          const s = await t.orm.em.fork().findOneOrFail(Subscriber, { email: 'reader@example.com' });
          return oneClick(s.unsubscribeToken)();
        },
        oneClick('no-such-token'),
      ],
      'GET /api/puppies/{id}/health': [
        async () =>
          get(`/api/puppies/${((await get('/api/puppies/featured')()).json() as Array<{ id: number }>)[0]!.id}/health`, admin.cookie)(),
        async () =>
          get(`/api/puppies/${((await get('/api/puppies/featured')()).json() as Array<{ id: number }>)[0]!.id}/health`, family.cookie)(),
        get('/api/puppies/1/health'),
      ],
      'POST /api/messages': [
        post('/api/messages', { text: 'Can we visit Saturday?' }, family.cookie),
        post('/api/messages', { text: '' }, family.cookie),
        post('/api/messages', { text: 'Hello' }),
      ],
      'GET /api/messages': [get('/api/messages', family.cookie), get('/api/messages?cursor=x', family.cookie), get('/api/messages')],
      'POST /api/admin/articles/preview': [
        post('/api/admin/articles/preview', { body: '# Hello\n\n<script>alert(1)</script>' }, admin.cookie),
        post('/api/admin/articles/preview', { body: 'x' }, family.cookie),
        post('/api/admin/articles/preview', { body: 42 }, admin.cookie),
      ],
    };

    // Visits (issue 32): hours for every day, then the family (it sent an application above) books a video call.
    const del =
      (url: string, cookie?: string): Sample =>
      () =>
        t.app.inject({ method: 'DELETE', url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });
    const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    const videoSlots = async () => t.caller(family.user).visits.availability({ kind: 'video', from: inDays(2), to: inDays(4) });
    const firstBooking = async () => ((await get('/api/bookings/mine', family.cookie)()).json() as Array<{ id: number }>)[0]!.id;
    samples['GET /api/availability'] = [
      async () => {
        await t.caller(admin.user).admin.visits.saveSettings({
          timeZone: 'America/Denver',
          cutoffHours: 0,
          kinds: {
            visit: { slotMinutes: 60, bufferMinutes: 15, enabled: true },
            pickup: { slotMinutes: 45, bufferMinutes: 15, enabled: true },
            video: { slotMinutes: 30, bufferMinutes: 0, enabled: true },
          },
          openings: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '17:00' })),
          closures: [],
        });
        return get(
          `/api/availability?kind=video&from=${encodeURIComponent(inDays(2))}&to=${encodeURIComponent(inDays(4))}`,
          family.cookie,
        )();
      },
      get(`/api/availability?kind=video&from=${encodeURIComponent(inDays(2))}&to=${encodeURIComponent(inDays(200))}`, family.cookie),
      get(`/api/availability?kind=video&from=${encodeURIComponent(inDays(2))}&to=${encodeURIComponent(inDays(4))}`),
    ];
    samples['POST /api/bookings'] = [
      async () =>
        post('/api/bookings', { kind: 'video', startsAt: (await videoSlots())[0]!.startsAt, timeZone: 'Europe/Berlin' }, family.cookie)(),
      async () =>
        post(
          '/api/bookings',
          { kind: 'video', startsAt: (await get('/api/bookings/mine', family.cookie)()).json()[0].startsAt },
          family.cookie,
        )(),
      async () => post('/api/bookings', { kind: 'visit', startsAt: (await videoSlots())[0]!.startsAt }, family.cookie)(),
      post('/api/bookings', { kind: 'video', startsAt: 'soon', timeZone: 'Nowhere/Land' }, family.cookie),
      post('/api/bookings', { kind: 'video', startsAt: inDays(3) }),
    ];
    samples['GET /api/bookings/mine'] = [get('/api/bookings/mine', family.cookie), get('/api/bookings/mine')];
    samples['GET /api/bookings/{id}/ics'] = [
      async () => get(`/api/bookings/${await firstBooking()}/ics`, family.cookie)(),
      get('/api/bookings/999999/ics', family.cookie),
      get('/api/bookings/abc/ics', family.cookie),
      get('/api/bookings/1/ics'),
    ];
    samples['DELETE /api/bookings/{id}'] = [
      async () => del(`/api/bookings/${await firstBooking()}`, family.cookie)(),
      async () => del(`/api/bookings/${await firstBooking()}`, family.cookie)(),
      del('/api/bookings/999999', family.cookie),
      del('/api/bookings/abc', family.cookie),
      del('/api/bookings/1'),
    ];
    samples['GET /api/visits/feed/{token}'] = [
      async () => get(new URL((await t.caller(admin.user).admin.visits.createFeed()).url).pathname)(),
      get('/api/visits/feed/not-a-real-token-at-all.ics'),
      get(`/api/visits/feed/${'x'.repeat(120)}`),
    ];

    // Pick day (issue 50): a litter announced to two waitlisted families, picks open, the first family's turn.
    const pickDay = await makeLitter(t.orm, 'Contract', [
      { name: 'Contract Pup', gender: 'female' },
      { name: 'Contract Two', gender: 'male' },
    ]);
    const [picker, next] = await makeFamilies(t.orm, [
      { name: 'Picker Family', depositOn: '2026-01-01' },
      { name: 'Next Family', depositOn: '2026-01-02' },
    ]);
    await t.caller(admin.user).admin.picks.announce({ litterId: pickDay.litterId, answerDeadline: inDays(1), windowMinutes: 60 });
    for (const f of [picker!, next!]) await t.caller(f.user).picks.answer({ litterId: pickDay.litterId, answer: 'yes' });
    await t.caller(admin.user).admin.picks.open({ litterId: pickDay.litterId });
    const pickPath = (what: string, litterId = pickDay.litterId) => `/api/picks/${litterId}/${what}`;
    samples['GET /api/picks/mine'] = [get('/api/picks/mine', picker!.cookie), get('/api/picks/mine')];
    samples['POST /api/picks/{litterId}/choose'] = [
      post(pickPath('choose'), { puppyId: pickDay.puppyIds[0] }, picker!.cookie),
      // Next family's turn now, but that puppy is taken.
      post(pickPath('choose'), { puppyId: pickDay.puppyIds[0] }, next!.cookie),
      post(pickPath('choose'), { puppyId: 'first' }, next!.cookie),
      post(pickPath('choose', 999_999), { puppyId: pickDay.puppyIds[1] }, picker!.cookie),
      post(pickPath('choose'), { puppyId: pickDay.puppyIds[1] }),
    ];
    samples['POST /api/picks/{litterId}/pass'] = [
      // The first family's turn is over (it chose).
      post(pickPath('pass'), {}, picker!.cookie),
      post(pickPath('pass'), {}, next!.cookie),
      post(pickPath('pass', 999_999), {}, next!.cookie),
      post(pickPath('pass'), {}),
    ];

    // Imports: one file previewed, re-mapped, committed (one row fails), its failed rows read, and undone.
    const importFile = Buffer.from('email,name\r\nfirst@example.com,First\r\nnot-an-address,Second\r\n');
    const upload =
      (data: Buffer, cookie?: string, kind = 'subscribers'): Sample =>
      () =>
        t.app.inject({ method: 'POST', url: '/api/admin/imports', ...withOrigin(importUpload(kind, data), cookie) });
    let importId = '';
    const imported = async () => (importId ||= ((await upload(importFile, admin.cookie)()).json() as { id: string }).id);
    const unknownImport = '0'.repeat(32);
    samples['POST /api/admin/imports'] = [
      upload(importFile, admin.cookie),
      upload(Buffer.alloc(0), admin.cookie),
      upload(Buffer.from('%PDF-1.7'), admin.cookie),
      upload(importFile, admin.cookie, 'cats'),
      upload(importFile, family.cookie),
      upload(importFile),
    ];
    samples['POST /api/admin/imports/{id}/preview'] = [
      async () => post(`/api/admin/imports/${await imported()}/preview`, { mapping: { name: null } }, admin.cookie)(),
      async () => post(`/api/admin/imports/${await imported()}/preview`, { mapping: { name: 'nope' } }, admin.cookie)(),
      post(`/api/admin/imports/${unknownImport}/preview`, { mapping: {} }, admin.cookie),
      post(`/api/admin/imports/${unknownImport}/preview`, { mapping: {} }, family.cookie),
      post(`/api/admin/imports/${unknownImport}/preview`, { mapping: {} }),
    ];
    samples['POST /api/admin/imports/{id}/commit'] = [
      async () => post(`/api/admin/imports/${await imported()}/commit`, { mapping: { name: 'name' } }, admin.cookie)(),
      async () => post(`/api/admin/imports/${await imported()}/commit`, {}, admin.cookie)(),
      async () => post(`/api/admin/imports/${await imported()}/preview`, { mapping: {} }, admin.cookie)(),
      post(`/api/admin/imports/${unknownImport}/commit`, {}, admin.cookie),
      post(`/api/admin/imports/${unknownImport}/commit`, { mapping: 'x' }, admin.cookie),
      post(`/api/admin/imports/${unknownImport}/commit`, {}, family.cookie),
      post(`/api/admin/imports/${unknownImport}/commit`, {}),
    ];
    samples['GET /api/admin/imports/{id}'] = [
      async () => get(`/api/admin/imports/${await imported()}`, admin.cookie)(),
      get(`/api/admin/imports/${unknownImport}`, admin.cookie),
      get(`/api/admin/imports/${unknownImport}`, family.cookie),
      get(`/api/admin/imports/${unknownImport}`),
    ];
    samples['GET /api/admin/imports/{id}/failed-rows.csv'] = [
      async () => get(`/api/admin/imports/${await imported()}/failed-rows.csv`, admin.cookie)(),
      get(`/api/admin/imports/${unknownImport}/failed-rows.csv`, admin.cookie),
      get(`/api/admin/imports/${unknownImport}/failed-rows.csv`, family.cookie),
      get(`/api/admin/imports/${unknownImport}/failed-rows.csv`),
    ];
    samples['DELETE /api/admin/imports/{id}'] = [
      async () => del(`/api/admin/imports/${await imported()}`, admin.cookie)(),
      async () => del(`/api/admin/imports/${await imported()}`, admin.cookie)(),
      del(`/api/admin/imports/${unknownImport}`, admin.cookie),
      del(`/api/admin/imports/${unknownImport}`, family.cookie),
      del(`/api/admin/imports/${unknownImport}`),
    ];
    const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(Object.keys(samples).sort()).toEqual(operations.sort());

    let checked = 0;
    for (const [operation, requests] of Object.entries(samples)) {
      const [method, path] = operation.split(' ') as [string, string];
      const declared = doc.paths[path]![method.toLowerCase()]!.responses;
      for (const request of requests) {
        const res = await request();
        const status = String(res.statusCode);
        expect(Object.keys(declared), `${operation} answered ${status}: ${res.body.slice(0, 200)}`).toContain(status);
        const content = declared[status]!.content ?? {};
        if ('text/csv' in content) {
          expect(res.headers['content-type']).toMatch(/^text\/csv/);
        } else if ('application/zip' in content) {
          expect(res.headers['content-type']).toMatch(/^application\/zip/);
          expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
        } else if ('text/calendar' in content) {
          expect(res.headers['content-type']).toMatch(/^text\/calendar/);
          expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
        } else if ('application/json' in content) {
          expect(res.headers['content-type'], operation).toMatch(/^application\/json/);
          const validate = ajv.getSchema(
            `openapi#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`,
          );
          expect(validate, `${operation} ${status}`).toBeTypeOf('function');
          const ok = validate!(res.json());
          expect(ok, `${operation} ${status}: ${JSON.stringify(validate!.errors)}`).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('a strict response schema catches a field the document does not declare (a private column would fail)', async () => {
    await load();
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema(doc, 'openapi');
    const validate = ajv.getSchema('openapi#/components/schemas/Puppy')!;
    const puppies = (await t.app.inject({ method: 'GET', url: '/api/puppies/featured' })).json() as Array<Record<string, unknown>>;
    expect(puppies.length).toBeGreaterThan(0);
    expect(validate(puppies[0])).toBe(true);
    expect(validate({ ...puppies[0], familyId: 7 })).toBe(false);
  });
});
