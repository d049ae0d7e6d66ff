// The dog registry's public side: which dogs are public, their pedigrees with health results and COI, our dogs.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DogHealthTest, ParentDog, type IDogHealthTest, type IParentDog } from './parent-dog.entity.ts';
import { Litter } from './litter.entity.ts';
import {
  DOG_MESSAGES,
  PEDIGREE_MAX_GENERATIONS,
  healthTestLabel,
  type FamilyTreeDogDto,
  type HealthTestDto,
  type PedigreeDto,
  type PedigreeNodeDto,
} from '../dogs.schema.ts';
import { COI_DEFAULT_GENERATIONS, coiOf, collectLinks, completenessOf, type PedigreeLink } from '../coi.ts';
import { AppError } from '../../../lib/server/errors.ts';

export interface DogRow extends PedigreeLink {
  id: number;
  dog: IParentDog;
}

const idOf = (ref: { id: number } | null | undefined) => (ref ? Number(ref.id) : null);

export const toDogRow = (dog: IParentDog): DogRow => ({ id: dog.id, sireId: idOf(dog.sire), damId: idOf(dog.dam), dog });

/** The dogs of `ids` and their ancestors up to `generations` above them. */
export function loadAncestry(em: EntityManager, ids: readonly number[], generations: number): Promise<Map<number, DogRow>> {
  return collectLinks(ids, generations, async (wanted) => (await em.find(ParentDog, { id: { $in: wanted } })).map(toDogRow));
}

export function toHealthTestDto(t: IDogHealthTest): HealthTestDto {
  return {
    id: t.id,
    kind: t.kind,
    label: healthTestLabel(t),
    test: t.test,
    result: t.result,
    date: t.date ?? null,
    verificationUrl: t.verificationUrl ?? null,
    certificateUrl: t.certificateUrl ?? null,
  };
}

/** Each dog's health results in the breeder's order (one query). */
export async function healthTestsOf(em: EntityManager, dogIds: readonly number[]): Promise<Map<number, HealthTestDto[]>> {
  const byDog = new Map<number, HealthTestDto[]>();
  if (dogIds.length === 0) return byDog;
  const rows = await em.find(DogHealthTest, { dog: { $in: [...dogIds] } }, { orderBy: { dog: 'asc', position: 'asc', id: 'asc' } });
  for (const row of rows) {
    const id = Number(row.dog.id);
    byDog.set(id, [...(byDog.get(id) ?? []), toHealthTestDto(row)]);
  }
  return byDog;
}

/**
 * The dogs a visitor may see: our featured dogs, the parents of the active litters, and every ancestor of
 * those (so a tree can re-centre on any dog it shows). Everything else in the registry stays private.
 */
export async function publicDogIds(em: EntityManager): Promise<Set<number>> {
  const ours = await em.find(ParentDog, { ours: true, featured: true }, { fields: ['id'] });
  const litters = await em.find(Litter, { active: true }, { fields: ['sire', 'dam'] });
  const roots = [...ours.map((d) => d.id), ...litters.flatMap((l) => [idOf(l.sire), idOf(l.dam)]).filter((id): id is number => id != null)];
  // Unbounded on purpose: every generation up the tree can be re-centred on.
  return new Set((await loadAncestry(em, roots, Number.MAX_SAFE_INTEGER)).keys());
}

function nodeOf(id: number, rows: Map<number, DogRow>, tests: Map<number, HealthTestDto[]>, depth: number): PedigreeNodeDto | null {
  const row = rows.get(id);
  if (!row) return null;
  const d = row.dog;
  return {
    id: d.id,
    name: d.name,
    registeredName: d.registeredName,
    sex: d.gender,
    generation: d.generation || d.breed,
    color: d.color,
    healthTests: tests.get(id) ?? [],
    sire: depth > 0 && row.sireId != null ? nodeOf(row.sireId, rows, tests, depth - 1) : null,
    dam: depth > 0 && row.damId != null ? nodeOf(row.damId, rows, tests, depth - 1) : null,
  };
}

/** A pedigree `generations` deep, with health results, from rows already loaded at least that deep. */
export async function pedigreeNodes(em: EntityManager, rootId: number, rows: Map<number, DogRow>, generations: number) {
  const tests = await healthTestsOf(em, [...rows.keys()]);
  return nodeOf(rootId, rows, tests, generations);
}

/** A public dog's pedigree `generations` deep and its COI over five generations; any other id is a 404. */
export async function getPedigree(em: EntityManager, id: number, generations: number): Promise<PedigreeDto> {
  if (!(await publicDogIds(em)).has(id)) throw new AppError('NOT_FOUND', DOG_MESSAGES.dogNotFound);
  const rows = await loadAncestry(em, [id], Math.max(generations, COI_DEFAULT_GENERATIONS, PEDIGREE_MAX_GENERATIONS));
  const node = (await pedigreeNodes(em, id, rows, generations))!;
  const completeness = completenessOf(id, rows, COI_DEFAULT_GENERATIONS);
  return {
    ...node,
    coi: coiOf(id, rows, COI_DEFAULT_GENERATIONS),
    coiGenerations: COI_DEFAULT_GENERATIONS,
    ancestorsKnown: completeness.known,
    ancestorPlaces: completeness.total,
    imageUrl: rows.get(id)!.dog.imageUrl ?? null,
  };
}

/** Our dogs for /family-tree: ours and featured, in the breeder's order, retired ones marked. */
export async function listFamilyTreeDogs(em: EntityManager): Promise<FamilyTreeDogDto[]> {
  const dogs = await em.find(ParentDog, { ours: true, featured: true }, { orderBy: { retired: 'asc', sortOrder: 'asc', id: 'asc' } });
  const tests = await healthTestsOf(
    em,
    dogs.map((d) => d.id),
  );
  return dogs.map((d) => ({
    id: d.id,
    name: d.name,
    gender: d.gender,
    breed: d.breed,
    generation: d.generation,
    color: d.color,
    imageUrl: d.imageUrl ?? null,
    retired: d.retired,
    healthTests: tests.get(d.id) ?? [],
  }));
}
