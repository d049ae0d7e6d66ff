// The route guard of SPEC §2: a route's beforeLoad waits for the current user (the router shows its
// spinner meanwhile) and sends visitors to /auth; signed-in non-admins see Access Denied.
import type { ReactNode } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../../lib/client/PageSpinner.tsx';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { currentUserQuery } from '../../features/auth/client/current-user.ts';

export function AccessDenied() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Access Denied</Title>
        <Text ta="center">You need administrator privileges to access this page.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}

/** For a route's beforeLoad: resolves with the signed-in user, or redirects to /auth and back here after. */
export async function requireUser({ context, location }: { context: { queryClient: QueryClient }; location: ParsedLocation }) {
  const user = await context.queryClient.ensureQueryData(currentUserQuery);
  if (!user) throw redirect({ to: '/auth', search: { redirect: location.href }, replace: true });
  return { user };
}

/** Renders its children for an admin (or any signed-in user when requireAdmin is off). */
export function Protected({ children, requireAdmin = true }: { children: ReactNode; requireAdmin?: boolean }) {
  const { user } = useAuth();
  // Only between a sign-out and the guard running again.
  if (!user) return <PageSpinner />;
  if (requireAdmin && !user.isAdmin) return <AccessDenied />;
  return <>{children}</>;
}
