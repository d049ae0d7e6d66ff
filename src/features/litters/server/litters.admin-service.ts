// The dashboard's litter management: paged list, create, update, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Litter, type ILitter } from './litter.entity.ts';
import { toLitterDto } from './litters.service.ts';
import type { LitterAdminDto, LitterInputSchema } from '../litters.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { notFound } from '../../../lib/server/errors.ts';

type LitterData = z.output<typeof LitterInputSchema>;

export const toLitterAdminDto = (l: ILitter): LitterAdminDto => ({ ...toLitterDto(l), active: l.active });

/** Active litters first, then the newest (by birth or due date). */
export async function listLittersAdmin(em: EntityManager, input: z.output<typeof PageInputSchema>): Promise<Page<LitterAdminDto>> {
  const where = input.search ? { name: { $ilike: likePattern(input.search) } } : {};
  const [rows, total] = await em.findAndCount(Litter, where, {
    orderBy: { active: 'desc', birthDate: 'desc nulls first', expectedDate: 'desc nulls last', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toLitterAdminDto), total, page: input.page, pageSize: PAGE_SIZE };
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
  return toLitterAdminDto(await findLitter(em, id));
}

export async function createLitter(em: EntityManager, data: LitterData): Promise<LitterAdminDto> {
  const now = new Date();
  const litter = em.create(Litter, { ...data, createdAt: now, updatedAt: now });
  await em.flush();
  return toLitterAdminDto(litter);
}

export async function updateLitter(
  em: EntityManager,
  id: number,
  data: LitterData,
): Promise<{ litter: LitterAdminDto; releasedUrl: string | null }> {
  const litter = await findLitter(em, id);
  const previousImage = litter.imageUrl ?? null;
  em.assign(litter, data);
  await em.flush();
  return { litter: toLitterAdminDto(litter), releasedUrl: previousImage !== litter.imageUrl ? previousImage : null };
}

/** Deletes a litter; its puppies stay, unassigned (the database sets their litter to null). */
export async function removeLitter(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const litter = await findLitter(em, id);
  const image = litter.imageUrl ?? null;
  await em.nativeDelete(Litter, { id });
  em.getUnitOfWork().unsetIdentity(litter);
  return { releasedUrl: image };
}
