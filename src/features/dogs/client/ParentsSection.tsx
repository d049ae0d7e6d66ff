// Our Parent Dogs (SPEC §2 section 4): a grid with a gender filter; age in months under 12,
// otherwise years and months; weight in lbs.
import { useState } from 'react';
import { Alert, Button, Card, Center, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { scrollToSection } from '../../../lib/client/section-scroll.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { SegmentedRadios } from '../../../lib/client/SegmentedRadios.tsx';
import { formatParentAge, formatWeight } from '../../../lib/shared/format.ts';
import type { ParentDogDto } from '../dogs.schema.ts';

export const PARENTS_ERROR = 'Error loading parent dogs. Please try again later.';
export const PARENTS_EMPTY = 'We are currently updating information about our parent dogs.';

type GenderFilter = 'all' | 'female' | 'male';

/** The dog's age, or null where it is not known (no birth date, or one in the future). */
const parseAge = (birthDate: string) => {
  const age = formatParentAge(birthDate);
  return age === 'Age unknown' ? null : age;
};

/** "Our apricot Mini Goldendoodle mother dog", leaving out what the breeder has not filled in. */
const parentAlt = (dog: ParentDogDto) =>
  `${dog.name}, ${['our', dog.color.toLowerCase(), dog.breed, dog.gender === 'female' ? 'mother' : 'father', 'dog'].filter(Boolean).join(' ')}`;

function ParentCard({ dog }: { dog: ParentDogDto }) {
  const weight = formatWeight(dog.weight);
  // Only the parts the breeder filled in: no dangling separator, no "Age: Age unknown".
  const kind = [dog.breed, dog.color].filter(Boolean).join(' · ');
  const age = dog.birthDate ? parseAge(dog.birthDate) : null;
  const facts = [age ? `Age: ${age}` : null, weight ? `Weight: ${weight}` : null].filter(Boolean).join(' · ');
  return (
    <Card component="li" withBorder radius="md" padding="lg" h="100%">
      <Card.Section>
        <ResponsiveImage
          src={dog.imageUrl}
          alt={parentAlt(dog)}
          width={400}
          height={300}
          sizes="(max-width: 768px) 100vw, (max-width: 1024px) 50vw, 280px"
        />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {dog.name}
          </Title>
          <ToneBadge tone={dog.gender === 'female' ? 'pink' : 'blue'}>{dog.gender === 'female' ? 'Female' : 'Male'}</ToneBadge>
        </Group>
        {kind && (
          <Text size="sm" c="dimmed">
            {kind}
          </Text>
        )}
        {facts && <Text size="sm">{facts}</Text>}
        {dog.description && (
          <Text size="sm" style={{ lineHeight: 1.6 }}>
            {dog.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function ParentsSection() {
  const parents = useQuery(trpc.parents.featured.queryOptions());
  const [gender, setGender] = useState<GenderFilter>('all');
  const shown = parents.data?.filter((d) => gender === 'all' || d.gender === gender) ?? [];

  return (
    <section id="parents" aria-labelledby="parents-title" style={{ background: 'var(--surface-alt)' }}>
      <Container size="lg" py={64}>
        <Title order={2} id="parents-title" ta="center" mb="xs">
          Our Parent Dogs
        </Title>
        <Text ta="center" mb="lg">
          Health-tested, family-raised moms and dads with wonderful temperaments.
        </Text>
        {parents.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={420} radius="md" />
            ))}
          </SimpleGrid>
        ) : parents.isError ? (
          <Alert color="red" role="alert">
            {PARENTS_ERROR}
          </Alert>
        ) : parents.data.length === 0 ? (
          <Stack align="center" gap="md">
            <Text ta="center" role="status">
              {PARENTS_EMPTY}
            </Text>
            <Button onClick={() => scrollToSection('contact')}>Contact Us</Button>
          </Stack>
        ) : (
          <>
            <Center mb="lg">
              <SegmentedRadios
                label="Show parent dogs"
                value={gender}
                onChange={setGender}
                options={[
                  { value: 'all', label: 'All Parents' },
                  { value: 'female', label: 'Mothers' },
                  { value: 'male', label: 'Fathers' },
                ]}
              />
            </Center>
            {shown.length === 0 ? (
              <Text ta="center">No {gender === 'female' ? 'mothers' : 'fathers'} to show right now.</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {shown.map((dog) => (
                  <ParentCard key={dog.id} dog={dog} />
                ))}
              </SimpleGrid>
            )}
          </>
        )}
      </Container>
    </section>
  );
}
