// The pieces every admin list shares: loading, error and empty states, a pager past 50 rows, a delete
// confirmation, and the row card with its edit and delete buttons.
import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Modal, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconEdit, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../trpc.ts';
import { pageCount } from '../../shared/paging.ts';
import { Thumb } from './Thumb.tsx';

export interface QueryLike {
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
        <Loader role="status" aria-label={`Loading ${what}`} />
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
        <Text c="dimmed" ta="center">
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** `capped`: there are more than `total` rows (the server stopped counting): one page more is offered. */
export function Pager({
  page,
  total,
  capped,
  onChange,
  label,
}: {
  page: number;
  total: number;
  capped?: boolean;
  onChange: (page: number) => void;
  label: string;
}) {
  const pages = pageCount(total) + (capped ? 1 : 0);
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
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
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

export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete?: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      {onEdit && (
        <ActionIcon variant="subtle" size="lg" onClick={onEdit} aria-label={`Edit ${name}`}>
          <IconEdit size={18} aria-hidden />
        </ActionIcon>
      )}
      {onDelete && (
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onDelete} aria-label={`Delete ${name}`}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

interface ItemCardProps {
  /** The row's heading (level 3), and the name its edit and delete buttons use. */
  title: string;
  /** With an image column: the image's URL (a placeholder when null). */
  thumb?: string | null;
  badges?: ReactNode;
  children?: ReactNode;
  /** Edit and delete buttons for this row, named after `actionName` (the title by default); or other buttons. */
  row?: { edit: () => void; remove: () => void };
  actionName?: string;
  actions?: ReactNode;
}

/** One row of an admin list (the list supplies the list item): thumbnail, title with badges, details, actions. */
export function ItemCard({ title, thumb, badges, children, row, actionName = title, actions }: ItemCardProps) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {/* The title beside it names the picture: the thumbnail itself is decorative. */}
        {thumb !== undefined && <Thumb src={thumb} alt="" />}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {badges}
          </Group>
          {children}
        </Stack>
        {actions ?? (row && <RowActions name={actionName} onEdit={row.edit} onDelete={row.remove} />)}
      </Group>
    </Paper>
  );
}

/** A line of secondary details under a row's title. */
export function Meta({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}
