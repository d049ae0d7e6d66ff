// One parent dog's facts: breed, color, age and weight.
import { Text } from '@mantine/core';
import { formatParentAge, formatWeight } from '../../../lib/shared/format.ts';
import type { ParentDogDto } from '../dogs.schema.ts';

export const roleLabel = (dog: ParentDogDto) => (dog.gender === 'female' ? 'Dam (mother)' : 'Sire (father)');

export function ParentFacts({ dog }: { dog: ParentDogDto }) {
  const weight = formatWeight(dog.weight);
  return (
    <Text size="sm" c="dimmed">
      {dog.breed} · {dog.color} · {formatParentAge(dog.birthDate)}
      {weight ? ` · ${weight}` : ''}
    </Text>
  );
}
