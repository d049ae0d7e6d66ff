// The dashboard's litter management: paged list, create, update, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Litter, type ILitter } from './litter.entity.ts';
import { litterCois, toLitterDto, type LitterCoi } from './litters.service.ts';
import { ParentDog } from './parent-dog.entity.ts';
import { DOG_MESSAGES } from '../dogs.schema.ts';
import type { LitterAdminDto, LitterInputSchema } from '../litters.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { badRequest, notFound } from '../../../lib/server/errors.ts';

type LitterData = z.output<typeof LitterInputSchema>;

const toLitterAdminDto = (l: ILitter, coi: LitterCoi | null = null): LitterAdminDto => ({ ...toLitterDto(l, coi), active: l.active });

async function toLitterAdminDtos(em: EntityManager, litters: ILitter[]): Promise<LitterAdminDto[]> {
  await em.populate(litters, ['sire', 'dam']);
  const cois = await litterCois(em, litters);
  return litters.map((l) => toLitterAdminDto(l, cois.get(l.id) ?? null));
}

/**
 * The registry dog behind a litter's mother or father: the one chosen by id (of the right sex), else the dog
 * of that name and sex (ours first), else a new ancestor of that name (an outside sire typed in).
 */
async function resolveParent(em: EntityManager, role: 'dam' | 'sire', id: number | null | undefined, name: string) {
  const gender = role === 'dam' ? 'female' : 'male';
  const field = role === 'dam' ? 'damId' : 'sireId';
  if (id != null) {
    const dog = await em.findOne(ParentDog, { id });
    if (!dog) throw badRequest(DOG_MESSAGES.parentMissing, { [field]: [DOG_MESSAGES.parentMissing] });
    const wrong = role === 'dam' ? DOG_MESSAGES.damNotFemale : DOG_MESSAGES.sireNotMale;
    if (dog.gender !== gender) throw badRequest(wrong, { [field]: [wrong] });
    return dog;
  }
  const [known] = await em.find(
    ParentDog,
    { gender, name: { $ilike: name.replace(/[\\%_]/g, '\\$&') } },
    { orderBy: { ours: 'desc', id: 'asc' }, limit: 1 },
  );
  if (known) return known;
  const now = new Date();
  return em.create(ParentDog, {
    name,
    gender,
    breed: '',
    color: '',
    ours: false,
    featured: false,
    imageUrl: null,
    createdAt: now,
    updatedAt: now,
  });
}

/** The input's names and ids made into the litter's dam and sire (and the names they carry). */
async function withParents(em: EntityManager, data: LitterData) {
  const { damId, sireId, ...fields } = data;
  const dam = await resolveParent(em, 'dam', damId, fields.motherName);
  const sire = await resolveParent(em, 'sire', sireId, fields.fatherName);
  return { ...fields, dam, sire, motherName: dam.name, fatherName: sire.name };
}

/** Active litters first, then the newest (by birth or due date). */
export async function listLittersAdmin(em: EntityManager, input: z.output<typeof PageInputSchema>): Promise<Page<LitterAdminDto>> {
  const where = input.search ? { name: { $ilike: likePattern(input.search) } } : {};
  const [rows, total] = await em.findAndCount(Litter, where, {
    orderBy: { active: 'desc', birthDate: 'desc nulls first', expectedDate: 'desc nulls last', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: await toLitterAdminDtos(em, rows), total, page: input.page, pageSize: PAGE_SIZE };
}

/** Every litter's id and name, for the puppy form's litter select. */
export async function litterOptions(em: EntityManager): Promise<Array<{ id: number; name: string; active: boolean }>> {
  const rows = await em.find(Litter, {}, { orderBy: { active: 'desc', id: 'desc' }, fields: ['id', 'name', 'active'] });
  return rows.map((l) => ({ id: l.id, name: l.name, active: l.active }));
}

async function findLitter(em: EntityManager, id: number) {
  const litter = await em.findOne(Litter, { id });
  if (!litter) throw notFound('Litter');
  return litter;
}

export async function getLitterAdmin(em: EntityManager, id: number): Promise<LitterAdminDto> {
  return (await toLitterAdminDtos(em, [await findLitter(em, id)]))[0]!;
}

export async function createLitter(em: EntityManager, data: LitterData): Promise<LitterAdminDto> {
  const id = await em.transactional(async (tx) => {
    const now = new Date();
    const litter = tx.create(Litter, { ...(await withParents(tx, data)), createdAt: now, updatedAt: now });
    await tx.flush();
    return litter.id;
  });
  return getLitterAdmin(em, id);
}

export async function updateLitter(
  em: EntityManager,
  id: number,
  data: LitterData,
): Promise<{ litter: LitterAdminDto; releasedUrl: string | null }> {
  const previousImage = (await findLitter(em, id)).imageUrl ?? null;
  await em.transactional(async (tx) => {
    const litter = await findLitter(tx, id);
    tx.assign(litter, await withParents(tx, data));
    await tx.flush();
  });
  const litter = await getLitterAdmin(em, id);
  return { litter, releasedUrl: previousImage !== litter.imageUrl ? previousImage : null };
}

/** Deletes a litter; its puppies stay, unassigned (the database sets their litter to null). */
export async function removeLitter(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const litter = await findLitter(em, id);
  const image = litter.imageUrl ?? null;
  await em.nativeDelete(Litter, { id });
  em.getUnitOfWork().unsetIdentity(litter);
  return { releasedUrl: image };
}
