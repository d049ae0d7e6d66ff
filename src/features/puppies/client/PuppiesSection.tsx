// Our Puppies (SPEC §2 section 3): the grid of available puppies with a litter filter ('all' or one
// litter), the detail dialog, and (as children) the litters list.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Container, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { ALWAYS_REFETCH } from '../../../lib/client/query-client.ts';
import type { PuppyDto } from '../puppies.schema.ts';
import { PuppyCard } from './PuppyCard.tsx';

export const PUPPIES_ERROR = 'Error loading puppies. Please try again later.';
export const PUPPIES_EMPTY = 'No puppies currently available. Please check our upcoming litters or contact us for more information.';

export type LitterFilter = 'all' | number;

const loadDialog = () => import('./PuppyDialog.tsx');
const PuppyDialog = lazy(() => loadDialog().then((m) => ({ default: m.PuppyDialog })));

export function PuppiesSection({
  filter,
  onFilterChange,
  onInquire,
  openId,
  onOpenChange,
  children,
}: {
  filter: LitterFilter;
  onFilterChange: (filter: LitterFilter) => void;
  onInquire: (puppy: PuppyDto) => void;
  /** The puppy whose details are open (the page keeps it in the address), and how to change it. */
  openId: number | null;
  onOpenChange: (id: number | null, how?: 'back' | 'replace') => void;
  children?: ReactNode;
}) {
  const puppies = useQuery({ ...trpc.puppies.featured.queryOptions(), ...ALWAYS_REFETCH });
  const litters = useQuery({ ...trpc.litters.active.queryOptions(), ...ALWAYS_REFETCH });
  const [dialogMounted, setDialogMounted] = useState(openId !== null);
  // A shared link or the forward button can open a puppy without a click.
  if (openId !== null && !dialogMounted) setDialogMounted(true);

  const litterOf = (id: number | null) => litters.data?.find((l) => l.id === id) ?? null;
  const shown = puppies.data?.filter((p) => filter === 'all' || p.litterId === filter) ?? [];
  const filterOptions = [
    { value: 'all', label: 'All Litters' },
    ...(litters.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
  ];
  const open = openId === null ? null : (puppies.data?.find((p) => p.id === openId) ?? null);

  return (
    <section id="puppies" aria-labelledby="puppies-title">
      <Container size="lg" py={64}>
        <Title order={2} id="puppies-title" ta="center" mb="xs">
          Our Puppies
        </Title>
        <Text ta="center" mb="lg">
          Meet the puppies looking for their families. Select a puppy for details and personality notes.
        </Text>

        <Group justify="center" mb="lg">
          <NativeSelect
            label="Filter by litter"
            value={String(filter)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              onFilterChange(v === 'all' ? 'all' : Number(v));
            }}
            data={filterOptions}
            w={260}
          />
        </Group>

        <div id="puppy-grid">
          {puppies.isSuccess && filter !== 'all' && (
            <p className="visually-hidden" role="status">
              {`Showing ${shown.length} ${shown.length === 1 ? 'puppy' : 'puppies'} from the ${litterOf(filter)?.name ?? 'selected litter'}`}
            </p>
          )}
          {puppies.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={380} radius="md" />
              ))}
            </SimpleGrid>
          ) : puppies.isError ? (
            <Alert color="red" role="alert">
              {PUPPIES_ERROR}
            </Alert>
          ) : puppies.data.length === 0 ? (
            <Text ta="center" role="status">
              {PUPPIES_EMPTY}
            </Text>
          ) : shown.length === 0 ? (
            <Stack align="center" gap="sm">
              <Text ta="center">No available puppies in this litter right now.</Text>
              <Button variant="light" onClick={() => onFilterChange('all')}>
                Show all litters
              </Button>
            </Stack>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((p) => (
                <PuppyCard
                  key={p.id}
                  puppy={p}
                  birthDate={litterOf(p.litterId)?.birthDate ?? null}
                  onIntent={() => void loadDialog()}
                  onOpen={() => {
                    setDialogMounted(true);
                    onOpenChange(p.id);
                  }}
                />
              ))}
            </SimpleGrid>
          )}
        </div>

        {children}
      </Container>

      {dialogMounted && (
        <Suspense fallback={null}>
          <PuppyDialog
            puppy={open}
            litter={open ? litterOf(open.litterId) : null}
            onClose={() => onOpenChange(null)}
            onInquire={(p) => {
              onOpenChange(null, 'replace');
              onInquire(p);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
