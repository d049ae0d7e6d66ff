// The signed-in family's account menu in the desktop header, loaded on demand (see AuthLinks), with
// the styles of its dropdown (a public page carries only the Mantine parts it shows itself).
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconClipboardText, IconHome, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AuthUser } from '../auth.schema.ts';
import { nameOf } from './account-name.ts';
import { useLogout } from './use-logout.ts';
import { UnreadBadge } from './UnreadBadge.tsx';

/**
 * Desktop: the family's name opens a menu with My Family (/account), the questionnaire and Logout. Where the
 * header is compact (768–1279 px) the button shows only its icon (the header hides [data-account-name]); its
 * accessible name stays 'Account: {name}'.
 */
export default function AccountMenu({ user, unread = 0 }: { user: AuthUser; unread?: number }) {
  const { run, isLoggingOut } = useLogout();
  return (
    // No focus placeholder: a focusable "presentation" element is not an allowed child of a menu (axe).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          leftSection={<IconUserCircle size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Account: ${nameOf(user)}${unread > 0 ? `, ${unread} unread ${unread === 1 ? 'message' : 'messages'}` : ''}`}
          data-account-menu=""
          style={{ position: 'relative', overflow: 'visible' }}
        >
          {/* A dot drawn over the button's corner, so nothing in the bar moves when it comes. */}
          {unread > 0 && <span data-unread-dot="" aria-hidden="true" />}
          {/* The whole name, ended in "…" past 12 characters by the header's CSS: the visible text stays the words of the button's
              accessible name (axe's label-in-name), and a 30-character name does not push the bar off a 1280 px screen. */}
          <span data-account-name="" data-ellipsis="">
            {nameOf(user)}
          </span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account" leftSection={<IconHome size={16} aria-hidden />}>
          My Family{unread > 0 && <UnreadBadge unread={unread} />}
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
