// The round trip (issue 49): the full export of one site, imported file by file into an empty site through
// Dashboard → Import's own API, gives back the same families, dogs (with parents and health results), litters, puppies
// (with the family each went to) and subscribers (with their consent). Through test-app, so CI's PostgreSQL stage runs
// it again on a real server.
import { describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { readZip, type ZipEntry } from './testing/zip.ts';
import { importUpload } from './testing/imports.ts';
import { seedExportSite } from './testing/export-site.ts';
import { User } from '../features/auth/server/user.entity.ts';
import { DogHealthTest, ParentDog } from '../features/dogs/server/parent-dog.entity.ts';
import { Litter } from '../features/dogs/server/litter.entity.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { OutboxMessage } from '../features/mail/server/outbox-message.entity.ts';
import type { ImportPreviewDto, ImportResultDto } from '../features/imports/imports.schema.ts';

/** What a site holds of the five kinds, as comparable plain rows (ids aside: they are the site's own). */
async function records(orm: MikroORM) {
  const em = orm.em.fork();
  // An imported family's address waits to be proven again on the new site (decision 160): compared as its address.
  const address = (u: { email?: string | null; pendingEmail?: string | null } | null | undefined) =>
    u ? (u.email ?? u.pendingEmail ?? null) : null;
  const families = (await em.find(User, { isAdmin: false }))
    .map((u) => ({ name: u.displayName ?? u.username, email: address(u) }))
    .sort((a, b) => String(a.email).localeCompare(String(b.email)));
  const dogs = await em.find(ParentDog, {}, { orderBy: { name: 'asc' }, populate: ['sire', 'dam'] });
  const health = await em.find(DogHealthTest, {}, { orderBy: { position: 'asc' }, populate: ['dog'] });
  const litters = await em.find(Litter, {}, { orderBy: { name: 'asc' }, populate: ['sire', 'dam'] });
  const puppies = await em.find(Puppy, {}, { orderBy: { name: 'asc' }, populate: ['litter', 'family'] });
  const subscribers = await em.find(Subscriber, {}, { orderBy: { email: 'asc' } });
  return {
    families,
    dogs: dogs.map((d) => ({
      name: d.name,
      gender: d.gender,
      breed: d.breed,
      color: d.color,
      birthDate: d.birthDate,
      registrationNumber: d.registrationNumber,
      registry: d.registry,
      sire: d.sire?.name ?? null,
      dam: d.dam?.name ?? null,
      ours: d.ours,
      notes: d.notes,
      health: health.filter((h) => h.dog.id === d.id).map((h) => `${h.kind} ${h.test}: ${h.result}`),
    })),
    litters: litters.map((l) => ({ name: l.name, birthDate: l.birthDate, sire: l.sire?.name ?? null, dam: l.dam?.name ?? null })),
    puppies: puppies.map((p) => ({
      name: p.name,
      gender: p.gender,
      color: p.color,
      litter: p.litter?.name ?? null,
      family: address(p.family),
    })),
    subscribers: subscribers.map((s) => ({ email: s.email, name: s.name, status: s.status })),
  };
}

describe('an export imported into an empty site', () => {
  const from = useTestApp();
  const to = useTestApp();

  it('gives back the same families, dogs, litters, puppies and subscribers', async () => {
    const site = await seedExportSite(from.orm);
    const res = await from.app.inject({ method: 'GET', url: '/api/admin/export', headers: { cookie: site.admin.cookie } });
    expect(res.statusCode).toBe(200);
    const zip = readZip(res.rawPayload);
    const file = (name: string) => (zip.find((e: ZipEntry) => e.name === name) ?? expect.fail(`${name} in the export`)).bytes;

    const admin = (await signIn(to.orm, { isAdmin: true, username: 'breeder' })).cookie;
    const headers = { cookie: admin, origin: TEST_ORIGIN };
    // In the order the import asks for: families before the puppies that went to them, dogs before their litters.
    for (const [kind, name] of [
      ['families', 'families.csv'],
      ['dogs', 'dogs.csv'],
      ['litters', 'puppies.csv'],
      ['subscribers', 'subscribers.csv'],
    ] as const) {
      const body = importUpload(kind, file(name), name);
      const uploaded = await to.app.inject({
        method: 'POST',
        url: '/api/admin/imports',
        payload: body.payload,
        headers: { ...headers, ...body.headers },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const preview = uploaded.json<ImportPreviewDto>();
      expect(preview.errors, `${name} read back without an error`).toEqual([]);
      const committed = await to.app.inject({ method: 'POST', url: `/api/admin/imports/${preview.id}/commit`, payload: {}, headers });
      expect(committed.statusCode, committed.body).toBe(200);
      expect(committed.json<ImportResultDto>()).toMatchObject({ status: 'committed', failed: 0 });
    }

    const before = await records(from.orm);
    const after = await records(to.orm);
    // The seed has something of each, so the comparison cannot pass on empty lists.
    expect(before.families).toHaveLength(2);
    expect(before.dogs.map((d) => d.name)).toEqual(['Bella', 'Cooper', 'Rosie']);
    expect(before.puppies.map((p) => p.family)).toContain('parkers@example.com');
    expect(before.subscribers.map((s) => s.status).sort()).toEqual(['active', 'pending', 'unsubscribed']);
    expect(after).toEqual(before);
    // Consent travels: the one who never confirmed is asked again; the one who left the list gets nothing.
    const em = to.orm.em.fork();
    expect(await em.count(OutboxMessage, { to: 'waiting@example.com' })).toBe(1);
    expect(await em.count(OutboxMessage, { to: { $in: ['gone@example.com', 'reader@example.com'] } })).toBe(0);
  });
});
