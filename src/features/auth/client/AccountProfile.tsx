// The signed-in user's profile on /account: name and e-mail, password change, and deleting the account.
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import { useState, type ReactNode } from 'react';
import { Button, Card, Group, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { PageSpinner } from '../../../lib/client/PageSpinner.tsx';
import { errorMessage, fieldErrorsOf, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { ChangePasswordSchema, DeleteAccountSchema, PASSWORD_MIN, UpdateProfileSchema, type ProfileDto } from '../auth.schema.ts';
import { currentUserQuery } from './current-user.ts';

const firstErrors = (error: unknown) => Object.fromEntries(Object.entries(fieldErrorsOf(error) ?? {}).map(([k, v]) => [k, v[0]]));
const failed = (error: unknown) =>
  toast({ title: 'Could not save', message: errorMessage(error, 'Please try again.'), variant: 'destructive' });

function ProfileForm({ profile }: { profile: ProfileDto }) {
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { displayName: profile.displayName ?? '', email: profile.pendingEmail ?? profile.email ?? '' },
    validate: schemaResolver(UpdateProfileSchema, { sync: true }),
  });
  const save = useMutation(trpc.auth.updateProfile.mutationOptions());
  return (
    <form
      noValidate
      aria-label="Profile"
      onSubmit={form.onSubmit(async (values) => {
        try {
          const next = await save.mutateAsync(values);
          queryClient.setQueryData(trpc.auth.profile.queryKey(), next);
          await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
          form.resetDirty();
          toast({ title: 'Profile saved', variant: 'success' });
        } catch (error) {
          form.setErrors(firstErrors(error));
          failed(error);
        }
      })}
    >
      <Stack gap="sm">
        <Text size="sm">
          Username: <strong>{profile.username}</strong>
        </Text>
        <TextInput
          label="Your name"
          description="How we greet you, e.g. The Parkers"
          autoComplete="name"
          key={form.key('displayName')}
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          description={
            profile.pendingEmail
              ? `Not verified yet: open the link we sent to ${profile.pendingEmail}.${profile.email ? ` Until then we write to ${profile.email}.` : ''}`
              : profile.email
                ? 'Verified. Where we send news about your application and puppy updates'
                : 'Where we send news about your application and puppy updates; we send a link to confirm it'
          }
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: schemaResolver(ChangePasswordSchema, { sync: true }),
  });
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit(async (values) => {
        try {
          await change.mutateAsync(values);
          form.reset();
          toast({ title: 'Password changed', message: 'You were signed out everywhere else.', variant: 'success' });
        } catch (error) {
          form.setErrors(firstErrors(error));
          failed(error);
        }
      })}
    >
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          withAsterisk
          key={form.key('newPassword')}
          {...form.getInputProps('newPassword')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', confirm: '' },
    validate: schemaResolver(DeleteAccountSchema, { sync: true }),
  });
  const remove = useMutation(trpc.auth.deleteAccount.mutationOptions());
  return (
    <>
      <Text size="sm">
        Deleting your account removes your profile, documents and checklist for good. We keep only a note that an account was deleted.
      </Text>
      <Group mt="sm">
        <Button color="red" variant="outline" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered>
        <form
          noValidate
          aria-label="Delete account"
          onSubmit={form.onSubmit(async (values) => {
            try {
              await remove.mutateAsync({ currentPassword: values.currentPassword, confirm: 'DELETE' });
              queryClient.setQueryData(currentUserQuery.queryKey, null);
              toast({ title: 'Your account was deleted', variant: 'success' });
              await router.navigate({ to: '/' });
            } catch (error) {
              form.setErrors(firstErrors(error));
            }
          })}
        >
          <Stack gap="sm">
            <Text size="sm">This cannot be undone.</Text>
            <Text size="sm">
              A contract you signed and the payments you made are legal and accounting records: the breeder keeps them, with your name and
              e-mail address as they were, and only she can open them.
            </Text>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              data-autofocus
              key={form.key('currentPassword')}
              {...form.getInputProps('currentPassword')}
            />
            <TextInput
              label="Type DELETE to confirm"
              autoComplete="off"
              withAsterisk
              key={form.key('confirm')}
              {...form.getInputProps('confirm')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** `extra` holds settings other features add to the profile (the portal's e-mail switch). */
export function AccountProfile({ extra }: { extra?: ReactNode }) {
  const profile = useQuery(trpc.auth.profile.queryOptions());
  if (profile.error) return <Text c="red">{errorMessage(profile.error, 'Could not load your profile.')}</Text>;
  if (!profile.data) return <PageSpinner />;
  return (
    <Stack gap="lg">
      <Section title="Profile">
        <ProfileForm profile={profile.data} />
        {extra && <Stack mt="md">{extra}</Stack>}
      </Section>
      <Section title="Password">
        <PasswordForm />
      </Section>
      <Section title="Delete account">
        <DeleteAccount />
      </Section>
    </Stack>
  );
}
