// /family-tree/$dogId: one parent dog, the litters it produced this season and their puppies.
import { Alert, Anchor, Box, Card, Container, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { PhotoCarousel } from '../../../lib/client/PhotoCarousel.tsx';
import type { ParentDogDto } from '../dogs.schema.ts';
import { littersOf, type LitterBranch, type LitterPuppy } from '../family-tree.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { PedigreeTree } from './PedigreeTree.tsx';
import { ParentFacts, roleLabel } from './ParentSummary.tsx';
import { pedigreeQuery } from './pedigree-query.ts';

export function DogNotFound() {
  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/family-tree" activeOptions={{ exact: true }} size="sm">
        ← All parent dogs
      </Anchor>
      <Title order={1} mt="md" mb="md">
        Dog not found
      </Title>
      <Text>
        We couldn&apos;t find that dog. It may no longer be one of our parent dogs.{' '}
        <Anchor component={Link} to="/family-tree" activeOptions={{ exact: true }}>
          See all our parent dogs
        </Anchor>
        .
      </Text>
    </Container>
  );
}

export function DogFamilyTree({ dogId }: { dogId: number }) {
  const pedigree = useQuery(pedigreeQuery(dogId));
  const parents = useQuery(trpc.parents.featured.queryOptions());
  const dog = parents.data?.find((d) => d.id === dogId);

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} to="/family-tree" activeOptions={{ exact: true }} size="sm">
        ← All parent dogs
      </Anchor>
      {pedigree.isPending ? (
        <Stack mt="md" aria-busy="true">
          <Skeleton height={36} width={280} />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : pedigree.isError ? (
        <>
          <Title order={1} mt="md" mb="md">
            Family Tree
          </Title>
          <Alert color="red" role="alert">
            Error loading the family tree. Please try again later.
          </Alert>
        </>
      ) : (
        <>
          {dog ? (
            <DogTree dog={dog} parents={parents.data ?? []} />
          ) : (
            <Title order={1} mt="md" mb="lg">
              {pedigree.data.name}&apos;s Family Tree
            </Title>
          )}
          <Box mt="xl">
            <PedigreeTree pedigree={pedigree.data} />
          </Box>
        </>
      )}
    </Container>
  );
}

function DogTree({ dog, parents }: { dog: ParentDogDto; parents: ParentDogDto[] }) {
  const litters = useQuery(trpc.litters.active.queryOptions());
  const puppies = useQuery(trpc.puppies.featured.queryOptions());
  const branches = litters.data ? littersOf(dog, litters.data, parents, puppies.data ?? []) : [];

  return (
    <>
      <Title order={1} mt="md" mb="lg">
        {dog.name}&apos;s Family Tree
      </Title>
      <Grid gap="lg" mb="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <PhotoCarousel
            photos={dog.photos.length > 0 ? dog.photos : dog.imageUrl ? [dog.imageUrl] : []}
            alt={`${dog.name}, our ${dog.color.toLowerCase()} ${dog.breed}`}
            label={`Photos of ${dog.name}`}
            videoUrl={dog.videoUrl}
            videoLabel={`Video of ${dog.name}`}
            width={480}
            height={360}
            sizes="(max-width: 768px) 100vw, 480px"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Text fw={600} c="dimmed">
            {roleLabel(dog)}
          </Text>
          <ParentFacts dog={dog} />
          {dog.description && (
            <Text mt="md" size="lg">
              {dog.description}
            </Text>
          )}
        </Grid.Col>
      </Grid>

      <section aria-labelledby="litters-heading">
        <Title order={2} id="litters-heading" mb="md">
          Litters and Puppies
        </Title>
        {litters.isPending ? (
          <Skeleton height={160} radius="md" aria-busy="true" />
        ) : litters.isError ? (
          <Alert color="red" role="alert">
            Error loading litters. Please try again later.
          </Alert>
        ) : branches.length === 0 ? (
          <Text>
            {dog.name} has no current litters. Planning a puppy from {dog.gender === 'female' ? 'her' : 'him'}?{' '}
            <Anchor component={Link} to="/questionnaire">
              Fill out our Family Questionnaire
            </Anchor>{' '}
            to join the waitlist.
          </Text>
        ) : (
          <Stack gap="lg">
            {branches.map((b) => (
              <LitterTree key={b.litter.id} dog={dog} branch={b} puppiesState={puppies} />
            ))}
          </Stack>
        )}
      </section>
    </>
  );
}

