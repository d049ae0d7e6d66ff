// Our Puppies: the grid of available puppies (the home-page issue adds the filter, litters and dialog).
import { Alert, Container, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { PuppyCard } from './PuppyCard.tsx';

export function PuppiesSection() {
  const puppies = useQuery({ ...trpc.puppies.featured.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const litters = useQuery({ ...trpc.litters.active.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const birthDateOf = (litterId: number | null) => litters.data?.find((l) => l.id === litterId)?.birthDate ?? null;

  return (
    <section id="puppies" aria-labelledby="puppies-title">
      <Container size="lg" py="xl">
        <Title order={2} id="puppies-title" ta="center" mb="lg">
          Our Puppies
        </Title>
        {puppies.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={360} radius="md" />
            ))}
          </SimpleGrid>
        ) : puppies.isError ? (
          <Alert color="red" role="alert">
            Error loading puppies. Please try again later.
          </Alert>
        ) : puppies.data.length === 0 ? (
          <Text ta="center">No puppies currently available. Please check our upcoming litters or contact us for more information.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {puppies.data.map((p) => (
              <PuppyCard key={p.id} puppy={p} birthDate={birthDateOf(p.litterId)} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
