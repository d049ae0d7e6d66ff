// Users: list, promote or demote administrators (never the last one), reset a password.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { trpc } from '../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { ResetPasswordSchema, type AdminUserDto } from '../../auth/auth.schema.ts';
import { applyServerErrors, focusFirstInvalid, formatDate, notifyFailed, notifySaved, useInvalidate, zodValidate } from './admin-utils.ts';
import { ConfirmDeleteModal, EmptyState, Pager, QueryState } from './ListParts.tsx';
import { SectionHeader } from './Section.tsx';

export function UsersAdmin() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useQuery(trpc.admin.users.list.queryOptions({ page, search: debounced || undefined }));
  const [changing, setChanging] = useState<AdminUserDto | null>(null);
  const [resetting, setResetting] = useState<AdminUserDto | null>(null);
  const invalidate = useInvalidate();
  const setAdmin = useMutation(
    trpc.admin.users.setAdmin.mutationOptions({
      onSuccess: async (u) => {
        notifySaved(u.isAdmin ? 'Administrator added' : 'Administrator removed', `${u.username} ${u.isAdmin ? 'is now an administrator' : 'is no longer an administrator'}.`);
        setChanging(null);
        await invalidate();
      },
      onError: (e) => {
        setChanging(null);
        notifyFailed('Could not change the role', e);
      },
    }),
  );

  return (
    <>
      <SectionHeader title="Users" />
      <TextInput
        label="Search users"
        placeholder="Username"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        mb="md"
        maw={360}
      />
      <QueryState query={query} what="users" />
      {query.data && query.data.items.length === 0 && <EmptyState>{debounced ? 'No users match this search.' : 'No users yet.'}</EmptyState>}
      {query.data && query.data.items.length > 0 && (
        <>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Users">
            {query.data.items.map((u) => (
              <Paper component="li" key={u.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={500}>{u.username}</Text>
                      {u.isAdmin && (
                        <ToneBadge tone="blue">
                          Administrator
                        </ToneBadge>
                      )}
                    </Group>
                    <Text size="sm" c="gray.7">
                      Joined {formatDate(u.createdAt)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setChanging(u)} aria-label={`${u.isAdmin ? 'Remove admin' : 'Make admin'}: ${u.username}`}>
                      {u.isAdmin ? 'Remove admin' : 'Make admin'}
                    </Button>
                    <Button size="xs" variant="subtle" onClick={() => setResetting(u)} aria-label={`Reset password of ${u.username}`}>
                      Reset password
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Pager page={page} total={query.data.total} onChange={setPage} label="Users" />
        </>
      )}
      <ConfirmDeleteModal
        opened={changing !== null}
        title={changing?.isAdmin ? 'Remove administrator rights?' : 'Make this user an administrator?'}
        confirmLabel={changing?.isAdmin ? 'Remove admin' : 'Make admin'}
        loading={setAdmin.isPending}
        onClose={() => setChanging(null)}
        onConfirm={() => changing && setAdmin.mutate({ id: changing.id, isAdmin: !changing.isAdmin })}
      >
        {changing?.isAdmin
          ? `${changing.username} will no longer be able to open the dashboard.`
          : `${changing?.username} will be able to change everything on the site, including other users.`}
      </ConfirmDeleteModal>
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
    </>
  );
}

function ResetPasswordModal({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: zodValidate(ResetPasswordSchema, (v: { password: string }) => ({ id: user.id, ...v })),
  });
  const reset = useMutation(
    trpc.admin.users.resetPassword.mutationOptions({
      onSuccess: () => {
        notifySaved('Password reset', `${user.username} can sign in with the new password. Their other sessions were signed out.`);
        onClose();
      },
      onError: (e) => {
        applyServerErrors(form, e);
        notifyFailed('Could not reset the password', e);
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Reset the password of ${user.username}`} centered>
      <form onSubmit={form.onSubmit((v) => reset.mutate({ id: user.id, password: v.password }), focusFirstInvalid)} noValidate>
        <Stack>
          <PasswordInput label="New password" description="At least 10 characters, not a common password. Tell the user in person or by phone." autoComplete="new-password" required data-autofocus {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={reset.isPending}>
              Set new password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
