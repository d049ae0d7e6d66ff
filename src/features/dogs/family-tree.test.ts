import { describe, expect, it } from 'vitest';
import { findParent, littersOf, parseDogId, type LitterPuppy } from './family-tree.ts';
import type { LitterDto } from './litters.schema.ts';
import type { ParentDogDto } from './dogs.schema.ts';

const dog = (id: number, name: string, gender: 'female' | 'male'): ParentDogDto => ({
  id,
  name,
  gender,
  breed: 'Mini Goldendoodle',
  color: 'Red',
  weight: 20,
  birthDate: '2023-01-01',
  description: '',
  imageUrl: null,
  photos: [],
  videoUrl: null,
});
const litter = (id: number, motherName: string, fatherName: string): LitterDto => ({
  id,
  name: `Litter ${id}`,
  description: '',
  imageUrl: null,
  motherName,
  fatherName,
  expectedDate: null,
  birthDate: '2026-10-01',
  puppyCount: 2,
  damId: null,
  sireId: null,
  coi: null,
  ancestorsKnown: null,
});
const puppy = (id: number, litterId: number | null): LitterPuppy => ({
  id,
  name: `Pup ${id}`,
  litterId,
  gender: 'female',
  color: 'Red',
  status: 'available',
});

const maple = dog(1, 'Maple', 'female');
const cooper = dog(2, 'Cooper', 'male');
const willow = dog(3, 'Willow', 'female');
const parents = [maple, cooper, willow];
const litters = [litter(10, 'Maple', 'Cooper'), litter(11, ' willow ', 'Bear')];
const puppies = [puppy(100, 10), puppy(101, 10), puppy(102, 11), puppy(103, null)];

describe('family tree', () => {
  it('lists the litters a mother produced, with her mate and their puppies', () => {
    const [branch, ...rest] = littersOf(maple, litters, parents, puppies);
    expect(rest).toHaveLength(0);
    expect(branch!.litter.id).toBe(10);
    expect(branch!.role).toBe('mother');
    expect(branch!.mate?.id).toBe(cooper.id);
    expect(branch!.puppies.map((p) => p.id)).toEqual([100, 101]);
  });

  it('finds a father by name and matches names regardless of case and spaces', () => {
    expect(littersOf(cooper, litters, parents, puppies).map((b) => [b.litter.id, b.role])).toEqual([[10, 'father']]);
    const [branch] = littersOf(willow, litters, parents, puppies);
    expect(branch!.role).toBe('mother');
    // Bear is not one of the listed parent dogs: the name is kept, without a link.
    expect(branch!.mateName).toBe('Bear');
    expect(branch!.mate).toBeNull();
    expect(findParent(parents, 'COOPER')?.id).toBe(2);
  });

  it('gives no litters to a dog without current litters', () => {
    expect(littersOf(dog(4, 'Daisy', 'female'), litters, parents, puppies)).toEqual([]);
  });

  it('accepts only positive whole-number dog ids', () => {
    expect(parseDogId('12')).toBe(12);
    for (const raw of ['0', '-1', '1.5', 'abc', '12abc', '', '99999999999']) expect(parseDogId(raw)).toBeNull();
  });
});
