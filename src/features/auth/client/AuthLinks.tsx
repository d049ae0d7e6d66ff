// Header links by role (SPEC §2): Login unless an admin, Admin for admins. A signed-in family's name,
// its portal and Logout are grouped in one account menu (a plain list in the phone menu).
import { Anchor, Button, Menu, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconClipboardText, IconHome, IconLogout } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import type { AuthUser } from '../auth.schema.ts';
import { useAuth } from './auth-context.ts';

/** The name a family chose, or its username. */
export function nameOf(user: AuthUser): string {
  return user.displayName?.trim() || user.username;
}

function useLogout(onNavigate?: () => void) {
  const { logout, isLoggingOut } = useAuth();
  const router = useRouter();
  const run = () => {
    onNavigate?.();
    // Route guards run again: a page that needs a user sends the visitor to /auth.
    void logout()
      .then(() => router.invalidate())
      .catch(() => {});
  };
  return { run, isLoggingOut };
}

function LogoutLink({ onNavigate }: { onNavigate?: () => void }) {
  const { run, isLoggingOut } = useLogout(onNavigate);
  return (
    <Anchor component="button" type="button" underline="hover" disabled={isLoggingOut} onClick={run}>
      Logout
    </Anchor>
  );
}

/** Desktop: the family's name opens a menu with My Family (/account), the questionnaire and Logout. */
function AccountMenu({ user }: { user: AuthUser }) {
  const { run, isLoggingOut } = useLogout();
  return (
    // No focus placeholder: a focusable "presentation" element is not an allowed child of a menu (axe).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" size="compact-md" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={`Account: ${nameOf(user)}`}>
          {nameOf(user)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account" leftSection={<IconHome size={16} aria-hidden />}>
          My Family
        </Menu.Item>
        <Menu.Item component={Link} to="/questionnaire" leftSection={<IconClipboardText size={16} aria-hidden />}>
          Family Questionnaire
        </Menu.Item>
        <Menu.Divider role="separator" />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} disabled={isLoggingOut} onClick={run}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Phone menu: the same account links as a list, each closing the menu. */
function AccountList({ user, onNavigate }: { user: AuthUser; onNavigate: () => void }) {
  return (
    <Stack gap={6} role="group" aria-label="Account">
      <Text size="sm">
        Signed in as <strong>{nameOf(user)}</strong>
      </Text>
      <Anchor component={Link} to="/account" underline="hover" onClick={onNavigate}>
        My Family
      </Anchor>
      <Anchor component={Link} to="/questionnaire" underline="hover" onClick={onNavigate}>
        Family Questionnaire
      </Anchor>
      <LogoutLink onNavigate={onNavigate} />
    </Stack>
  );
}

export function AuthLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  return (
    <>
      {!user?.isAdmin && (
        <Anchor component={Link} to="/auth" underline="hover" onClick={onNavigate}>
          Login
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
      {user && !user.isAdmin && (onNavigate ? <AccountList user={user} onNavigate={onNavigate} /> : <AccountMenu user={user} />)}
    </>
  );
}
