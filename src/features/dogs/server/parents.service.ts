import type { EntityManager } from '@mikro-orm/postgresql';
import { ParentDog, ParentDogPhoto, type IParentDog } from './parent-dog.entity.ts';
import type { ParentDogDto } from '../dogs.schema.ts';

/** Each dog's photos in the breeder's order, for the given dogs (one query). */
export async function photosOf(em: EntityManager, dogIds: readonly number[]): Promise<Map<number, string[]>> {
  const byDog = new Map<number, string[]>();
  if (dogIds.length === 0) return byDog;
  const rows = await em.find(ParentDogPhoto, { dog: { $in: [...dogIds] } }, { orderBy: { dog: 'asc', position: 'asc' } });
  for (const row of rows) {
    const id = Number(row.dog.id);
    byDog.set(id, [...(byDog.get(id) ?? []), row.url]);
  }
  return byDog;
}

export function toParentDogDto(d: IParentDog, photos?: string[]): ParentDogDto {
  return {
    id: d.id,
    name: d.name,
    gender: d.gender,
    breed: d.breed,
    color: d.color,
    weight: d.weight == null ? null : Number(d.weight),
    birthDate: d.birthDate ?? null,
    description: d.description,
    imageUrl: d.imageUrl ?? null,
    photos: photos && photos.length > 0 ? photos : d.imageUrl ? [d.imageUrl] : [],
    videoUrl: d.videoUrl ?? null,
  };
}

/** The parent dogs the home page shows: ours, featured and not retired, in the breeder's order. */
export async function listFeaturedParents(em: EntityManager): Promise<ParentDogDto[]> {
  const dogs = await em.find(ParentDog, { featured: true, ours: true, retired: false }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
  const photos = await photosOf(
    em,
    dogs.map((d) => d.id),
  );
  return dogs.map((d) => toParentDogDto(d, photos.get(d.id)));
}

/** Each featured dog's id and when it last changed, for the sitemap. */
export async function listParentAddresses(em: EntityManager): Promise<Array<{ id: number; updatedAt: Date }>> {
  const dogs = await em.find(
    ParentDog,
    { featured: true, ours: true },
    { fields: ['id', 'updatedAt'], orderBy: { sortOrder: 'asc', id: 'asc' } },
  );
  return dogs.map((d) => ({ id: d.id, updatedAt: d.updatedAt }));
}

const ADDRESSED = { featured: true, ours: true } as const;

export async function countParentAddresses(em: EntityManager): Promise<number> {
  return em.count(ParentDog, ADDRESSED);
}

/** A batch of the dogs whose family tree has a public address, in id order (the sitemap streams them, issue 35). */
export async function parentAddressBatch(
  em: EntityManager,
  batch: { afterId?: number; offset?: number; limit: number },
): Promise<Array<{ id: number; updatedAt: Date }>> {
  const rows = await em.find(ParentDog, batch.afterId ? { ...ADDRESSED, id: { $gt: batch.afterId } } : ADDRESSED, {
    fields: ['id', 'updatedAt'],
    orderBy: { id: 'asc' },
    limit: batch.limit,
    offset: batch.offset ?? 0,
    disableIdentityMap: true,
  });
  return rows.map((d) => ({ id: d.id, updatedAt: d.updatedAt }));
}
