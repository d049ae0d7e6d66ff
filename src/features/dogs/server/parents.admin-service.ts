// The dashboard's dog registry: paged list and search, create, update (parents, health results), delete,
// inline ancestors and the planned-pairing tool.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { DogHealthTest, ParentDog, ParentDogPhoto, type IParentDog } from './parent-dog.entity.ts';
import { photosOf, toParentDogDto } from './parents.service.ts';
import { healthTestsOf, loadAncestry, pedigreeNodes } from './dogs.service.ts';
import { Litter } from './litter.entity.ts';
import {
  DOG_MESSAGES,
  type AncestorInputSchema,
  type DogAdminDto,
  type DogInputSchema,
  type DogOptionDto,
  type DogSearchSchema,
  type HealthTestDto,
  type PairingDto,
  type PairingInputSchema,
} from '../dogs.schema.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import { type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { badRequest, notFound } from '../../../lib/server/errors.ts';
import { coiOfPairing, completenessOfPairing } from '../coi.ts';

type DogData = z.output<typeof DogInputSchema>;

const idOf = (ref: { id: number } | null | undefined) => (ref ? Number(ref.id) : null);

async function toDogAdminDtos(em: EntityManager, dogs: IParentDog[]): Promise<DogAdminDto[]> {
  const ids = dogs.map((d) => d.id);
  const photos = await photosOf(em, ids);
  const tests = await healthTestsOf(em, ids);
  const parentIds = [...new Set(dogs.flatMap((d) => [idOf(d.sire), idOf(d.dam)]).filter((id): id is number => id != null))];
  const parents = new Map(
    (parentIds.length ? await em.find(ParentDog, { id: { $in: parentIds } }, { fields: ['id', 'name'] }) : []).map((p) => [p.id, p.name]),
  );
  const refs = new Map<number, number>();
  if (ids.length) {
    // Counted in the database: a dog of a ten-year breeding stock has hundreds of offspring (issue 35).
    const list = ids.map(() => '?').join(', ');
    const rows = await em
      .getConnection()
      .execute<{ id: number; n: string }[]>(
        `select v.id, count(distinct (r.kind, r.row_id)) as n from (` +
          `select 'dog' as kind, id as row_id, sire_id, dam_id from parent_dogs where sire_id in (${list}) or dam_id in (${list}) ` +
          `union all select 'litter', id, sire_id, dam_id from litters where sire_id in (${list}) or dam_id in (${list})` +
          `) r cross join lateral (values (r.sire_id), (r.dam_id)) v(id) where v.id in (${list}) group by v.id`,
        [...ids, ...ids, ...ids, ...ids, ...ids],
      );
    for (const row of rows) refs.set(Number(row.id), Number(row.n));
  }
  return dogs.map((d) => {
    const sireId = idOf(d.sire);
    const damId = idOf(d.dam);
    return {
      ...toParentDogDto(d, photos.get(d.id)),
      featured: d.featured,
      sortOrder: d.sortOrder,
      registeredName: d.registeredName,
      registry: d.registry,
      registrationNumber: d.registrationNumber,
      generation: d.generation,
      breederOwner: d.breederOwner,
      notes: d.notes,
      sireId,
      damId,
      sireName: sireId != null ? (parents.get(sireId) ?? null) : null,
      damName: damId != null ? (parents.get(damId) ?? null) : null,
      ours: d.ours,
      retired: d.retired,
      healthTests: tests.get(d.id) ?? [],
      referencedBy: refs.get(d.id) ?? 0,
    };
  });
}

const toDogAdminDto = async (em: EntityManager, dog: IParentDog) => (await toDogAdminDtos(em, [dog]))[0]!;

/** Every upload a dog uses: its photos, its video and its health certificates. */
const mediaOf = (dto: DogAdminDto) => [
  ...dto.photos,
  ...(dto.videoUrl ? [dto.videoUrl] : []),
  ...dto.healthTests.flatMap((t: HealthTestDto) => (t.certificateUrl ? [t.certificateUrl] : [])),
];

/** Replaces the dog's photo rows with `urls` in order and keeps imageUrl the first (without `urls`: imageUrl alone). */
async function setPhotos(em: EntityManager, dog: IParentDog, urls: string[] | undefined, imageUrl: string | null) {
  const photos = urls ?? (imageUrl ? [imageUrl] : []);
  dog.imageUrl = photos[0] ?? null;
  await em.nativeDelete(ParentDogPhoto, { dog: dog.id });
  photos.forEach((url, position) => em.create(ParentDogPhoto, { dog, url, position }));
}

