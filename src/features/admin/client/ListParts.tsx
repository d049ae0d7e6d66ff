// The pieces every admin list shares: loading, error and empty states, a pager past 50 rows, a delete confirmation.
import type { ReactNode } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/client/trpc.ts';
import { pageCount } from '../../../lib/shared/paging.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Renders the loading or error state of a query, or nothing when it has data. */
export function QueryState({ query, what }: { query: QueryLike; what: string }) {
  if (query.isPending) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Loader aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={`Could not load ${what}`} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, 'There was a problem reaching the server. Please try again.')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}

export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <Text c="gray.7" ta="center">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

export function Pager({ page, total, onChange, label }: { page: number; total: number; onChange: (page: number) => void; label: string }) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(p) => ({ 'aria-label': `${label}, page ${p}` })}
        aria-label={`${label} pages`}
      />
    </Group>
  );
}

export function ConfirmDeleteModal({
  opened,
  title,
  children,
  confirmLabel = 'Delete',
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="lg">{children}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
