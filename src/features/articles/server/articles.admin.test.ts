// The breeder writes: sanitised Markdown (known XSS payloads asserted on the served HTML), the body
// cap, address clashes as field errors, and legal pages that keep every version.
import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { ARTICLE_MESSAGES, BODY_MAX_BYTES } from '../articles.schema.ts';
import { multipartBody, pdfPart, tinyPdf } from '../../../server/testing/uploads.ts';

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="/uploads/00000000-0000-4000-8000-000000000000.jpg" onerror="alert(1)">',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<div style="background:url(javascript:alert(1))" onclick="alert(1)">hi</div>',
  '<body onload=alert(1)>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a><button>go</button></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<p><style>p{color:red}</style></p>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '![tracker](https://evil.example/pixel.gif)',
  '![proto](//evil.example/pixel.gif)',
];

describe('admin.articles', () => {
  const t = useTestApp();
  let admin: SessionUser;
  let cookie = '';
  const as = () => t.caller(admin);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('renders every known XSS payload inert on the served page, and keeps safe Markdown', async () => {
    ({ cookie, user: admin } = await signIn(t.orm, { isAdmin: true }));
    const body = [
      '## Safe heading',
      'A [relative link](/questionnaire) and an [external one](https://example.com/care).',
      ...XSS_PAYLOADS,
    ].join('\n\n');
    const created = await as().admin.articles.create({ kind: 'blog', title: 'Payloads', body });
    await as().admin.articles.publish({ id: created.id });
    const res = await get('/api/blog/payloads');
    expect(res.statusCode).toBe(200);
    const html = (res.json() as { html: string }).html;

    expect(html).toContain('<h2>Safe heading</h2>');
    expect(html).toContain('<a href="/questionnaire" rel="noopener">relative link</a>');
    expect(html).toContain('<a href="https://example.com/care" rel="noopener nofollow">external one</a>');
    expect(html).toContain('<img src="/uploads/00000000-0000-4000-8000-000000000000.jpg" loading="lazy" />');
    for (const pattern of [
      /<script/i,
      /<iframe/i,
      /<svg/i,
      /<object/i,
      /<embed/i,
      /<form/i,
      /<input/i,
      /<style/i,
      /<base/i,
      /<meta/i,
      /<link/i,
      /<math/i,
      /<body/i,
      /<div/i,
    ]) {
      expect(html, String(pattern)).not.toMatch(pattern);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
    expect(html).not.toContain('evil.example/pixel.gif"');
    // Every image on the page comes from our uploads.
    for (const [, src] of html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) expect(src).toMatch(/^\/uploads\//);
    // Every link says noopener.
    for (const [tag] of html.matchAll(/<a\s[^>]*>/g)) expect(tag).toMatch(/rel="noopener( nofollow)?"/);

    // The editor's preview is the same HTML.
    expect((await as().admin.articles.preview({ body })).html).toBe(html);
  });

  it('the preview answers at POST /api/admin/articles/preview (bodies too large for a URL), to admins only', async () => {
    const body = 'x'.repeat(50_000);
    const send = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/articles/preview',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie: c },
        payload: JSON.stringify({ body }),
      });
    const res = await send(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ html: `<p>${body}</p>\n`, readingMinutes: 1 });
    expect((await send('')).statusCode).toBe(401);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/articles/preview',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      payload: JSON.stringify({ body: 'a'.repeat(BODY_MAX_BYTES + 1) }),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ fieldErrors: { body: [ARTICLE_MESSAGES.bodyTooLarge] } });
  });

  it('a body over 200 KB is a 400 with a clear message, over HTTP too; exactly 200 KB is fine', async () => {
    const error = (await as()
      .admin.articles.create({ kind: 'blog', title: 'Long', body: 'a'.repeat(BODY_MAX_BYTES + 1) })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe('BAD_REQUEST');
    // Multi-byte characters count as the bytes they take.
    const emoji = (await as()
      .admin.articles.create({ kind: 'blog', title: 'Long', body: '🐶'.repeat(BODY_MAX_BYTES / 4 + 1) })
      .catch((e: unknown) => e)) as TRPCError;
    expect(emoji.code).toBe('BAD_REQUEST');

    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.articles.create',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      payload: JSON.stringify({ kind: 'blog', title: 'Long', body: 'line\n'.repeat(BODY_MAX_BYTES / 5 + 1) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.data.fieldErrors).toEqual({ body: [ARTICLE_MESSAGES.bodyTooLarge] });

    const fits = await as().admin.articles.create({ kind: 'blog', title: 'Exactly the cap', body: 'a'.repeat(BODY_MAX_BYTES) });
    expect(fits.body).toHaveLength(BODY_MAX_BYTES);
  });

  it('an address another article of the kind holds is a field error (409), never a 500; other kinds may share it', async () => {
    await as().admin.articles.create({ kind: 'blog', title: 'Crate Training' });
    const clash = (await as()
      .admin.articles.create({ kind: 'blog', title: 'Crate training!' })
      .catch((e: unknown) => e)) as TRPCError;
    expect(clash.code).toBe('CONFLICT');

    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.articles.create',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
      payload: JSON.stringify({ kind: 'blog', title: 'Another', slug: 'Crate Training' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.data.fieldErrors).toEqual({ slug: [ARTICLE_MESSAGES.slugTaken] });

    const other = await as().admin.articles.create({ kind: 'blog', title: 'Other' });
    const renamed = (await as()
      .admin.articles.update({ id: other.id, data: { kind: 'blog', title: 'Other', slug: 'crate-training' } })
      .catch((e: unknown) => e)) as TRPCError;
    expect(renamed.code).toBe('CONFLICT');
    expect((await as().admin.articles.create({ kind: 'resource', title: 'Crate Training', category: 'training' })).slug).toBe(
      'crate-training',
    );

    const noCategory = (await as()
      .admin.articles.create({ kind: 'resource', title: 'No category' })
      .catch((e: unknown) => e)) as TRPCError;
    expect(noCategory.code).toBe('BAD_REQUEST');
  });

  it('a resource carries PDF attachments: listed on the guide, downloadable, released when dropped; other kinds and non-PDFs are refused', async () => {
    const uploadPdf = async (name: string) => {
      const { payload, headers } = multipartBody([{ name: 'kind', value: 'document' }, pdfPart(tinyPdf(name), `${name}.pdf`)]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media',
        payload,
        headers: { ...headers, cookie, origin: TEST_ORIGIN },
      });
      expect(res.statusCode).toBe(201);
      return res.json().url as string;
    };
    const [sheet, contract] = [await uploadPdf('care-sheet'), await uploadPdf('contract')];
    const guide = await as().admin.articles.create({
      kind: 'resource',
      title: 'Go-Home Day Checklist',
      category: 'go-home',
      attachments: [
        { url: sheet, name: 'Go-home care sheet' },
        { url: contract, name: 'Puppy contract (sample)' },
      ],
    });
    expect(guide.attachments).toEqual([
      { url: sheet, name: 'Go-home care sheet' },
      { url: contract, name: 'Puppy contract (sample)' },
    ]);
    await as().admin.articles.publish({ id: guide.id });
    const served = await get('/api/resources/go-home-day-checklist');
    expect(served.statusCode).toBe(200);
    expect(served.json().attachments).toEqual(guide.attachments);
    const download = await get(sheet);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('filename="care-sheet.pdf"');

    // Dropping one releases its upload; the other stays.
    const updated = await as().admin.articles.update({
      id: guide.id,
      data: {
        kind: 'resource',
        title: 'Go-Home Day Checklist',
        category: 'go-home',
        attachments: [{ url: contract, name: 'Puppy contract' }],
      },
    });
    expect(updated.attachments).toEqual([{ url: contract, name: 'Puppy contract' }]);
    expect((await get(sheet)).statusCode).toBe(404);
    expect((await get(contract)).statusCode).toBe(200);

    const refused = async (data: Record<string, unknown>, field: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/admin.articles.create',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
        payload: JSON.stringify(data),
      });
      expect(res.statusCode).toBe(400);
      return res.json().error.data.fieldErrors[field] as string[];
    };
    expect(
      await refused({ kind: 'blog', title: 'With a file', attachments: [{ url: contract, name: 'Contract' }] }, 'attachments'),
    ).toEqual([ARTICLE_MESSAGES.attachmentsOnlyResources]);
    expect(
      await refused(
        { kind: 'resource', title: 'Photo as PDF', category: 'health', attachments: [{ url: '/uploads/abc.jpg', name: 'Photo' }] },
        'attachments.0.url',
      ),
    ).toHaveLength(1);
    expect(
      await refused(
        { kind: 'resource', title: 'Nameless', category: 'health', attachments: [{ url: contract, name: ' ' }] },
        'attachments.0.name',
      ),
    ).toEqual([ARTICLE_MESSAGES.attachmentNameRequired]);

    await as().admin.articles.remove({ id: guide.id });
    expect((await get(contract)).statusCode).toBe(404);
  });

  it('a legal page keeps every published version and lists them; the current one dates "Last updated"', async () => {
    const page = await as().admin.articles.create({ kind: 'legal', legalPage: 'privacy', title: 'Privacy Policy', body: 'Version one.' });
    expect((await get('/api/legal/privacy')).statusCode).toBe(404);
    const first = await as().admin.articles.publish({ id: page.id });
    const v1 = await t.caller().articles.legal({ page: 'privacy' });
    expect(v1).toMatchObject({ html: '<p>Version one.</p>\n', updatedAt: first.publishedAt, current: true });
    expect(v1.versions).toHaveLength(1);

    // Saving the page in force publishes the change as a new version, dated now; the first stays readable.
    await as().admin.articles.update({
      id: page.id,
      data: { kind: 'legal', legalPage: 'privacy', title: 'Privacy Policy', body: 'Version two.' },
    });
    const v2 = await t.caller().articles.legal({ page: 'privacy' });
    expect(v2.html).toBe('<p>Version two.</p>\n');
    expect(v2.versions.map((v) => v.id)).toEqual([v2.versionId, v1.versionId]);
    expect(Date.parse(v2.updatedAt)).toBeGreaterThanOrEqual(Date.parse(v1.updatedAt));
    const old = await t.caller().articles.legal({ page: 'privacy', version: v1.versionId });
    expect(old).toMatchObject({ html: '<p>Version one.</p>\n', current: false, updatedAt: v1.updatedAt });

    // Saving without a change writes no version; a published legal page can be neither unpublished nor deleted.
    await as().admin.articles.update({
      id: page.id,
      data: { kind: 'legal', legalPage: 'privacy', title: 'Privacy Policy', body: 'Version two.' },
    });
    expect((await t.caller().articles.legal({ page: 'privacy' })).versions).toHaveLength(2);
    // One at a time: both calls started at once would leave the second's rejection unhandled while the first is awaited.
    const refused = [
      await as()
        .admin.articles.unpublish({ id: page.id })
        .catch((e: unknown) => e),
      await as()
        .admin.articles.remove({ id: page.id })
        .catch((e: unknown) => e),
    ] as TRPCError[];
    expect(refused.map((e) => e.code)).toEqual(['BAD_REQUEST', 'BAD_REQUEST']);
    const twice = (await as()
      .admin.articles.create({ kind: 'legal', legalPage: 'privacy', title: 'Privacy 2' })
      .catch((e: unknown) => e)) as TRPCError;
    expect(twice.code).toBe('CONFLICT');
    expect((await get(`/api/legal/privacy?version=999999`)).statusCode).toBe(404);
  });
});
