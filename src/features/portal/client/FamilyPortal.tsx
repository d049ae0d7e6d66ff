// The family's puppy part of /account: its puppy, updates, growth chart and checklist, each with its own loading and error
// state (the documents are MyDocuments, beside the contract).
import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageSpinner } from '../../../lib/client/PageSpinner.tsx';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { MyPuppy } from './MyPuppy.tsx';
import { PuppyUpdates } from './PuppyUpdates.tsx';
import { GoHomeChecklist } from './GoHomeChecklist.tsx';
import { FamilyDocuments, type SharedFile } from './FamilyDocuments.tsx';

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

/**
 * The documents the breeder shared, with what My Family adds from other features (the sealed contract): one place for
 * every file, shown once the family has a puppy or a document.
 */
export function MyDocuments({ more = [] }: { more?: SharedFile[] }) {
  const puppies = useQuery(trpc.portal.puppies.queryOptions());
  const documents = useQuery(trpc.portal.documents.queryOptions());
  return (
    <Loaded query={documents}>
      {(d) => (d.length > 0 || more.length > 0 || puppies.data?.length ? <FamilyDocuments documents={[...more, ...d]} /> : null)}
    </Loaded>
  );
}

export function FamilyPortal() {
  const puppies = useQuery(trpc.portal.puppies.queryOptions());
  const updates = useQuery(trpc.portal.updates.queryOptions());
  const checklist = useQuery(trpc.portal.checklist.queryOptions());
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
    </Stack>
  );
}
