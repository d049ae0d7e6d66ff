// /family-tree: our parent dogs as cards, and the current pairings that join them.
import { Alert, Anchor, Button, Card, Container, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import type { FamilyTreeDogDto } from '../dogs.schema.ts';
import type { LitterDto } from '../litters.schema.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { HealthBadges } from './HealthBadges.tsx';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';

export function FamilyTreeOverview() {
  const parents = useQuery(trpc.parents.familyTree.queryOptions());
  const litters = useQuery(trpc.litters.active.queryOptions());

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        Family Tree
      </Title>
      <Text c="dimmed" size="lg" mb="xl" maw={720}>
        Every puppy we raise comes from one of the dogs below. Open a dog&apos;s family tree to see its litters and the puppies they
        produced.
      </Text>

      <section aria-labelledby="parents-heading">
        <Title order={2} id="parents-heading" mb="md">
          Our Parent Dogs
        </Title>
        {parents.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={320} radius="md" />
            ))}
          </SimpleGrid>
        ) : parents.isError ? (
          <Alert color="red" role="alert">
            Error loading parent dogs. Please try again later.
          </Alert>
        ) : parents.data.length === 0 ? (
          <Stack align="flex-start">
            <Text>We are currently updating information about our parent dogs.</Text>
            <Button component={Link} to="/" hash="contact">
              Contact Us
            </Button>
          </Stack>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2, md: 4 }} p={0} m={0} style={{ listStyle: 'none' }}>
            {parents.data.map((dog) => (
              <li key={dog.id}>
                <DogCard dog={dog} litterCount={litters.data ? countLitters(dog, litters.data) : null} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </section>

      <section aria-labelledby="pairings-heading">
        <Title order={2} id="pairings-heading" mt="xl" mb="md">
          Current Pairings
        </Title>
        {litters.isPending ? (
          <Skeleton height={80} radius="md" aria-busy="true" />
        ) : litters.isError ? (
          <Alert color="red" role="alert">
            Error loading litters. Please try again later.
          </Alert>
        ) : litters.data.length === 0 ? (
          <Text>No litters currently planned. Please contact us for more information on upcoming litters.</Text>
        ) : (
          <List spacing="sm" listStyleType="none" p={0}>
            {litters.data.map((l) => (
              <List.Item key={l.id}>
                <Text>
                  <strong>{l.name}:</strong> <ParentName name={l.motherName} id={l.damId} /> ×{' '}
                  <ParentName name={l.fatherName} id={l.sireId} />
                  {' · '}
                  {l.birthDate
                    ? `born ${formatDay(l.birthDate)}`
                    : l.expectedDate
                      ? `expected ${formatDay(l.expectedDate)}`
                      : 'expected soon'}
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Container>
  );
}

function countLitters(dog: FamilyTreeDogDto, litters: LitterDto[]) {
  return litters.filter((l) => l.damId === dog.id || l.sireId === dog.id).length;
}

/** A litter's parent, linked to its tree when the registry knows the dog (every litter parent is public). */
function ParentName({ name, id }: { name: string; id: number | null }) {
  if (id == null) return <>{name}</>;
  return <Anchor renderRoot={(props) => <Link {...props} to="/family-tree/$dogId" params={{ dogId: String(id) }} />}>{name}</Anchor>;
}

function DogCard({ dog, litterCount }: { dog: FamilyTreeDogDto; litterCount: number | null }) {
  return (
    <Card withBorder radius="md" padding={0} h="100%">
      <ResponsiveImage src={dog.imageUrl} alt={`${dog.name}, our ${dog.color.toLowerCase()} ${dog.breed}`} width={320} height={240} />
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4">
            {dog.name}
          </Title>
          <Text size="sm" fw={600} c="dimmed">
            {dog.gender === 'female' ? 'Dam (mother)' : 'Sire (father)'}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {[dog.generation || dog.breed, dog.color].filter(Boolean).join(' · ')}
        </Text>
        {dog.retired && <ToneBadge tone="gray">Retired</ToneBadge>}
        <HealthBadges tests={dog.healthTests} dogName={dog.name} />
        {litterCount !== null && (
          <Text size="sm">{litterCount === 0 ? 'No current litters' : `${litterCount} current litter${litterCount === 1 ? '' : 's'}`}</Text>
        )}
        <Anchor renderRoot={(props) => <Link {...props} to="/family-tree/$dogId" params={{ dogId: String(dog.id) }} />} fw={600}>
          {dog.name}&apos;s family tree
        </Anchor>
      </Stack>
    </Card>
  );
}
