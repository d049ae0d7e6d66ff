// The dashboard's parent-dog management: paged list, create, update, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { ParentDog, type IParentDog } from './parent-dog.entity.ts';
import { toParentDogDto } from './parents.service.ts';
import type { ParentDogAdminDto, ParentDogInputSchema } from '../parents.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { notFound } from '../../../lib/server/errors.ts';

type ParentData = z.output<typeof ParentDogInputSchema>;

export function toParentDogAdminDto(d: IParentDog): ParentDogAdminDto {
  return { ...toParentDogDto(d), featured: d.featured, sortOrder: d.sortOrder };
}

/** In the order the home page shows them. */
export async function listParentsAdmin(em: EntityManager, input: z.output<typeof PageInputSchema>): Promise<Page<ParentDogAdminDto>> {
  const where = input.search ? { name: { $ilike: likePattern(input.search) } } : {};
  const [rows, total] = await em.findAndCount(ParentDog, where, {
    orderBy: { sortOrder: 'asc', id: 'asc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toParentDogAdminDto), total, page: input.page, pageSize: PAGE_SIZE };
}

async function findParent(em: EntityManager, id: number) {
  const dog = await em.findOne(ParentDog, { id });
  if (!dog) throw notFound('Parent dog');
  return dog;
}

export async function getParentAdmin(em: EntityManager, id: number): Promise<ParentDogAdminDto> {
  return toParentDogAdminDto(await findParent(em, id));
}

export async function createParent(em: EntityManager, data: ParentData): Promise<ParentDogAdminDto> {
  const now = new Date();
  const dog = em.create(ParentDog, { ...data, createdAt: now, updatedAt: now });
  await em.flush();
  return toParentDogAdminDto(dog);
}

export async function updateParent(
  em: EntityManager,
  id: number,
  data: ParentData,
): Promise<{ parent: ParentDogAdminDto; releasedUrl: string | null }> {
  const dog = await findParent(em, id);
  const previousImage = dog.imageUrl ?? null;
  em.assign(dog, data);
  await em.flush();
  return { parent: toParentDogAdminDto(dog), releasedUrl: previousImage !== dog.imageUrl ? previousImage : null };
}

export async function removeParent(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const dog = await findParent(em, id);
  const image = dog.imageUrl ?? null;
  em.remove(dog);
  await em.flush();
  return { releasedUrl: image };
}