async function setHealthTests(em: EntityManager, dog: IParentDog, tests: DogData['healthTests']) {
  await em.nativeDelete(DogHealthTest, { dog: dog.id });
  tests.forEach((t, position) => em.create(DogHealthTest, { dog, ...t, position }));
}

/** The list's order, as its index (parent_dogs_list_order_index) holds it. */
const LIST_ORDER: KeyOrder = [
  { field: 'ours', type: 'boolean', dir: 'desc' },
  { field: 'sortOrder', type: 'integer', dir: 'asc' },
  { field: 'name', type: 'string', dir: 'asc' },
  { field: 'id', type: 'integer', dir: 'asc' },
];

/** Ours first (in the home page's order), then every other dog by name. */
export async function listParentsAdmin(em: EntityManager, input: z.output<typeof PageInputSchema>): Promise<Page<DogAdminDto>> {
  const where = input.search ? searchAny(input.search, ['name', 'registeredName', 'registrationNumber']) : {};
  const { rows, ...page } = await keysetPage(em, ParentDog, where, LIST_ORDER, input);
  return { ...page, items: await toDogAdminDtos(em, rows) };
}

/** Dogs by (registered) name for the sire and dam pickers: at most 20, ours first. */
export async function searchDogs(em: EntityManager, input: z.output<typeof DogSearchSchema>): Promise<DogOptionDto[]> {
  const rows = await em.find(
    ParentDog,
    {
      ...(input.search ? searchAny(input.search, ['name', 'registeredName']) : {}),
      ...(input.gender ? { gender: input.gender } : {}),
      ...(input.exclude ? { id: { $ne: input.exclude } } : {}),
    },
    { orderBy: { ours: 'desc', name: 'asc', id: 'asc' }, limit: 20, fields: ['id', 'name', 'registeredName', 'gender', 'ours'] },
  );
  return rows.map((d) => ({ id: d.id, name: d.name, registeredName: d.registeredName, gender: d.gender, ours: d.ours }));
}

async function findDog(em: EntityManager, id: number) {
  const dog = await em.findOne(ParentDog, { id });
  if (!dog) throw notFound('Dog');
  return dog;
}

export async function getParentAdmin(em: EntityManager, id: number): Promise<DogAdminDto> {
  return toDogAdminDto(em, await findDog(em, id));
}

/**
 * Refuses parents that would make a bad pedigree, before anything is written: a dog as its own parent, a
 * sire that is not male or a dam that is not female, a parent that is a descendant (a cycle), and, when a
 * dog's sex changes, the litters and dogs that name it in the other role. Field errors on sireId/damId/gender.
 */
async function checkParents(em: EntityManager, id: number | null, name: string, data: Pick<DogData, 'sireId' | 'damId' | 'gender'>) {
  for (const [field, parentId, sex, message] of [
    ['sireId', data.sireId, 'male', DOG_MESSAGES.sireNotMale],
    ['damId', data.damId, 'female', DOG_MESSAGES.damNotFemale],
  ] as const) {
    if (parentId == null) continue;
    if (parentId === id) throw badRequest(DOG_MESSAGES.ownParent, { [field]: [DOG_MESSAGES.ownParent] });
    const parent = await em.findOne(ParentDog, { id: parentId });
    if (!parent) throw badRequest(DOG_MESSAGES.parentMissing, { [field]: [DOG_MESSAGES.parentMissing] });
    if (parent.gender !== sex) throw badRequest(message, { [field]: [message] });
    if (id != null && (await loadAncestry(em, [parentId], Number.MAX_SAFE_INTEGER)).has(id)) {
      const msg = DOG_MESSAGES.cycle(name, parent.name);
      throw badRequest(msg, { [field]: [msg] });
    }
  }
  if (id != null) {
    const wrongRole = data.gender === 'female' ? { sire: id } : { dam: id };
    const asDog = await em.count(ParentDog, wrongRole);
    const asLitter = await em.count(Litter, wrongRole);
    if (asDog + asLitter > 0) {
      const msg = `${name} is the ${data.gender === 'female' ? 'sire' : 'dam'} of ${asDog + asLitter} ${asDog + asLitter === 1 ? 'dog or litter' : 'dogs or litters'}: change those first.`;
      throw badRequest(msg, { gender: [msg] });
    }
  }
}

