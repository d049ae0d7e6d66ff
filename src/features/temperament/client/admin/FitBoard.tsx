// The fit board of a litter: each family on its list (in waitlist order) with what its answers say, and for each puppy
// whether it suits, why in one sentence, and the breeder's "Not for this family" switch.
import { Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../../lib/client/trpc.ts';
import { toast } from '../../../../lib/client/toast.ts';
import { EmptyState, QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';

export function FitBoard({ litterId }: { litterId: number }) {
  const queryClient = useQueryClient();
  const board = useQuery(trpc.admin.temperament.board.queryOptions({ litterId }));
  const block = useMutation(
    trpc.admin.temperament.block.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.temperament.board.queryKey({ litterId }) }),
      onError: (e) => toast({ title: 'Could not change it', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  if (!board.data) return <QueryState query={board} what="fit board" />;
  const { puppies, families } = board.data;
  if (!families.length) return <EmptyState>No families are on this litter’s waitlist or matched to one of its puppies yet.</EmptyState>;
  const nameOf = new Map(puppies.map((p) => [p.id, p.name]));
  return (
    <Stack gap="md">
      <Text size="sm">
        Proposed by your fit rules from each family’s questionnaire answers and each puppy’s test. A puppy you mark “Not for this family”
        cannot be chosen by that family.
      </Text>
      {families.map((f) => (
        <Card key={f.familyId} withBorder padding="sm" component="section" aria-label={f.name}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {f.name}
            </Title>
            <Text size="sm" c="dimmed">
              From the answers: {f.factsText}
            </Text>
            {f.cells.map((c) => (
              <Stack key={c.puppyId} gap={2}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Text fw={600}>{nameOf.get(c.puppyId)}</Text>
                    <ToneBadge tone={c.blocked ? 'gray' : c.suits ? 'green' : 'orange'}>
                      {c.blocked ? 'Not for this family' : c.suits ? 'Suits' : 'Does not suit'}
                    </ToneBadge>
                  </Group>
                  <Checkbox
                    label="Not for this family"
                    aria-label={`${nameOf.get(c.puppyId)}: not for ${f.name}`}
                    checked={c.blocked}
                    disabled={block.isPending}
                    onChange={(e) => block.mutate({ puppyId: c.puppyId, familyId: f.familyId, blocked: e.currentTarget.checked })}
                  />
                </Group>
                <Text size="sm">{c.reason}</Text>
              </Stack>
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
