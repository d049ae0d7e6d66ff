// One litter's temperament: the switch that shows the results to its families, the puppies scored one screen each
// (previous / next, the puppy in the address so a reload or Today's link lands on it), and the fit board.
import { Alert, Group, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { errorMessage, trpc } from '../../../../lib/client/trpc.ts';
import { toast } from '../../../../lib/client/toast.ts';
import { EditorHeader } from '../../../../lib/client/admin/Section.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { OfflineQueue } from '../../../../lib/client/admin/OfflineQueue.tsx';
import { PuppyScoring } from './PuppyScoring.tsx';
import { FitBoard } from './FitBoard.tsx';

const litterTitle = (name: string) => (/litter$/i.test(name.trim()) ? name.trim() : `${name.trim()} litter`);

export function LitterTemperament({ litterId, onBack }: { litterId: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { puppy?: number; tab?: string };
  const query = useQuery(trpc.admin.temperament.litter.queryOptions({ litterId }));
  const setShown = useMutation(
    trpc.admin.temperament.setShown.mutationOptions({
      onSuccess: async (l) => {
        toast({
          title: l.showToFamilies ? 'Shown to families' : 'Hidden from families',
          message: l.showToFamilies
            ? `The families of the ${litterTitle(l.name)} now see its results in words.`
            : `The families of the ${litterTitle(l.name)} no longer see its results.`,
          variant: 'success',
        });
        await queryClient.invalidateQueries({ queryKey: [['admin', 'temperament']] });
      },
      onError: (e) => toast({ title: 'Could not change it', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const go = (patch: { puppy?: number; tab?: string }) =>
    void navigate({ to: '.', search: (s: Record<string, unknown>) => ({ ...s, ...patch }) as never });

  if (!query.data) return <QueryState query={query} what="litter" />;
  const { litter, puppies } = query.data;
  const index = Math.max(
    0,
    puppies.findIndex((p) => p.puppyId === search.puppy),
  );
  const puppy = puppies[index];
  const tab = search.tab === 'fit' ? 'fit' : 'scores';
  return (
    <Stack gap="md">
      <EditorHeader title={`Temperament: ${litterTitle(litter.name)}`} onBack={onBack} backLabel="All litters" />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {litter.tested} of {litter.puppies} {litter.puppies === 1 ? 'puppy' : 'puppies'} fully tested
        </Text>
        <Switch
          label="Show temperament to families"
          // Shows the change while it is sent (the litter is read again once it is saved).
          checked={setShown.isPending ? setShown.variables.show : litter.showToFamilies}
          disabled={setShown.isPending}
          onChange={(e) => setShown.mutate({ litterId, show: e.currentTarget.checked })}
        />
      </Group>
      <OfflineQueue />
      <Tabs value={tab} onChange={(v) => go({ tab: v ?? 'scores' })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="scores">Scores</Tabs.Tab>
          <Tabs.Tab value="fit">Fit with families</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scores" pt="md">
          {puppy ? (
            <PuppyScoring
              key={`${puppy.puppyId}:${puppy.updatedAt}`}
              puppy={puppy}
              position={{ index, count: puppies.length }}
              onMove={(step) => {
                go({ puppy: puppies[index + step]?.puppyId });
                // The next puppy starts at its first test, not where the last one's Save button was.
                window.scrollTo({ top: 0 });
              }}
            />
          ) : (
            <Alert color="gray" title="No puppies in this litter yet">
              Add the litter’s puppies under Puppies, then score them here.
            </Alert>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="fit" pt="md">
          <FitBoard litterId={litterId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
