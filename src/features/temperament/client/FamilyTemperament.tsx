// The family's "Temperament" card on /account: for each litter it waits for (or has its puppy from), once the breeder
// has shown the results, every open puppy's test in words, her summary, and whether the puppy suits the family, why.
import { Alert, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';

const litterTitle = (name: string) => (/litter$/i.test(name.trim()) ? `The ${name.trim()}` : `The ${name.trim()} litter`);

export function FamilyTemperament() {
  const mine = useQuery(trpc.temperament.mine.queryOptions());
  if (mine.isPending) return <Loader role="status" aria-label="Loading the temperament results" />;
  if (mine.isError)
    return (
      <Alert color="red" title="Could not load the temperament results">
        {errorMessage(mine.error, 'Please try again.')}
      </Alert>
    );
  if (mine.data.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="temperament-card-title">
      <Stack gap="md">
        <Title order={2} id="temperament-card-title">
          Temperament
        </Title>
        <Text size="sm">Each puppy was tested at seven weeks. Here is what we saw, in a few words, and how each puppy fits your home.</Text>
        {mine.data.map((litter) => (
          <Stack key={litter.litterId} gap="sm" component="section" aria-label={litterTitle(litter.litterName)}>
            <Title order={3} size="h4">
              {litterTitle(litter.litterName)}
            </Title>
            {litter.puppies.map((p) => (
              <Card key={p.puppyId} withBorder padding="sm" component="article" aria-label={p.name}>
                <Stack gap={4}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Text fw={600}>{p.name}</Text>
                    {p.blocked ? (
                      <ToneBadge tone="gray">Not for your family</ToneBadge>
                    ) : p.words === null ? (
                      <ToneBadge tone="gray">Not tested yet</ToneBadge>
                    ) : (
                      <ToneBadge tone={p.fit.suits ? 'green' : 'orange'}>{p.fit.suits ? 'Suits your home' : 'Not a good fit'}</ToneBadge>
                    )}
                  </Group>
                  {p.words && <Text>{p.words}</Text>}
                  {p.summary && <Text fs="italic">“{p.summary}”</Text>}
                  {p.words !== null && (
                    <Text size="sm" c="dimmed">
                      {p.fit.reason}
                    </Text>
                  )}
                </Stack>
              </Card>
            ))}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
