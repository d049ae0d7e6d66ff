// Every booking, paged and searched on the server, in the breeder's zone: moved or cancelled with a message to the family.
import { useState } from 'react';
import { Button, Card, Group, Modal, Select, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { trpc } from '../../../../lib/client/trpc.ts';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { Pager } from '../../../../lib/client/admin/ListParts.tsx';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { KIND_LABELS, formatInZone, type AdminBookingDto } from '../../visits.schema.ts';
import { MoveBookingDialog } from '../MoveBookingDialog.tsx';

export function BookingsList() {
  const [page, setPage] = useState(1);
  const [when, setWhen] = useState<'upcoming' | 'past' | 'cancelled'>('upcoming');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const list = useQuery(trpc.admin.visits.list.queryOptions({ page, when, search: debounced || undefined }));
  const settings = useQuery(trpc.admin.visits.settings.queryOptions());
  const zone = settings.data?.timeZone ?? 'America/Denver';
  const [cancelling, setCancelling] = useState<AdminBookingDto | null>(null);
  const [message, setMessage] = useState('');
  const [moving, setMoving] = useState<AdminBookingDto | null>(null);
  const invalidate = useInvalidate();
  const move = useMutation(
    trpc.admin.visits.move.mutationOptions({
      onSuccess: async () => {
        setMoving(null);
        setMessage('');
        notifySaved('Booking moved', 'The family got the updated invitation.');
        await invalidate('visits');
      },
      onError: (e) => notifyFailed('Could not move the booking', e),
    }),
  );
  const cancel = useMutation(
    trpc.admin.visits.cancel.mutationOptions({
      onSuccess: async () => {
        setCancelling(null);
        setMessage('');
        notifySaved('Booking cancelled', 'The family got an e-mail that removes it from their calendar.');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not cancel the booking', e),
    }),
  );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bookings-heading">
      <Stack gap="sm">
        <Title order={3} size="h3" id="bookings-heading">
          Bookings
        </Title>
        <Group wrap="wrap" align="flex-end">
          <Select
            label="Show"
            data={[
              { value: 'upcoming', label: 'Upcoming' },
              { value: 'past', label: 'Past' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
            value={when}
            allowDeselect={false}
            onChange={(v) => {
              setWhen((v ?? 'upcoming') as typeof when);
              setPage(1);
            }}
            w={160}
          />
          <TextInput
            label="Search families"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={220}
          />
        </Group>
        {!list.data ? (
          <PageSpinner />
        ) : list.data.items.length === 0 ? (
          <Text size="sm">No bookings here.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When ({zone})</Table.Th>
                  <Table.Th scope="col">What</Table.Th>
                  <Table.Th scope="col">Family</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>{formatInZone(b.startsAt, zone)}</Table.Td>
                    <Table.Td>
                      {KIND_LABELS[b.kind]}
                      {b.note && (
                        <Text size="xs" c="dimmed">
                          {b.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {b.familyName}
                      {b.familyEmail && (
                        <Text size="xs" c="dimmed">
                          {b.familyEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {b.status === 'confirmed' && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setMoving(b)}
                            aria-label={`Move ${KIND_LABELS[b.kind].toLowerCase()} of ${b.familyName}`}
                          >
                            Move
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setCancelling(b)}
                            aria-label={`Cancel ${KIND_LABELS[b.kind].toLowerCase()} of ${b.familyName}`}
                          >
                            Cancel
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && <Pager page={page} total={list.data.total} onChange={setPage} label="Bookings" />}
      </Stack>
      <MoveBookingDialog
        booking={moving}
        breederZone={zone}
        summary={moving && `${KIND_LABELS[moving.kind]} of ${moving.familyName}, now ${formatInZone(moving.startsAt, zone)}`}
        pending={move.isPending}
        onClose={() => setMoving(null)}
        onMove={(startsAt) => moving && move.mutate({ id: moving.id, startsAt, message })}
      >
        <Textarea
          label="Message to the family"
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={2}
        />
      </MoveBookingDialog>
      <Modal opened={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel this booking?">
        {cancelling && (
          <Stack
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              cancel.mutate({ id: cancelling.id, message });
            }}
          >
            <Text size="sm">
              {KIND_LABELS[cancelling.kind]} of {cancelling.familyName}, {formatInZone(cancelling.startsAt, zone)}
            </Text>
            <Textarea
              label="Message to the family"
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              maxLength={2000}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                Keep it
              </Button>
              <Button type="submit" color="red.9" loading={cancel.isPending}>
                Cancel booking
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
