// The go-home checklist: the breeder's items, each family ticking its own.
import '@mantine/core/styles/Checkbox.layer.css';
import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import type { ChecklistEntryDto } from '../portal.schema.ts';

export function GoHomeChecklist({ items }: { items: ChecklistEntryDto[] }) {
  const queryClient = useQueryClient();
  const key = trpc.portal.checklist.queryKey();
  const tick = useMutation(
    trpc.portal.tick.mutationOptions({
      // The tick shows at once; a refusal puts it back.
      onMutate: async (v) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData(key);
        queryClient.setQueryData(key, (list) => list?.map((i) => (i.id === v.itemId ? { ...i, done: v.done } : i)));
        return { previous };
      },
      // With two ticks in flight, the first answer would undo the second's optimistic tick: only the
      // last answer to arrive replaces the list.
      onSuccess: (next) => {
        if (queryClient.isMutating({ mutationKey: trpc.portal.tick.mutationKey() }) <= 1) queryClient.setQueryData(key, next);
      },
      onError: (error, _v, context) => {
        queryClient.setQueryData(key, context?.previous);
        toast({ title: 'Could not save', message: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );
  const done = items.filter((i) => i.done).length;
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3">
        Go-home checklist
      </Title>
      {items.length === 0 ? (
        <Text mt="xs" c="dimmed">
          Our checklist for pickup day will appear here.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mt={4} aria-live="polite">
            {done} of {items.length} done
          </Text>
          <Stack gap="sm" mt="sm" role="group" aria-label="Go-home checklist">
            {items.map((item) => (
              <Checkbox
                key={item.id}
                label={item.label}
                checked={item.done}
                onChange={(e) => tick.mutate({ itemId: item.id, done: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
