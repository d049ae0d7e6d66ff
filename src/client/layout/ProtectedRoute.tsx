// The route guard of SPEC §2: spinner while the user loads, /auth for visitors, Access Denied for non-admins.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { PageSpinner } from '../../lib/client/PageSpinner.tsx';
import { useAuth } from '../../features/auth/client/auth-context.ts';

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

export function ProtectedRoute({ children, requireAdmin = true }: { children: ReactNode; requireAdmin?: boolean }) {
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Where to come back to after login: the guarded page as first rendered (the location changes
  // to /auth while this component is still mounted, which must not start another redirect).
  const [redirectTo] = useState(location.href);
  const redirected = useRef(false);

  useEffect(() => {
    if (!isLoading && !user && !redirected.current) {
      redirected.current = true;
      void navigate({ to: '/auth', search: { redirect: redirectTo }, replace: true });
    }
  }, [isLoading, user, navigate, redirectTo]);

  if (isLoading || !user) return <PageSpinner />;
  if (requireAdmin && !user.isAdmin) return <AccessDenied />;
  return <>{children}</>;
}
