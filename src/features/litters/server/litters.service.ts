import type { EntityManager } from '@mikro-orm/postgresql';
import { Litter, type ILitter } from './litter.entity.ts';
import type { LitterDto } from '../litters.schema.ts';

export function toLitterDto(l: ILitter): LitterDto {
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    imageUrl: l.imageUrl ?? null,
    motherName: l.motherName,
    fatherName: l.fatherName,
    expectedDate: l.expectedDate ?? null,
    birthDate: l.birthDate ?? null,
    puppyCount: l.puppyCount ?? null,
  };
}

/** Active litters: born ones first (newest birth first), then expected ones by due date. */
export async function listActiveLitters(em: EntityManager): Promise<LitterDto[]> {
  const litters = await em.find(
    Litter,
    { active: true },
    { orderBy: { birthDate: 'desc nulls last', expectedDate: 'asc nulls last', id: 'asc' } },
  );
  return litters.map(toLitterDto);
}
