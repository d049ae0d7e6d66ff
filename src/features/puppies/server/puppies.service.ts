import type { EntityManager } from '@mikro-orm/postgresql';
import { Puppy, PuppyPhoto, type IPuppy } from './puppy.entity.ts';
import type { PuppyDto } from '../puppies.schema.ts';

/** Each puppy's photos in the breeder's order, for the given puppies (one query). */
export async function photosOf(em: EntityManager, puppyIds: readonly number[]): Promise<Map<number, string[]>> {
  const byPuppy = new Map<number, string[]>();
  if (puppyIds.length === 0) return byPuppy;
  const rows = await em.find(PuppyPhoto, { puppy: { $in: [...puppyIds] } }, { orderBy: { puppy: 'asc', position: 'asc' } });
  for (const row of rows) {
    const id = Number(row.puppy.id);
    byPuppy.set(id, [...(byPuppy.get(id) ?? []), row.url]);
  }
  return byPuppy;
}

/** A puppy's public shape; `photos` from photosOf (without it, the set is the first photo alone). */
export function toPuppyDto(p: IPuppy, photos?: string[]): PuppyDto {
  return {
    id: p.id,
    name: p.name,
    gender: p.gender,
    color: p.color,
    description: p.description,
    imageUrl: p.imageUrl ?? null,
    photos: photos && photos.length > 0 ? photos : p.imageUrl ? [p.imageUrl] : [],
    videoUrl: p.videoUrl ?? null,
    litterId: p.litter ? Number(p.litter.id) : null,
    status: p.status,
    generation: p.generation ?? null,
    weight: p.weight == null ? null : Number(p.weight),
    price: p.price ?? null,
    assessmentComplete: p.assessmentComplete,
    energyLevel: p.energyLevel,
    confidence: p.confidence,
    independence: p.independence,
    sociability: p.sociability,
    foodMotivation: p.foodMotivation,
    toyDrive: p.toyDrive,
    biddability: p.biddability,
    handlingResponse: p.handlingResponse ?? null,
    soundSensitivity: p.soundSensitivity ?? null,
    visualSensitivity: p.visualSensitivity ?? null,
    personalityNotes: p.personalityNotes ?? null,
    trainingProgress: p.trainingProgress ?? null,
    idealHome: p.idealHome ?? null,
  };
}

/** The puppies the home page shows: visible ones that are not sold, available before reserved. */
export async function listFeaturedPuppies(em: EntityManager): Promise<PuppyDto[]> {
  const puppies = await em.find(
    Puppy,
    { visible: true, status: { $in: ['available', 'reserved'] } },
    { orderBy: { status: 'asc', id: 'asc' } },
  );
  const photos = await photosOf(
    em,
    puppies.map((p) => p.id),
  );
  return puppies.map((p) => toPuppyDto(p, photos.get(p.id)));
}
