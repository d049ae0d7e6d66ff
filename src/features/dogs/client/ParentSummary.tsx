// One parent dog's facts: breed, color, age and weight.
import { Text } from '@mantine/core';
import { formatParentAge, formatWeight } from '../../../lib/shared/format.ts';
import type { ParentDogDto } from '../dogs.schema.ts';

export const roleLabel = (dog: ParentDogDto) => (dog.gender === 'female' ? 'Dam (mother)' : 'Sire (father)');

export function ParentFacts({ dog }: { dog: ParentDogDto }) {
  // Only the parts the breeder filled in, so no separator dangles.
  const facts = [dog.breed, dog.color, dog.birthDate ? formatParentAge(dog.birthDate) : null, formatWeight(dog.weight)]
    .filter(Boolean)
    .join(' · ');
  return facts ? (
    <Text size="sm" c="dimmed">
      {facts}
    </Text>
  ) : null;
}
