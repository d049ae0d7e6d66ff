// Our Litters (SPEC §4 litter filter): born litters offer 'View Puppies', expected-only ones
// (no birth date) 'Join the Waitlist'. The picture keeps the 4:3 of a photo, so a cover crop
// doesn't cut off what is at its edges (a caption, the puppies' ears).
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { ALWAYS_REFETCH } from '../../../lib/client/query-client.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { DogTreeLink } from '../../../lib/client/DogTreeLink.tsx';
import { ancestorPlaces, COI_DEFAULT_GENERATIONS, coiIsInformative, formatCoiWithCompleteness } from '../coi.ts';
import { formatUtcDay } from '../../../lib/shared/format.ts';
import type { LitterDto } from '../litters.schema.ts';

export const LITTERS_ERROR = 'Error loading litters. Please try again later.';
export const LITTERS_EMPTY = 'No litters currently planned. Please contact us for more information on upcoming litters.';

export function formatIsoDate(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  return formatUtcDay(d);
}

/** The contact form's opening message when a family asks to join a litter's waitlist. */
export function LittersList({
  onViewPuppies,
  onJoinWaitlist,
}: {
  onViewPuppies: (litter: LitterDto) => void;
  onJoinWaitlist: (litter: LitterDto) => void;
}) {
  const litters = useQuery({ ...trpc.litters.active.queryOptions(), ...ALWAYS_REFETCH });

  return (
    <section id="litters" aria-labelledby="litters-title" style={{ marginTop: 56 }}>
      <Title order={3} id="litters-title" ta="center" mb="xs" size="h2">
        Our Litters
      </Title>
      <Text ta="center" mb="lg">
        Current and upcoming litters from our home.
      </Text>
      {litters.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} height={420} radius="md" />
          ))}
        </SimpleGrid>
      ) : litters.isError ? (
        <Alert color="red" role="alert">
          {LITTERS_ERROR}
        </Alert>
      ) : litters.data.length === 0 ? (
        <Text ta="center" role="status">
          {LITTERS_EMPTY}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {litters.data.map((litter) => {
            const born = formatIsoDate(litter.birthDate);
            const expected = formatIsoDate(litter.expectedDate);
            return (
              <Card key={litter.id} component="li" withBorder radius="md" padding="lg">
                <Card.Section>
                  <ResponsiveImage
                    src={litter.imageUrl}
                    alt={`The ${litter.name}: ${litter.motherName} and ${litter.fatherName}'s puppies`}
                    width={560}
                    height={420}
                    sizes="(max-width: 768px) 100vw, 560px"
                  />
                </Card.Section>
                <Stack gap={6} mt="md">
                  <Group justify="space-between" wrap="nowrap">
                    <Title order={4} size="h3">
                      {litter.name}
                    </Title>
                    <ToneBadge tone={born ? 'green' : 'blue'}>{born ? 'Born' : 'Expected'}</ToneBadge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    <DogTreeLink id={litter.damId} name={litter.motherName} label={`${litter.motherName}'s family tree (mother)`} /> ×{' '}
                    <DogTreeLink id={litter.sireId} name={litter.fatherName} label={`${litter.fatherName}'s family tree (father)`} />
                  </Text>
                  {/* No bare "COI 0%" over parents whose ancestry is unknown: it would say nothing. */}
                  {litter.coi != null && litter.ancestorsKnown != null && coiIsInformative({ known: litter.ancestorsKnown }, true) && (
                    <Text size="sm" c="dimmed">
                      COI{' '}
                      {formatCoiWithCompleteness(litter.coi, COI_DEFAULT_GENERATIONS, {
                        known: litter.ancestorsKnown,
                        total: ancestorPlaces(COI_DEFAULT_GENERATIONS),
                      })}
                    </Text>
                  )}
                  <Text size="sm">
                    {born ? `Born ${born}` : expected ? `Expected ${expected}` : 'Date to be announced'}
                    {litter.puppyCount ? ` · ${litter.puppyCount} puppies` : ''}
                  </Text>
                  {litter.description && <Text size="sm">{litter.description}</Text>}
                  <div>
                    {litter.birthDate ? (
                      <Button mt="xs" onClick={() => onViewPuppies(litter)} aria-label={`View Puppies from the ${litter.name}`}>
                        View Puppies
                      </Button>
                    ) : (
                      <Button
                        mt="xs"
                        variant="outline"
                        onClick={() => onJoinWaitlist(litter)}
                        aria-label={`Join the Waitlist for the ${litter.name}`}
                      >
                        Join the Waitlist
                      </Button>
                    )}
                  </div>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </section>
  );
}