export async function createParent(em: EntityManager, data: DogData): Promise<DogAdminDto> {
  await checkParents(em, null, data.name, data);
  const { photos, healthTests, sireId, damId, ...fields } = data;
  const id = await em.transactional(async (tx) => {
    const now = new Date();
    const dog = tx.create(ParentDog, {
      ...fields,
      sire: sireId != null ? tx.getReference(ParentDog, sireId) : null,
      dam: damId != null ? tx.getReference(ParentDog, damId) : null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.flush();
    await setPhotos(tx, dog, photos, fields.imageUrl);
    await setHealthTests(tx, dog, healthTests);
    await tx.flush();
    return dog.id;
  });
  return getParentAdmin(em.fork(), id);
}

/** Updates every field, the photo set and the health results; answers the new state and the uploads it stopped using. */
export async function updateParent(em: EntityManager, id: number, data: DogData): Promise<{ parent: DogAdminDto; releasedUrls: string[] }> {
  const before = mediaOf(await getParentAdmin(em, id));
  await checkParents(em, id, data.name, data);
  const { photos, healthTests, sireId, damId, ...fields } = data;
  await em.transactional(async (tx) => {
    const dog = await findDog(tx, id);
    tx.assign(dog, {
      ...fields,
      sire: sireId != null ? tx.getReference(ParentDog, sireId) : null,
      dam: damId != null ? tx.getReference(ParentDog, damId) : null,
    });
    await setPhotos(tx, dog, photos, fields.imageUrl);
    await setHealthTests(tx, dog, healthTests);
    await tx.flush();
    // The litters it mothered or fathered carry its name: a rename renames them (their stored names are what
    // the newsletter drafts read, and what stays if the dog is ever deleted).
    await tx.nativeUpdate(Litter, { dam: id }, { motherName: dog.name });
    await tx.nativeUpdate(Litter, { sire: id }, { fatherName: dog.name });
  });
  const dto = await getParentAdmin(em.fork(), id);
  const after = new Set(mediaOf(dto));
  return { parent: dto, releasedUrls: before.filter((url) => !after.has(url)) };
}

/** An ancestor named from another dog's form: not ours, not featured, everything else to fill in later. */
export async function createAncestor(em: EntityManager, data: z.output<typeof AncestorInputSchema>): Promise<DogOptionDto> {
  const now = new Date();
  const dog = em.create(ParentDog, {
    ...data,
    breed: '',
    color: '',
    ours: false,
    featured: false,
    imageUrl: null,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { id: dog.id, name: dog.name, registeredName: dog.registeredName, gender: dog.gender, ours: false };
}

/** Deletes a dog; the dogs and litters that named it as a parent keep going with that parent unknown. */
export async function removeParent(em: EntityManager, id: number): Promise<{ releasedUrls: string[] }> {
  const media = mediaOf(await getParentAdmin(em, id));
  await em.transactional(async (tx) => {
    await tx.nativeDelete(ParentDog, { id });
  });
  em.clear();
  return { releasedUrls: media };
}

/** A trial litter of `sireId` × `damId`: both parents' pedigrees and the litter's COI. */
export async function planPairing(em: EntityManager, input: z.output<typeof PairingInputSchema>): Promise<PairingDto> {
  const sire = await em.findOne(ParentDog, { id: input.sireId });
  const dam = await em.findOne(ParentDog, { id: input.damId });
  if (!sire) throw badRequest(DOG_MESSAGES.parentMissing, { sireId: [DOG_MESSAGES.parentMissing] });
  if (!dam) throw badRequest(DOG_MESSAGES.parentMissing, { damId: [DOG_MESSAGES.parentMissing] });
  if (sire.gender !== 'male') throw badRequest(DOG_MESSAGES.sireNotMale, { sireId: [DOG_MESSAGES.sireNotMale] });
  if (dam.gender !== 'female') throw badRequest(DOG_MESSAGES.damNotFemale, { damId: [DOG_MESSAGES.damNotFemale] });
  // The litter is generation 0: its parents' ancestors one generation less deep fill the window.
  const rows = await loadAncestry(em, [sire.id, dam.id], input.generations);
  const completeness = completenessOfPairing(sire.id, dam.id, rows, input.generations);
  return {
    sire: (await pedigreeNodes(em, sire.id, rows, input.generations - 1))!,
    dam: (await pedigreeNodes(em, dam.id, rows, input.generations - 1))!,
    coi: coiOfPairing(sire.id, dam.id, rows, input.generations),
    coiGenerations: input.generations,
    ancestorsKnown: completeness.known,
    ancestorPlaces: completeness.total,
  };
}
