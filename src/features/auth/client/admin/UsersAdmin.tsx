// Users: list, promote or demote administrators (never the last one), reset a password.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { useAdminForm } from '../../../../lib/client/admin/AdminForm.tsx';
import { ConfirmDeleteModal, ItemCard, Meta } from '../../../../lib/client/admin/ListParts.tsx';
import { DateText } from '../../../../lib/client/admin/Dates.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { ResetPasswordSchema, type AdminUserDto } from '../../auth.schema.ts';

export function UsersAdmin() {
  const [changing, setChanging] = useState<AdminUserDto | null>(null);
  const [resetting, setResetting] = useState<AdminUserDto | null>(null);
  const invalidate = useInvalidate();
  const setAdmin = useMutation(
    trpc.admin.users.setAdmin.mutationOptions({
      onSuccess: async (u) => {
        notifySaved(
          u.isAdmin ? 'Administrator added' : 'Administrator removed',
          `${u.username} ${u.isAdmin ? 'is now an administrator' : 'is no longer an administrator'}.`,
        );
        setChanging(null);
        await invalidate();
      },
      onError: (e) => {
        setChanging(null);
        notifyFailed('Could not change the role', e);
      },
    }),
  );
  const role = (u: AdminUserDto) => (u.isAdmin ? 'Remove admin' : 'Make admin');

  return (
    <>
      <AdminList
        noun={['user', 'users']}
        queryOptions={(input) => trpc.admin.users.list.queryOptions(input)}
        search={{ label: 'Search users', placeholder: 'Name, username or e-mail' }}
        renderItem={(u) => (
          <ItemCard
            title={u.name ?? u.username}
            badges={
              <>
                {u.isAdmin && <ToneBadge tone="blue">Administrator</ToneBadge>}
                <EmailBadge user={u} />
              </>
            }
            actions={
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setChanging(u)} aria-label={`${role(u)}: ${u.username}`}>
                  {role(u)}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setResetting(u)} aria-label={`Reset password of ${u.username}`}>
                  Reset password
                </Button>
              </Group>
            }
          >
            <Meta>
              {u.name ? `Username ${u.username} · ` : ''}Joined <DateText iso={u.createdAt} />
            </Meta>
            <Meta>{emailLine(u)}</Meta>
          </ItemCard>
        )}
      />
      <ConfirmDeleteModal
        opened={changing !== null}
        title={changing?.isAdmin ? 'Remove administrator rights?' : 'Make this user an administrator?'}
        confirmLabel={changing ? role(changing) : undefined}
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

/** Whether the site's e-mails can reach this account (decision 108: only a verified address receives them). */
function EmailBadge({ user }: { user: AdminUserDto }) {
  if (user.email) return <ToneBadge tone="green">E-mail verified</ToneBadge>;
  if (user.pendingEmail) return <ToneBadge tone="yellow">E-mail not verified</ToneBadge>;
  return <ToneBadge tone="gray">No e-mail</ToneBadge>;
}

function emailLine(u: AdminUserDto): string {
  const pending = u.pendingEmail ? `${u.pendingEmail} (waiting for verification)` : null;
  if (u.email) return `E-mail: ${u.email} (verified)${pending ? ` · new address ${pending}` : ''}`;
  return pending ? `E-mail: ${pending}; nothing is sent to it until the family opens the link we sent` : 'E-mail: none given';
}

function ResetPasswordModal({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const { form, submit, saving } = useAdminForm({
    dirtyKey: null,
    initialValues: { password: '' },
    schema: ResetPasswordSchema,
    toInput: (v) => ({ id: user.id, ...v }),
    save: (input) => trpcClient.admin.users.resetPassword.mutate(input),
    saved: () => ['Password reset', `${user.username} can sign in with the new password. Their other sessions were signed out.`],
    failed: 'Could not reset the password',
    onSaved: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={`Reset the password of ${user.username}`} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            description="At least 10 characters, not a common password. Tell the user in person or by phone."
            autoComplete="new-password"
            required
            data-autofocus
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Set new password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
