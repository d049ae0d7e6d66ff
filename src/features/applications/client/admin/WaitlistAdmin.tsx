// The waitlist per litter (or general): families in order with their preferences and deposit. The
// breeder reorders by dragging a handle (mouse, finger or keyboard) or with Move up / Move down, moves a family to another litter's
// list, and matches a family to a puppy (which becomes reserved).
import { useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { arrayMove } from '@dnd-kit/sortable';
import { trpc } from '../../../../lib/client/trpc.ts';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { SortableList } from '../../../../lib/client/admin/SortableList.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { formatDay } from '../../../../lib/shared/format.ts';
import {
  COLOR_CHOICES,
  DEPOSIT_METHOD_LABELS,
  GENDER_CHOICES,
  SIZE_CHOICES,
  TIMING_CHOICES,
  ordinal,
  type WaitlistEntryDto,
} from '../../applications.schema.ts';

export function WaitlistAdmin() {
  const [picked, setPicked] = useState<string | null>(null);
  const [matched, setMatched] = useState<{ family: string; puppy: string } | null>(null);
  const litters = useQuery(trpc.litters.active.queryOptions());
  // Every list's families (a handful of lists): their counts in the select, and the list to open on.
  const listIds = ['', ...(litters.data ?? []).map((l) => String(l.id))];
  const lists = useQueries({
    queries: listIds.map((v) => trpc.admin.applications.waitlist.queryOptions({ litterId: v ? Number(v) : null })),
  });
  const counts = new Map(listIds.map((v, i) => [v, lists[i]?.data?.length]));
  // Untouched, the screen opens on the first list with families (General when none has any), not on an empty General.
  const firstWithFamilies =
    litters.isSuccess && lists.every((q) => q.isSuccess) ? (listIds.find((v) => (counts.get(v) ?? 0) > 0) ?? '') : '';
  const litter = picked ?? firstWithFamilies;
  const setLitter = (v: string) => setPicked(v);
  const litterId = litter ? Number(litter) : null;
  const list = useQuery(trpc.admin.applications.waitlist.queryOptions({ litterId }));
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const [status, setStatus] = useState('');
  const [matching, setMatching] = useState<WaitlistEntryDto | null>(null);
  const listKey = trpc.admin.applications.waitlist.queryKey({ litterId });
  const reorder = useMutation(
    trpc.admin.applications.reorder.mutationOptions({
      onSuccess: (rows, input) => {
        queryClient.setQueryData(listKey, rows);
        const moved = rows.find((r) => r.id === input.id);
        if (moved) setStatus(`${moved.name} is now ${ordinal(moved.position)}.`);
        void invalidate();
      },
      onError: (e) => notifyFailed('Could not reorder the waitlist', e),
    }),
  );
  const move = useMutation(
    trpc.admin.applications.moveToList.mutationOptions({
      onSuccess: async () => {
        notifySaved('Moved to the other waitlist');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not move the family', e),
    }),
  );
  const names = [{ value: '', label: 'General waitlist' }, ...(litters.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))];
  const listOptions = names;
  const countOf = (value: string) => {
    const n = counts.get(value);
    return n === undefined ? '…' : `${n} ${n === 1 ? 'family' : 'families'}`;
  };
  const listName = names.find((o) => o.value === litter)?.label ?? 'General waitlist';
  const rows = list.data ?? [];

  return (
    <Stack gap="md">
      <SectionHeader title="Waitlist" />
      <NativeSelect label="Waitlist for" data={listOptions} value={litter} onChange={(e) => setLitter(e.currentTarget.value)} maw={320} />
      <Group component="ul" aria-label="Families on each waitlist" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {names.map((o) => (
          <li key={o.value}>
            <Button
              size="compact-sm"
              variant={o.value === litter ? 'filled' : 'default'}
              aria-pressed={o.value === litter}
              onClick={() => setLitter(o.value)}
            >
              {o.label}: {countOf(o.value)}
            </Button>
          </li>
        ))}
      </Group>
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      {matched && (
        <Alert
          color="green"
          variant="light"
          title={`${matched.family} is matched with ${matched.puppy}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMatched(null)}
        >
          Matched families leave the waitlist. Find them, their puppy and its pickup under{' '}
          <Anchor component={Link} to="/admin/families">
            Families
          </Anchor>
          .
        </Alert>
      )}
      <Text size="sm">
        Matched families are under{' '}
        <Anchor component={Link} to="/admin/families">
          Families
        </Anchor>
        .
      </Text>
      <QueryState query={list} what="the waitlist" />
      {list.isSuccess && rows.length === 0 && (
        <Text>
          No families on the {listName.toLowerCase().startsWith('general') ? 'general waitlist' : `waitlist for the ${listName}`} yet.
        </Text>
      )}
      <SortableList
        items={rows}
        label={`${listName}, in order`}
        help="Drag a family by its handle, or use Move up and Move down. Families join the waitlist from an approved application."
        nameOf={(e) => e.name}
        onMove={(from, to) => {
          // Shown in the new order at once; the server's answer (with the new positions) replaces it.
          queryClient.setQueryData(
            listKey,
            arrayMove(rows, from, to).map((e, i) => ({ ...e, position: i + 1 })),
          );
          reorder.mutate({ id: rows[from]!.id, position: rows[to]!.position });
        }}
        rowAttributes={(e) => ({ 'aria-label': `${ordinal(e.position)}: ${e.name}` })}
      >
        {(e, i, handle) => (
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              {handle}
              <Text fw={700} w={36} mt={4}>
                {ordinal(e.position)}
              </Text>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{e.name}</Text>
                <Text size="sm">
                  {SIZE_CHOICES[e.preferences.size as keyof typeof SIZE_CHOICES]} ·{' '}
                  {GENDER_CHOICES[e.preferences.gender as keyof typeof GENDER_CHOICES]} ·{' '}
                  {COLOR_CHOICES[e.preferences.color as keyof typeof COLOR_CHOICES]} ·{' '}
                  {TIMING_CHOICES[e.preferences.timing as keyof typeof TIMING_CHOICES]}
                </Text>
                <Text size="sm">
                  {e.deposit
                    ? `Deposit $${e.deposit.amount}${e.deposit.fromLedger ? ' (Payments)' : ''} received ${formatDay(e.deposit.receivedOn)} (${DEPOSIT_METHOD_LABELS[e.deposit.method]}${e.deposit.nonRefundable ? ', non-refundable' : ''})${e.deposit.refundedOn ? `, refunded $${e.deposit.refundAmount} on ${formatDay(e.deposit.refundedOn)}` : ''}`
                    : 'No deposit recorded'}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="wrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move ${e.name} up`}
                disabled={i === 0 || reorder.isPending}
                onClick={() => reorder.mutate({ id: e.id, position: e.position - 1 })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Move ${e.name} down`}
                disabled={i === rows.length - 1 || reorder.isPending}
                onClick={() => reorder.mutate({ id: e.id, position: e.position + 1 })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <NativeSelect
                aria-label={`Move ${e.name} to another waitlist`}
                data={[{ value: '__', label: 'Move to…', disabled: true }, ...names.filter((o) => o.value !== litter)]}
                value="__"
                onChange={(ev) => move.mutate({ id: e.id, litterId: ev.currentTarget.value ? Number(ev.currentTarget.value) : null })}
                w={170}
              />
              <Button size="sm" onClick={() => setMatching(e)}>
                Match to a puppy
              </Button>
            </Group>
          </Group>
        )}
      </SortableList>
      {matching && (
        <MatchDialog
          entry={matching}
          onClose={() => setMatching(null)}
          onMatched={(puppy) => setMatched({ family: matching.name, puppy })}
        />
      )}
    </Stack>
  );
}

function MatchDialog({ entry, onClose, onMatched }: { entry: WaitlistEntryDto; onClose: () => void; onMatched: (puppy: string) => void }) {
  const puppies = useQuery(trpc.admin.puppies.list.queryOptions({ status: 'available' }));
  const [puppyId, setPuppyId] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const match = useMutation(
    trpc.admin.applications.match.mutationOptions({
      onSuccess: async (saved) => {
        notifySaved('Matched', `${saved.puppy?.name ?? 'The puppy'} is reserved for ${entry.name}. Find them under Families.`);
        await invalidate();
        onMatched(saved.puppy?.name ?? 'their puppy');
        onClose();
      },
      onError: (e) => {
        setError(e.message);
        notifyFailed('Could not match', e);
      },
    }),
  );
  const options = [
    { value: '', label: 'Choose a puppy…', disabled: true },
    ...(puppies.data?.items ?? []).map((p) => ({ value: String(p.id), label: `${p.name}${p.litterName ? ` (${p.litterName})` : ''}` })),
  ];
  return (
    <Modal opened onClose={onClose} title={`Match ${entry.name} to a puppy`}>
      <form
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          if (!puppyId) return setError('Choose a puppy.');
          match.mutate({ id: entry.id, puppyId: Number(puppyId), message });
        }}
      >
        <Stack>
          <Title order={3} size="h6">
            The puppy becomes reserved on the site (without the family&apos;s name), and the family is e-mailed.
          </Title>
          <NativeSelect
            label="Available puppy"
            data={options}
            value={puppyId}
            onChange={(e) => setPuppyId(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Textarea
            label="Message to the family (optional)"
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={match.isPending}>
              Match and reserve
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
