import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { seedDemoContent } from '../../../server/seed/seed.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { dogToInput, type DogInput, type PedigreeDto } from '../dogs.schema.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };
const family: SessionUser = { id: 2, username: 'family', isAdmin: false };

/** The demo Maple's known ancestors within 5 generations (seed.ts): Rocky and Honey, Honey's Duke and Pearl, Duke's sire Sam and Sam's sire Gus. */
const MAPLE_ANCESTORS = 6;

const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as TRPCError & { cause?: { fieldErrors?: Record<string, string[]> } },
  );

describe('the dog registry', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);
  const dog = (input: Partial<DogInput> & { name: string; gender: 'female' | 'male' }) =>
    as().admin.parents.create({ breed: 'Poodle', color: 'Red', ...input });
  const featuredNames = async () => (await t.caller().parents.featured()).map((d) => d.name);

  it('serves a public dog’s pedigree over REST, nested to the generations asked, with health results and COI', async () => {
    await seedDemoContent(t.orm.em.fork(), { force: false });
    const maple = (await t.caller().parents.featured()).find((d) => d.name === 'Maple')!;

    const res = await t.app.inject({ method: 'GET', url: `/api/dogs/${maple.id}/pedigree` });
    expect(res.statusCode).toBe(200);
    const tree = res.json() as PedigreeDto;
    expect(tree).toMatchObject({
      id: maple.id,
      name: 'Maple',
      registeredName: 'Aspen Meadow Maple Leaf',
      sex: 'female',
      generation: 'F1B',
      color: 'Apricot',
      coi: 0,
      ancestorPlaces: 62,
    });
    // How complete the pedigree under that COI is: her parents and the dam's line (issue 29).
    expect(tree.ancestorsKnown).toBe(MAPLE_ANCESTORS);
    expect(tree.healthTests.map((h) => [h.label, h.result, h.date])).toEqual([
      ['OFA hips', 'Good', '2024-05-10'],
      ['Embark: PRA-prcd', 'Clear', '2023-08-02'],
      ['OFA eyes (CAER)', 'Normal', '2025-03-18'],
    ]);
    // Default three generations: Maple, her parents, her grandparents (the dam's parents are known).
    expect(tree.sire).toMatchObject({ name: 'Rocky', sex: 'male', sire: null, dam: null });
    expect(tree.dam?.name).toBe('Honey');
    expect([tree.dam?.sire?.name, tree.dam?.dam?.name]).toEqual(['Duke', 'Pearl']);

    const one = (await t.app.inject({ method: 'GET', url: `/api/dogs/${maple.id}/pedigree?generations=1` })).json() as PedigreeDto;
    expect(one.dam?.name).toBe('Honey');
    expect(one.dam?.sire).toBeNull();

    // The same answer through tRPC.
    expect(await t.caller().parents.pedigree({ id: maple.id })).toEqual(tree);

    // An ancestor is public too (the tree re-centres on it).
    const honey = await t.app.inject({ method: 'GET', url: `/api/dogs/${tree.dam!.id}/pedigree` });
    expect(honey.statusCode).toBe(200);
    expect((honey.json() as PedigreeDto).sire?.name).toBe('Duke');
  });

  it('answers 404 JSON for an unknown, malformed or non-public dog, and 400 for bad generations', async () => {
    for (const url of ['/api/dogs/999999/pedigree', '/api/dogs/abc/pedigree', '/api/dogs/0/pedigree']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json().message).toBe('Dog not found.');
    }
    // In the registry but neither ours-and-featured, nor a litter's parent, nor anyone's ancestor: private.
    const loner = await as().admin.parents.createAncestor({ name: 'Private Pete', gender: 'male' });
    expect((await t.app.inject({ method: 'GET', url: `/api/dogs/${loner.id}/pedigree` })).statusCode).toBe(404);
    const hidden = await dog({ name: 'Hidden Hazel', gender: 'female', featured: false });
    expect((await fail(t.caller().parents.pedigree({ id: hidden.id }))).code).toBe('NOT_FOUND');

    const maple = (await t.caller().parents.featured()).find((d) => d.name === 'Maple')!;
    for (const n of ['6', '0', 'abc', '2.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dogs/${maple.id}/pedigree?generations=${n}` });
      expect(res.statusCode, n).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Generations must be a whole number from 1 to 5.');
    }
  });

  it('keeps /api/parents/featured to our featured, unretired dogs; ancestors never appear there', async () => {
    const before = await featuredNames();
    expect(before).not.toContain('Rocky');
    // A new dog is ours but private until featured (issue 29): saved with only a name it is on no public page.
    const rosie = await as().admin.parents.create({ name: 'Rosie', gender: 'female', breed: '', color: '' });
    expect(rosie).toMatchObject({ ours: true, featured: false, retired: false });
    expect(await featuredNames()).not.toContain('Rosie');
    expect((await t.caller().parents.familyTree()).map((d) => d.name)).not.toContain('Rosie');
    expect((await fail(t.caller().parents.pedigree({ id: rosie.id }))).code).toBe('NOT_FOUND');
    await as().admin.parents.update({ ...dogToInput(rosie), id: rosie.id, featured: true });
    expect(await featuredNames()).toContain('Rosie');
    await as().admin.parents.update({ ...dogToInput(rosie), id: rosie.id, featured: true, retired: true });
    expect(await featuredNames()).not.toContain('Rosie');
    // Retired dogs stay on /family-tree, marked.
    expect((await t.caller().parents.familyTree()).find((d) => d.name === 'Rosie')?.retired).toBe(true);
  });

  it('sets parents by id, refuses bad ones with a clear message and saves nothing', async () => {
    const sire = await dog({ name: 'Grandpa', gender: 'male', ours: false, featured: false });
    const dam = await as().admin.parents.createAncestor({ name: 'Grandma', gender: 'female', registeredName: 'Ch. Grandma' });
    const pup = await dog({ name: 'Junior', gender: 'male', sireId: sire.id, damId: dam.id });
    expect(pup).toMatchObject({ sireId: sire.id, sireName: 'Grandpa', damId: dam.id, damName: 'Grandma' });
    expect((await as().admin.parents.byId({ id: sire.id })).referencedBy).toBe(1);

    const refused = async (input: Parameters<ReturnType<typeof as>['admin']['parents']['update']>[0], field: string, message: string) => {
      const e = await fail(as().admin.parents.update(input));
      expect(e.code).toBe('BAD_REQUEST');
      expect(e.message).toBe(message);
      expect(e.cause?.fieldErrors?.[field]).toEqual([message]);
    };
    const base = { ...dogToInput(await as().admin.parents.byId({ id: sire.id })), id: sire.id };
    // A cycle: Grandpa's sire cannot be his own son.
    await refused(
      { ...base, name: 'Grandpa renamed', sireId: pup.id },
      'sireId',
      'Junior cannot be a parent of Grandpa renamed: Junior descends from Grandpa renamed, so Grandpa renamed would become its own ancestor.',
    );
    await refused({ ...base, sireId: sire.id }, 'sireId', 'A dog cannot be its own parent.');
    await refused({ ...base, sireId: dam.id }, 'sireId', 'The sire must be a male dog.');
    await refused({ ...base, damId: pup.id }, 'damId', 'The dam must be a female dog.');
    // Grandpa is Junior's sire: he cannot become female.
    await refused({ ...base, gender: 'female' }, 'gender', 'Grandpa is the sire of 1 dog or litter: change those first.');
    // Nothing of those was saved.
    expect(await as().admin.parents.byId({ id: sire.id })).toMatchObject({ name: 'Grandpa', sireId: null, damId: null, gender: 'male' });

    // A dog whose parent is refused is not created either.
    const total = (await as().admin.parents.list({})).total;
    expect((await fail(dog({ name: 'Wrong', gender: 'female', damId: sire.id }))).code).toBe('BAD_REQUEST');
    expect((await as().admin.parents.list({})).total).toBe(total);
  });

  it('keeps health results with an https link or an uploaded PDF or photo, and refuses anything else', async () => {
    const maple = await dog({
      name: 'Healthy Holly',
      gender: 'female',
      healthTests: [
        { kind: 'ofa-hips', result: 'Excellent', date: '2024-02-01', verificationUrl: 'https://ofa.org/dog/123' },
        { kind: 'genetic-panel', test: 'Embark: vWD1', result: 'Clear', certificateUrl: '/uploads/cert-1.pdf' },
        { kind: 'pennhip', result: 'DI 0.32', certificateUrl: '/uploads/cert-2.jpg' },
      ],
    });
    expect(maple.healthTests.map((h) => [h.label, h.result, h.verificationUrl, h.certificateUrl])).toEqual([
      ['OFA hips', 'Excellent', 'https://ofa.org/dog/123', null],
      ['Embark: vWD1', 'Clear', null, '/uploads/cert-1.pdf'],
      ['PennHIP', 'DI 0.32', null, '/uploads/cert-2.jpg'],
    ]);
    const base = { ...dogToInput(maple), id: maple.id };
    for (const [test, field, message] of [
      [
        { kind: 'ofa-hips', result: 'Good', verificationUrl: 'http://ofa.org/dog/123' },
        'healthTests.0.verificationUrl',
        'The verification link must be an https:// address.',
      ],
      [
        { kind: 'ofa-hips', result: 'Good', verificationUrl: 'javascript:alert(1)' },
        'healthTests.0.verificationUrl',
        'The verification link must be an https:// address.',
      ],
      [
        { kind: 'ofa-hips', result: 'Good', certificateUrl: '/uploads/clip.mp4' },
        'healthTests.0.certificateUrl',
        'Attach the certificate as a PDF or a photo uploaded here.',
      ],
      [
        { kind: 'ofa-hips', result: 'Good', certificateUrl: 'https://elsewhere.example/cert.pdf' },
        'healthTests.0.certificateUrl',
        'Attach the certificate as a PDF or a photo uploaded here.',
      ],
    ] as const) {
      const e = await fail(as().admin.parents.update({ ...base, healthTests: [test as never] }));
      expect(e.code).toBe('BAD_REQUEST');
      const issues = (e.cause as unknown as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
      expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    }
    expect((await as().admin.parents.byId({ id: maple.id })).healthTests).toHaveLength(3);
  });

  it('deletes a referenced dog, leaving the dogs and litters that named it with that parent unknown', async () => {
    const sire = await dog({ name: 'Old Sire', gender: 'male' });
    const mother = await dog({ name: 'Mother Dear', gender: 'female' });
    const child = await dog({ name: 'Child', gender: 'female', sireId: sire.id });
    const litter = await as().admin.litters.create({
      name: 'Delete Litter',
      motherName: 'ignored',
      fatherName: 'ignored',
      damId: mother.id,
      sireId: sire.id,
    });
    // Both parents known, nothing above them: 2 of the 62 places (a public card shows no COI for it).
    expect(litter).toMatchObject({ motherName: 'Mother Dear', fatherName: 'Old Sire', sireId: sire.id, coi: 0, ancestorsKnown: 2 });
    expect((await as().admin.parents.byId({ id: sire.id })).referencedBy).toBe(2);

    await as().admin.parents.remove({ id: sire.id });
    expect(await as().admin.parents.byId({ id: child.id })).toMatchObject({ sireId: null, sireName: null });
    // The litter keeps the last name it knew, with its sire now unknown.
    expect(await as().admin.litters.byId({ id: litter.id })).toMatchObject({
      sireId: null,
      fatherName: 'Old Sire',
      coi: null,
      ancestorsKnown: null,
    });
  });

  it('links litters to dogs: by id, by name, or a new ancestor for an outside sire; names follow the dogs; COI per litter', async () => {
    const gp = await dog({ name: 'Patriarch', gender: 'male', ours: false, featured: false });
    const a = await dog({ name: 'Half A', gender: 'male', sireId: gp.id });
    const b = await dog({ name: 'Half B', gender: 'female', sireId: gp.id });
    // By name (case aside) finds the registry's dogs; the half-sibling pairing is 1/8.
    const litter = await as().admin.litters.create({ name: 'Half Litter', motherName: 'half b', fatherName: 'HALF A' });
    expect(litter).toMatchObject({ damId: b.id, sireId: a.id, motherName: 'Half B', fatherName: 'Half A', coi: 0.125, ancestorsKnown: 4 });
    const visiting = await as().admin.litters.create({ name: 'Visit Litter', motherName: 'Half B', fatherName: 'Sir Visiting' });
    const stud = await as().admin.parents.byId({ id: visiting.sireId! });
    expect(stud).toMatchObject({ name: 'Sir Visiting', gender: 'male', ours: false, featured: false });

    // Renaming the dam renames her in every litter.
    await as().admin.parents.update({ ...dogToInput(await as().admin.parents.byId({ id: b.id })), id: b.id, name: 'Bella' });
    expect((await t.caller().litters.active()).find((l) => l.id === litter.id)).toMatchObject({ motherName: 'Bella', coi: 0.125 });

    // A male as the dam is refused.
    const e = await fail(as().admin.litters.create({ name: 'Bad', motherName: 'x', fatherName: 'y', damId: a.id }));
    expect(e.message).toBe('The dam must be a female dog.');
  });

  it('plans a pairing: both pedigrees and the would-be litter’s COI, sexes checked', async () => {
    const gp = await dog({ name: 'Founder', gender: 'male', ours: false, featured: false });
    const gd = await dog({ name: 'Foundress', gender: 'female', ours: false, featured: false });
    const s = await dog({ name: 'Brother', gender: 'male', sireId: gp.id, damId: gd.id });
    const d = await dog({ name: 'Sister', gender: 'female', sireId: gp.id, damId: gd.id });
    const plan = await as().admin.parents.pairing({ sireId: s.id, damId: d.id, generations: 5 });
    expect(plan).toMatchObject({ coi: 0.25, coiGenerations: 5, ancestorsKnown: 6, ancestorPlaces: 62 });
    expect(plan.sire.sire?.name).toBe('Founder');
    expect(plan.dam.dam?.name).toBe('Foundress');
    expect((await fail(as().admin.parents.pairing({ sireId: d.id, damId: s.id, generations: 5 }))).message).toBe(
      'The sire must be a male dog.',
    );
    expect((await fail(t.caller(family).admin.parents.pairing({ sireId: s.id, damId: d.id, generations: 5 }))).code).toBe('FORBIDDEN');
    expect((await fail(t.caller().admin.parents.pairing({ sireId: s.id, damId: d.id, generations: 5 }))).code).toBe('UNAUTHORIZED');
  });
});
