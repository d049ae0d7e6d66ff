// The dashboard's Visits: the breeder's hours (HoursEditor: zone, cut-off, slot and buffer per kind, weekly openings,
// closed days), the calendar feed address, and every booking (BookingsList: paged and searched on the server).
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { trpc } from '../../../../lib/client/trpc.ts';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { HoursEditor } from './HoursEditor.tsx';
import { BookingsList } from './BookingsList.tsx';

export function VisitsAdmin() {
  return (
    <Stack gap="lg">
      <Title order={2}>Visits</Title>
      <HoursEditor />
      <FeedCard />
      <BookingsList />
    </Stack>
  );
}

function FeedCard() {
  const settings = useQuery(trpc.admin.visits.settings.queryOptions());
  const invalidate = useInvalidate();
  const [url, setUrl] = useState<string | null>(null);
  const create = useMutation(
    trpc.admin.visits.createFeed.mutationOptions({
      onSuccess: async (r) => {
        setUrl(r.url);
        notifySaved('Calendar feed created', 'Copy the address now: it is shown only once.');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not create the feed', e),
    }),
  );
  const revoke = useMutation(
    trpc.admin.visits.revokeFeed.mutationOptions({
      onSuccess: async () => {
        setUrl(null);
        notifySaved('Calendar feed revoked', 'Calendars subscribed to the old address stop updating.');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not revoke the feed', e),
    }),
  );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="feed-heading">
      <Stack gap="sm">
        <Title order={3} size="h3" id="feed-heading">
          Calendar feed
        </Title>
        <Text size="sm">
          Subscribe to this private address in Google, Apple or Outlook Calendar to see every booking. Anyone with it can read your
          bookings: revoke it if it leaks.
        </Text>
        {url && <TextInput label="Calendar feed address" value={url} readOnly onFocus={(e) => e.currentTarget.select()} />}
        <Group>
          <Button onClick={() => create.mutate()} loading={create.isPending}>
            {settings.data?.hasFeed ? 'Make a new feed address' : 'Create feed address'}
          </Button>
          {settings.data?.hasFeed && (
            <Button color="red.9" variant="outline" onClick={() => revoke.mutate()} loading={revoke.isPending}>
              Revoke feed
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
