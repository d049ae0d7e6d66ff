// The full export (issue 49 item 5) through the real app: GET /api/admin/export of a seeded site, unzipped and read back.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useTestApp } from './testing/test-app.ts';
import { readZip, type ZipEntry } from './testing/zip.ts';
import { EXPORT_SOURCES } from './export-sources.ts';
import { exportZip } from '../features/export/server/export.service.ts';
import type { ExportManifest } from '../features/export/export.schema.ts';
import { loadMediaBytes, storeMedia } from '../features/media/server/media-store.ts';
import { seedExportSite, type Signed } from './testing/export-site.ts';
import { DEMO_TEMPLATE_BODY } from '../features/contracts/server/contracts.seed.ts';

type Row = Record<string, string>;

const csv = (entry: ZipEntry | undefined): Row[] => {
  expect(entry, 'file in the zip').toBeDefined();
  // Excel's byte-order mark first, as every CSV export of the dashboard.
  expect(entry!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(entry!.bytes, { columns: true, bom: true }) as Row[];
};

describe('the full export', () => {
  const t = useTestApp();
  let admin: Signed;
  let parkers: Signed;
  let photoUrl = '';
  let photo: Buffer;
  let contractId = 0;

  const download = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/admin/export', headers: cookie ? { cookie } : {} });

  it('seeds a small site: two families, three dogs with health results, a litter with two puppies, subscribers, a sealed contract', async () => {
    ({ admin, parkers, photo, photoUrl } = await seedExportSite(t.orm));
    // A contract sealed the way the breeder and the family do it.
    const breeder = () => t.caller(admin.user).admin.contracts;
    const template = await breeder().saveTemplate({ name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY });
    const draft = await breeder().prepare({ templateId: template.id, familyId: parkers.user.id });
    contractId = draft.id;
    await breeder().send({ id: contractId });
    await t.caller(parkers.user).contracts.sign({ id: contractId, fullName: 'Jamie Parker', consent: true });
    const sealed = await breeder().countersign({ id: contractId, fullName: 'Sarah Breeder', consent: true });
    expect(sealed.status).toBe('sealed');
  });

  it('answers 401 to a visitor and 403 to a family, with a sentence and nothing of the records', async () => {
    const visitor = await download();
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['content-type']).toMatch(/^application\/json/);
    const family = await download(parkers.cookie);
    expect(family.statusCode).toBe(403);
    expect(family.headers['content-type']).toMatch(/^application\/json/);
    expect(family.json()).toEqual({ message: expect.any(String) });
    expect(family.body).not.toContain('Cooper');
  });

  let entries: ZipEntry[] = [];
  let manifest: ExportManifest;
  const entry = (name: string) => entries.find((e) => e.name === name);

  it('gives the breeder one zip that lists every file in its manifest, the columns of each CSV as its header', async () => {
    const res = await download(admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="goldendoodle-export.zip"');
    expect(res.headers['cache-control']).toBe('no-store');
    entries = readZip(res.rawPayload);
    // The manifest comes last: it counts the rows of the files before it.
    expect(entries.at(-1)!.name).toBe('manifest.json');
    manifest = JSON.parse(entries.at(-1)!.bytes.toString('utf8')) as ExportManifest;
    expect(manifest.files.map((f) => f.path)).toEqual([
      'families.csv',
      'applications.csv',
      'waitlist.csv',
      'dogs.csv',
      'dog-health-tests.csv',
      'litters.csv',
      'puppies.csv',
      'payments.csv',
      'payment-accounts.csv',
      'contracts.csv',
      'health-records.csv',
      'bookings.csv',
      'messages.csv',
      'subscribers.csv',
      'articles.csv',
      'media.csv',
    ]);
    for (const file of manifest.files) {
      const rows = csv(entry(file.path));
      const header = (parse(entry(file.path)!.bytes, { bom: true, to_line: 1 }) as string[][])[0];
      expect(header, file.path).toEqual(file.columns.map((c) => c.name));
      expect(rows.length, file.path).toBe(file.rows);
      for (const column of file.columns) {
        expect(column.meaning.length, `${file.path} ${column.name}`).toBeGreaterThan(3);
        expect(column.type).toMatch(/^[a-z]+$/);
      }
    }
    // Every other entry sits in a folder the manifest describes, as many as it says.
    const listed = new Set([...manifest.files.map((f) => f.path), 'manifest.json']);
    const others = entries.filter((e) => !listed.has(e.name));
    expect(others.length).toBeGreaterThan(0);
    for (const folder of manifest.folders) {
      expect(others.filter((e) => e.name.startsWith(folder.path)).length, folder.path).toBe(folder.files);
    }
    expect(others.filter((e) => !manifest.folders.some((f) => e.name.startsWith(f.path)))).toEqual([]);
    expect(manifest.folders.map((f) => f.path)).toEqual(['contracts/', 'receipts/', 'media/']);
    // Photos are stored as they are (already compressed); the CSVs are deflated.
    expect(entry(`media/${photoUrl.slice('/uploads/'.length)}`)!.method).toBe(0);
    expect(entry('dogs.csv')!.method).toBe(8);
  });

  it('writes the families, dogs, litters, puppies and subscribers as they are on the site', () => {
    const families = csv(entry('families.csv'));
    expect(families.map((f) => [f.name, f.email, f.email_verified, f.username])).toEqual([
      ['Jamie Parker', 'parkers@example.com', 'yes', 'parkers'],
      ['An Nguyen', 'nguyens@example.com', 'yes', 'nguyens'],
    ]);
    // The breeder's own account is not a family.
    expect(families.some((f) => f.username === 'breeder')).toBe(false);

    const dogs = csv(entry('dogs.csv'));
    expect(dogs.map((d) => [d.name, d.gender, d.registration_number, d.sire, d.dam, d.birth_date, d.ours])).toEqual([
      ['Cooper', 'male', 'AKC-SR100', '', '', '2020-04-02', 'yes'],
      ['Bella', 'female', '', '', '', '2021-05-06', 'yes'],
      // A parent is named by its registration number, else by its name: how the import finds it.
      ['Rosie', 'female', '', 'AKC-SR100', 'Bella', '2023-06-01', 'no'],
    ]);
    expect(dogs[0]!.health).toBe('OFA hips: Good; PRA-prcd: Clear');
    expect(dogs[1]!.image_url).toBe(photoUrl);
    // A formula in a cell is written as text, never run by the spreadsheet.
    expect(dogs[2]!.notes).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(csv(entry('dog-health-tests.csv')).map((h) => [h.dog_id, h.kind, h.test, h.result])).toEqual([
      [dogs[0]!.id, 'ofa-hips', '', 'Good'],
      [dogs[0]!.id, 'genetic-panel', 'PRA-prcd', 'Clear'],
    ]);

    const litters = csv(entry('litters.csv'));
    expect(litters.map((l) => [l.litter, l.birth_date, l.sire, l.dam, l.sire_id, l.dam_id, l.puppy_count])).toEqual([
      ['Spring 2026', '2026-03-01', 'AKC-SR100', 'Bella', dogs[0]!.id, dogs[1]!.id, '2'],
    ]);

    const puppies = csv(entry('puppies.csv'));
    expect(
      puppies.map((p) => [p.name, p.gender, p.color, p.litter, p.birth_date, p.sire, p.dam, p.status, p.price, p.family_email]),
    ).toEqual([
      ['Maple', 'female', 'apricot', 'Spring 2026', '2026-03-01', 'AKC-SR100', 'Bella', 'reserved', '3200', 'parkers@example.com'],
      ['Oak', 'male', 'red', 'Spring 2026', '2026-03-01', 'AKC-SR100', 'Bella', 'available', '', ''],
    ]);
    expect(puppies[0]!.litter_id).toBe(litters[0]!.id);
    expect(puppies[0]!.family_id).toBe(families[0]!.id);

    const subscribers = csv(entry('subscribers.csv'));
    expect(subscribers.map((s) => [s.email, s.name, s.opted_in, s.consent_date, s.signed_up_at, s.unsubscribed_at])).toEqual([
      ['reader@example.com', 'Robin', 'yes', '2025-01-02T03:10:00.000Z', '2025-01-02T03:04:05.000Z', ''],
      ['waiting@example.com', '', 'pending', '', '2025-01-02T03:04:05.000Z', ''],
      ['gone@example.com', "'@Gone", 'unsubscribed', '2025-01-02T03:10:00.000Z', '2025-01-02T03:04:05.000Z', '2025-02-03T04:05:06.000Z'],
    ]);
  });

  it('carries the sealed contract’s PDF, byte for byte, named in contracts.csv', async () => {
    const contracts = csv(entry('contracts.csv'));
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ id: String(contractId), status: 'sealed', family_email: 'parkers@example.com' });
    const pdf = entry(contracts[0]!.pdf_file!);
    expect(pdf).toBeDefined();
    expect(pdf!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(createHash('sha256').update(pdf!.bytes).digest('hex')).toBe(contracts[0]!.pdf_sha256);
    const media = csv(entry('media.csv'));
    const stored = media.find((m) => m.sha256 === contracts[0]!.pdf_sha256)!;
    expect(stored).toMatchObject({ kind: 'document', private: 'yes' });
    expect(entry(stored.file!)!.bytes).toEqual(pdf!.bytes);
    expect(entry(stored.file!)!.bytes).toEqual(await loadMediaBytes(t.orm.em.fork(), stored.id!));
  });

  it('carries every media original under the name its address gives', () => {
    const media = csv(entry('media.csv'));
    const photoRow = media.find((m) => m.url === photoUrl)!;
    expect(photoRow).toMatchObject({ kind: 'image', mime: 'image/jpeg', size: String(photo.length), private: 'no' });
    expect(entry(photoRow.file!)!.bytes).toEqual(photo);
    expect(entries.filter((e) => e.name.startsWith('media/')).map((e) => e.name)).toEqual(media.map((m) => m.file));
  });

  it('reads each table in keyset batches: batches of 1 and 2 give the same files as one batch', async () => {
    const read = async (batch: number, fileBatch: number) => {
      const chunks: Buffer[] = [];
      const now = new Date('2026-12-07T12:00:00Z');
      for await (const chunk of exportZip(t.orm.em.fork(), EXPORT_SOURCES, { batch, fileBatch, now })) chunks.push(chunk as Buffer);
      return readZip(Buffer.concat(chunks)).map((e) => [e.name, e.bytes.toString('base64')]);
    };
    const whole = await read(1000, 1000);
    expect(await read(1, 1)).toEqual(whole);
    expect(await read(2, 2)).toEqual(whole);
  });

  it('carries a video stored in pieces whole, beside photos read together', async () => {
    const video = randomBytes(5000);
    const stored = await storeMedia(
      t.orm.em.fork(),
      { kind: 'video', mime: 'video/mp4', ext: 'mp4', width: null, height: null, bytes: video },
      { chunkBytes: 1000 },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of exportZip(t.orm.em.fork(), EXPORT_SOURCES, { fileBatch: 2 })) chunks.push(chunk as Buffer);
    const all = readZip(Buffer.concat(chunks));
    expect(all.find((e) => e.name === `media/${stored.id}.mp4`)!.bytes).toEqual(video);
    expect(all.find((e) => e.name === `media/${photoUrl.slice('/uploads/'.length)}`)!.bytes).toEqual(photo);
  });

  it('stops reading when the reader goes away', async () => {
    const stream = exportZip(t.orm.em.fork(), EXPORT_SOURCES, { batch: 1, fileBatch: 1 });
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', resolve);
      stream.once('error', reject);
    });
    expect(first.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const closed = new Promise((resolve) => stream.once('close', resolve));
    stream.destroy();
    await closed;
    expect(stream.destroyed).toBe(true);
  });
});