function ParentBox({ label, name, dog, current }: { label: string; name: string; dog: ParentDogDto | null; current: boolean }) {
  return (
    <Paper withBorder p="sm" radius="md" bg={current ? 'var(--surface-warm)' : undefined} style={{ flex: 1, minWidth: 160 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>
        {dog && !current ? (
          <Anchor renderRoot={(props) => <Link {...props} to="/family-tree/$dogId" params={{ dogId: String(dog.id) }} />} inherit>
            {dog.name}
          </Anchor>
        ) : (
          name
        )}
      </Text>
      {dog && <ParentFacts dog={dog} />}
    </Paper>
  );
}

function LitterTree({
  dog,
  branch,
  puppiesState,
}: {
  dog: ParentDogDto;
  branch: LitterBranch;
  puppiesState: { isPending: boolean; isError: boolean };
}) {
  const { litter, role, mate, mateName, puppies } = branch;
  const mother = role === 'mother' ? dog : mate;
  const father = role === 'father' ? dog : mate;
  const born = !!litter.birthDate;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`litter-${litter.id}`}>
      <Title order={3} id={`litter-${litter.id}`} mb={4}>
        {litter.name}
      </Title>
      <Text c="dimmed" mb="md">
        {born
          ? `Born ${formatDay(litter.birthDate!)}${litter.puppyCount ? ` · ${litter.puppyCount} ${litter.puppyCount === 1 ? 'puppy' : 'puppies'}` : ''}`
          : litter.expectedDate
            ? `Expected ${formatDay(litter.expectedDate)}`
            : 'Expected soon'}
      </Text>

      <Group align="stretch" gap="sm" wrap="wrap">
        <ParentBox label="Dam (mother)" name={role === 'mother' ? dog.name : mateName} dog={mother} current={role === 'mother'} />
        <ParentBox label="Sire (father)" name={role === 'father' ? dog.name : mateName} dog={father} current={role === 'father'} />
      </Group>

      <Box ml={{ base: 'sm', sm: 'xl' }} mt="sm" pl="md" style={{ borderLeft: '3px solid var(--mantine-color-amber-4)' }}>
        <Title order={4} size="h5" mb="xs">
          Puppies
        </Title>
        {!born ? (
          <Text>
            This litter hasn&apos;t been born yet.{' '}
            <Anchor component={Link} to="/questionnaire">
              Join the waitlist
            </Anchor>{' '}
            to hear about these puppies first.
          </Text>
        ) : puppiesState.isPending ? (
          <Skeleton height={60} aria-busy="true" />
        ) : puppiesState.isError ? (
          <Alert color="red" role="alert">
            Error loading puppies. Please try again later.
          </Alert>
        ) : puppies.length === 0 ? (
          <Text>All the puppies from this litter have found their families.</Text>
        ) : (
          <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {puppies.map((p) => (
              <PuppyLeaf key={p.id} puppy={p} />
            ))}
          </SimpleGrid>
        )}
      </Box>
    </Card>
  );
}

function PuppyLeaf({ puppy }: { puppy: LitterPuppy }) {
  return (
    <Paper component="li" withBorder p="xs" radius="md">
      <Text fw={600}>{puppy.name}</Text>
      <Text size="sm" c="dimmed">
        {puppy.gender === 'male' ? 'Male' : 'Female'} · {puppy.color} · {puppy.status === 'available' ? 'Available' : 'Reserved'}
      </Text>
    </Paper>
  );
}
