// The family's puppy part of /account: its puppy, updates, growth chart, checklist and documents, each with its own loading and error state.
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../lib/client/PageSpinner.tsx';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { MyPuppy } from './MyPuppy.tsx';
import { PuppyUpdates } from './PuppyUpdates.tsx';
import { GoHomeChecklist } from './GoHomeChecklist.tsx';
import { FamilyDocuments } from './FamilyDocuments.tsx';

function Loaded<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (data: T) => ReactNode;
}) {
  if (query.error)
    return (
      <Alert color="red" title="Could not load this part">
        {errorMessage(query.error, 'Please reload the page.')}
      </Alert>
    );
  if (query.isPending || query.data === undefined) return <PageSpinner />;
  return <>{children(query.data)}</>;
}

// The chart library is the largest part of the page: it loads after the rest.
const GrowthChart = lazy(() => import('./GrowthChart.tsx').then((m) => ({ default: m.GrowthChart })));

function Growth({ puppyId }: { puppyId: number }) {
  const growth = useQuery(trpc.portal.growth.queryOptions({ puppyId }));
  return (
    <Loaded query={growth}>
      {(g) => (
        <Suspense fallback={<PageSpinner />}>
          <GrowthChart growth={g} />
        </Suspense>
      )}
    </Loaded>
  );
}

export function FamilyPortal() {
  const puppies = useQuery(trpc.portal.puppies.queryOptions());
  const updates = useQuery(trpc.portal.updates.queryOptions());
  const checklist = useQuery(trpc.portal.checklist.queryOptions());
  const documents = useQuery(trpc.portal.documents.queryOptions());
  return (
    <Stack gap="xl">
      <Loaded query={puppies}>
        {(list) => (
          <Stack gap="xl">
            <MyPuppy puppies={list} />
            {list.length > 0 && (
              <>
                <Loaded query={updates}>{(u) => <PuppyUpdates updates={u} />}</Loaded>
                {list.map((p) => (
                  <Growth key={p.id} puppyId={p.id} />
                ))}
                <Loaded query={checklist}>{(c) => <GoHomeChecklist items={c} />}</Loaded>
              </>
            )}
          </Stack>
        )}
      </Loaded>
      <Loaded query={documents}>{(d) => (d.length > 0 || puppies.data?.length ? <FamilyDocuments documents={d} /> : null)}</Loaded>
    </Stack>
  );
}
