// Header links by role (SPEC §2): Login unless an admin, Admin for admins, and Logout for anyone signed in.
import { Anchor } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useAuth } from './auth-context.ts';

export function AuthLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout, isLoggingOut } = useAuth();
  const router = useRouter();
  return (
    <>
      {!user?.isAdmin && (
        <Anchor component={Link} to="/auth" onClick={onNavigate}>
          Login
        </Anchor>
      )}
      {user?.isAdmin && (
        <Anchor component={Link} to="/admin" onClick={onNavigate}>
          Admin
        </Anchor>
      )}
      {user && (
        <Anchor
          component="button"
          type="button"
          disabled={isLoggingOut}
          onClick={() => {
            onNavigate?.();
            // Route guards run again: a page that needs a user sends the visitor to /auth.
            void logout()
              .then(() => router.invalidate())
              .catch(() => {});
          }}
        >
          Logout
        </Anchor>
      )}
    </>
  );
}
