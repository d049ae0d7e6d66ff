import type { EntityManager } from '@mikro-orm/postgresql';
import { Puppy, type IPuppy } from './puppy.entity.ts';
import type { PuppyDto } from '../puppies.schema.ts';

export function toPuppyDto(p: IPuppy): PuppyDto {
  return {
    id: p.id,
    name: p.name,
    gender: p.gender,
    color: p.color,
    description: p.description,
    imageUrl: p.imageUrl ?? null,
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
  return puppies.map(toPuppyDto);
}
