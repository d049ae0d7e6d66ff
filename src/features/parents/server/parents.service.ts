import type { EntityManager } from '@mikro-orm/postgresql';
import { ParentDog, type IParentDog } from './parent-dog.entity.ts';
import type { ParentDogDto } from '../parents.schema.ts';

export function toParentDogDto(d: IParentDog): ParentDogDto {
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
  };
}

/** The parent dogs the home page shows: featured ones, in the breeder's order. */
export async function listFeaturedParents(em: EntityManager): Promise<ParentDogDto[]> {
  const dogs = await em.find(ParentDog, { featured: true }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
  return dogs.map(toParentDogDto);
}
