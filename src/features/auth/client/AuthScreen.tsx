// The /auth screen: Login and Register tabs with the shared account rules, then back to where the visitor came from.
import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Container, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useRouterState } from '@tanstack/react-router';
import { fieldErrorsOf } from '../../../lib/client/trpc.ts';
import { LoginSchema, PASSWORD_MIN, RegisterFormSchema, USERNAME_MAX, USERNAME_MIN, type AuthUser } from '../auth.schema.ts';
import { useAuth } from './auth-context.ts';

type Tab = 'login' | 'register';

/** The server's field messages (e.g. a taken username) shown on the matching inputs. */
function serverFieldErrors(error: unknown): Record<string, string | undefined> {
  const fields = fieldErrorsOf(error) ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]]));
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const { login, isLoggingIn } = useAuth();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(LoginSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      aria-label="Login"
      onSubmit={form.onSubmit(async (values) => {
        try {
          await login(values);
          onDone();
        } catch (error) {
          form.setErrors(serverFieldErrors(error));
        }
      })}
    >
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={isLoggingIn} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
}

function RegisterForm({ onDone, email = '' }: { onDone: () => void; email?: string }) {
  const { register, isRegistering } = useAuth();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', email, password: '', confirmPassword: '' },
    validate: schemaResolver(RegisterFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  return (
    <form
      noValidate
      aria-label="Register"
      onSubmit={form.onSubmit(async ({ username, email, password }) => {
        try {
          await register({ username, email, password });
          onDone();
        } catch (error) {
          form.setErrors(serverFieldErrors(error));
        }
      })}
    >
      <Stack gap="md">
        <TextInput
          label="Username"
          description={`${USERNAME_MIN}–${USERNAME_MAX} characters: letters, digits, '.', '_' or '-'`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Email"
          type="email"
          description="We send a link to confirm it; your application and puppy updates go here."
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          description={`At least ${PASSWORD_MIN} characters; not your username or a common password`}
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={isRegistering} fullWidth>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}

function SignedIn({ user, onContinue }: { user: AuthUser; onContinue: () => void }) {
  const { logout, isLoggingOut } = useAuth();
  const name = user.displayName?.trim() || user.username;
  return (
    <Stack gap="md">
      <Text>
        You are signed in as <strong>{name}</strong>
        {name !== user.username && <> ({user.username})</>}.
      </Text>
      <Button onClick={onContinue}>Continue</Button>
      {!user.isAdmin && (
        <>
          <Button component={Link} to="/account" variant="light">
            My Family
          </Button>
          <Button component={Link} to="/questionnaire" variant="light">
            Family Questionnaire
          </Button>
        </>
      )}
      <Button variant="default" loading={isLoggingOut} onClick={() => void logout().catch(() => {})}>
        Logout
      </Button>
    </Stack>
  );
}

export function AuthScreen({ onAuthenticated }: { onAuthenticated: (user: AuthUser) => void }) {
  const { user, isLoading } = useAuth();
  // Sent here by the questionnaire's "Sign in to send": the e-mail the family typed there, and the form that takes it.
  const handedEmail: unknown = useRouterState({ select: (s) => (s.location.state as { email?: unknown } | undefined)?.email as unknown });
  const email = typeof handedEmail === 'string' ? handedEmail.slice(0, 254) : '';
  const [tab, setTab] = useState<Tab>(email ? 'register' : 'login');
  // Leave only once the provider shows the new user: the next screen (e.g. the /admin guard) reads it
  // from there, and query updates reach components a tick after the mutation resolves.
  const [justSignedIn, setJustSignedIn] = useState(false);
  const left = useRef(false);
  useEffect(() => {
    if (justSignedIn && user && !left.current) {
      left.current = true;
      onAuthenticated(user);
    }
  }, [justSignedIn, user, onAuthenticated]);
  const signedIn = () => setJustSignedIn(true);
  return (
    <Container size={460} py={60}>
      <Title order={1} ta="center" mb="xs">
        Welcome
      </Title>
      <Text ta="center" mb="lg">
        Sign in to your account, or create one.
      </Text>
      <Paper withBorder shadow="sm" p="lg" radius="md">
        {!isLoading && user ? (
          <SignedIn user={user} onContinue={() => onAuthenticated(user)} />
        ) : (
          <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'login')}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="login">Login</Tabs.Tab>
              <Tabs.Tab value="register">Register</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login">
              <LoginForm onDone={signedIn} />
            </Tabs.Panel>
            <Tabs.Panel value="register">
              <RegisterForm onDone={signedIn} email={email} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Paper>
      <Text ta="center" mt="lg" size="sm">
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Text>
    </Container>
  );
}
