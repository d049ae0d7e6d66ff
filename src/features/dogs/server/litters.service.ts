import type { EntityManager } from '@mikro-orm/postgresql';
import { wrap } from '@mikro-orm/core';
import { Litter, type ILitter } from './litter.entity.ts';
import type { LitterDto } from '../litters.schema.ts';
import { ParentDog } from './parent-dog.entity.ts';
import { COI_DEFAULT_GENERATIONS, CoiMemo, coiOfPairing, collectLinks, completenessOfPairing } from '../coi.ts';

const idOf = (ref: { id: number } | null | undefined) => (ref ? Number(ref.id) : null);

/** A litter's inbreeding and how many of its ancestors it rests on. */
export interface LitterCoi {
  coi: number;
  ancestorsKnown: number;
}

/** `coi`: the litter's inbreeding, computed by litterCois (null when a parent is unknown). */
export function toLitterDto(l: ILitter, coi: LitterCoi | null = null): LitterDto {
  return {
    id: l.id,
    name: l.name,
    description: l.description,
    imageUrl: l.imageUrl ?? null,
    // The names follow the registry's dogs; a litter without one keeps the name it was given.
    motherName: l.dam && wrap(l.dam).isInitialized() ? l.dam.name : l.motherName,
    fatherName: l.sire && wrap(l.sire).isInitialized() ? l.sire.name : l.fatherName,
    expectedDate: l.expectedDate ?? null,
    birthDate: l.birthDate ?? null,
    puppyCount: l.puppyCount ?? null,
    damId: idOf(l.dam),
    sireId: idOf(l.sire),
    coi: coi?.coi ?? null,
    ancestorsKnown: coi?.ancestorsKnown ?? null,
  };
}

/** Each litter's COI from its parents' pedigrees (five generations of the litter), null where a parent is unknown. */
export async function litterCois(em: EntityManager, litters: ILitter[]): Promise<Map<number, LitterCoi | null>> {
  const parents = litters.flatMap((l) => [idOf(l.sire), idOf(l.dam)]).filter((id): id is number => id != null);
  const links = await collectLinks(parents, COI_DEFAULT_GENERATIONS, async (ids) =>
    (await em.find(ParentDog, { id: { $in: ids } }, { fields: ['id', 'sire', 'dam'] })).map((d) => ({
      id: d.id,
      sireId: idOf(d.sire),
      damId: idOf(d.dam),
    })),
  );
  const memo = new CoiMemo(links);
  return new Map(
    litters.map((l) => {
      const sire = idOf(l.sire);
      const dam = idOf(l.dam);
      if (sire == null || dam == null) return [l.id, null];
      return [
        l.id,
        {
          coi: coiOfPairing(sire, dam, links, COI_DEFAULT_GENERATIONS, memo),
          ancestorsKnown: completenessOfPairing(sire, dam, links).known,
        },
      ];
    }),
  );
}

export async function toLitterDtos(em: EntityManager, litters: ILitter[]): Promise<LitterDto[]> {
  const cois = await litterCois(em, litters);
  return litters.map((l) => toLitterDto(l, cois.get(l.id) ?? null));
}

/** Active litters: born ones first (newest birth first), then expected ones by due date. */
export async function listActiveLitters(em: EntityManager): Promise<LitterDto[]> {
  const litters = await em.find(
    Litter,
    { active: true },
    { orderBy: { birthDate: 'desc nulls last', expectedDate: 'asc nulls last', id: 'asc' }, populate: ['sire', 'dam'] },
  );
  return toLitterDtos(em, litters);
}
