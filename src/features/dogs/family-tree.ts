// A parent dog's litters from the public lists: the litters it produced (by the litter's dam and sire ids,
// or its mother and father names where those are missing) and the puppies of each litter.
import type { LitterDto } from './litters.schema.ts';
import type { ParentDogDto } from './dogs.schema.ts';

/**
 * A puppy as the tree shows it under its litter: the fields it reads from the public puppies list. Named here,
 * not imported: the puppies feature depends on the litters, so importing its shape would tie the two both ways.
 * Its PuppyDto fits, and the type checker says so where the page passes the list in.
 */
export interface LitterPuppy {
  id: number;
  name: string;
  litterId: number | null;
  gender: 'male' | 'female';
  color: string;
  /** 'available' shows as Available, anything else as Reserved (sold puppies are not listed). */
  status: string;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface LitterBranch {
  litter: LitterDto;
  /** 'mother' when the dog is the litter's dam, 'father' when it is the sire. */
  role: 'mother' | 'father';
  mateName: string;
  /** The mate, when it is one of our parent dogs. */
  mate: ParentDogDto | null;
  puppies: LitterPuppy[];
}

export function parseDogId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function littersOf(dog: ParentDogDto, litters: LitterDto[], parents: ParentDogDto[], puppies: LitterPuppy[]): LitterBranch[] {
  const branches: LitterBranch[] = [];
  for (const litter of litters) {
    // By the registry's ids; a litter without them (older data) by its names.
    const linked = litter.damId != null || litter.sireId != null;
    const role = linked
      ? litter.damId === dog.id
        ? 'mother'
        : litter.sireId === dog.id
          ? 'father'
          : null
      : sameName(litter.motherName, dog.name)
        ? 'mother'
        : sameName(litter.fatherName, dog.name)
          ? 'father'
          : null;
    if (!role) continue;
    const mateName = role === 'mother' ? litter.fatherName : litter.motherName;
    const mateId = role === 'mother' ? litter.sireId : litter.damId;
    const mate = parents.find((p) => p.id !== dog.id && (mateId != null ? p.id === mateId : sameName(p.name, mateName))) ?? null;
    branches.push({ litter, role, mateName, mate, puppies: puppies.filter((p) => p.litterId === litter.id) });
  }
  return branches;
}

/** The parent dog behind a litter's mother or father name, if it is one of ours. */
export function findParent(parents: ParentDogDto[], name: string): ParentDogDto | null {
  return parents.find((p) => sameName(p.name, name)) ?? null;
}
