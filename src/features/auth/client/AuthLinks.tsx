// Header links by role (SPEC §2): Login for visitors who are not signed in (issue 29), Admin for admins. A signed-in family's name,
// its portal and Logout are grouped in one account menu (a plain list in the phone menu).
import { lazy, Suspense } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthUser } from '../auth.schema.ts';
import { useAuth } from './auth-context.ts';
import { useLogout } from './use-logout.ts';
import { currentUserQuery } from './current-user.ts';
import { nameOf } from './account-name.ts';
import { UnreadBadge } from './UnreadBadge.tsx';

// Only a signed-in family sees the menu: its code, with the floating dropdown's positioning library, loads
// when it is needed instead of with every visitor's first view.
const loadAccountMenu = () => import('./AccountMenu.tsx');
const LazyAccountMenu = lazy(loadAccountMenu);
let LoadedAccountMenu: Awaited<ReturnType<typeof loadAccountMenu>>['default'] | null = null;

/**
 * Before the browser hydrates a page the server rendered for a signed-in family: loads the account menu's
 * code, so the menu the server drew is hydrated as it is (a part still loading during hydration is thrown
 * away and drawn again, and the header's links jump).
 */
export async function loadAccountMenuFor(queryClient: QueryClient): Promise<void> {
  const user = queryClient.getQueryData<AuthUser | null>(currentUserQuery.queryKey);
  if (user && !user.isAdmin) LoadedAccountMenu = (await loadAccountMenu()).default;
}

function AccountMenu({ user, unread }: { user: AuthUser; unread: number }) {
  return LoadedAccountMenu ? <LoadedAccountMenu user={user} unread={unread} /> : <LazyAccountMenu user={user} unread={unread} />;
}

function LogoutLink({ onNavigate }: { onNavigate?: () => void }) {
  const { run, isLoggingOut } = useLogout(onNavigate);
  return (
    <Anchor component="button" type="button" underline="hover" disabled={isLoggingOut} onClick={run}>
      Logout
    </Anchor>
  );
}

/** Phone menu: the same account links as a list, each closing the menu. */
function AccountList({ user, unread, onNavigate }: { user: AuthUser; unread: number; onNavigate: () => void }) {
  return (
    <Stack gap={6} role="group" aria-label="Account">
      {/* A long name without spaces wraps inside the phone's menu instead of running off a 320 px screen. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Signed in as <strong>{nameOf(user)}</strong>
      </Text>
      <Anchor component={Link} to="/account" underline="hover" onClick={onNavigate}>
        My Family{unread > 0 && <UnreadBadge unread={unread} />}
      </Anchor>
      <Anchor component={Link} to="/questionnaire" underline="hover" onClick={onNavigate}>
        Family Questionnaire
      </Anchor>
      <LogoutLink onNavigate={onNavigate} />
    </Stack>
  );
}

/** unread: the family's messages from the breeder it has not read yet (the app reads them; 0 for a visitor). */
export function AuthLinks({ onNavigate, unread = 0 }: { onNavigate?: () => void; unread?: number }) {
  const { user } = useAuth();
  return (
    <>
      {!user && (
        <Anchor component={Link} to="/auth" underline="hover" onClick={onNavigate}>
          Login
        </Anchor>
      )}
      {/* The phone menu signed out: where a new family starts, beside Login (issue 45). */}
      {!user && onNavigate && (
        <Anchor component={Link} to="/questionnaire" underline="hover" onClick={onNavigate}>
          Family Questionnaire
        </Anchor>
      )}
      {user?.isAdmin && (
        <>
          <Anchor component={Link} to="/admin" underline="hover" onClick={onNavigate}>
            Admin
          </Anchor>
          <LogoutLink onNavigate={onNavigate} />
        </>
      )}
      {user &&
        !user.isAdmin &&
        (onNavigate ? (
          <AccountList user={user} unread={unread} onNavigate={onNavigate} />
        ) : (
          <Suspense fallback={null}>
            <AccountMenu user={user} unread={unread} />
          </Suspense>
        ))}
    </>
  );
}
