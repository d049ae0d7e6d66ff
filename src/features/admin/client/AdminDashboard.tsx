// The admin dashboard at /admin: a Mantine AppShell with one screen per area of the site. Made for a
// phone as much as a laptop: on small screens the navigation folds behind a menu button.
import { useState, type ComponentType, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAddressBook,
  IconDog,
  IconHeartHandshake,
  IconHome,
  IconInbox,
  IconMessageStar,
  IconPaw,
  IconPhoto,
  IconSettings,
  IconUsers,
} from '@tabler/icons-react';
import { trpc } from '../../../lib/client/trpc.ts';
import { ADMIN_SECTIONS, SECTION_LABELS, type AdminSection } from './sections.ts';
import { UnsavedChangesProvider, useUnsavedChanges } from './UnsavedChanges.tsx';
import { OverviewAdmin } from './OverviewAdmin.tsx';
import { PuppiesAdmin } from './PuppiesAdmin.tsx';
import { LittersAdmin } from './LittersAdmin.tsx';
import { ParentsAdmin } from './ParentsAdmin.tsx';
import { GalleryAdmin } from './GalleryAdmin.tsx';
import { TestimonialsAdmin } from './TestimonialsAdmin.tsx';
import { InboxAdmin } from './InboxAdmin.tsx';
import { SubscribersAdmin } from './SubscribersAdmin.tsx';
import { SettingsAdmin } from './SettingsAdmin.tsx';
import { UsersAdmin } from './UsersAdmin.tsx';

const ICONS: Record<AdminSection, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  overview: IconHome,
  puppies: IconPaw,
  litters: IconHeartHandshake,
  parents: IconDog,
  gallery: IconPhoto,
  testimonials: IconMessageStar,
  inbox: IconInbox,
  subscribers: IconAddressBook,
  settings: IconSettings,
  users: IconUsers,
};

const SCREENS: Record<Exclude<AdminSection, 'overview'>, ComponentType> = {
  puppies: PuppiesAdmin,
  litters: LittersAdmin,
  parents: ParentsAdmin,
  gallery: GalleryAdmin,
  testimonials: TestimonialsAdmin,
  inbox: InboxAdmin,
  subscribers: SubscribersAdmin,
  settings: SettingsAdmin,
  users: UsersAdmin,
};

const AS_DIV = { component: 'div' } as object;
/** Descriptions and hints use Mantine's dimmed colour, too light for WCAG AA on white: darken it here. */
const DASHBOARD_VARS = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties;

export function AdminDashboard() {
  return (
    <UnsavedChangesProvider>
      <Dashboard />
    </UnsavedChangesProvider>
  );
}

function Dashboard() {
  const [section, setSection] = useState<AdminSection>('overview');
  const [navOpen, nav] = useDisclosure(false);
  const { confirmDiscard } = useUnsavedChanges();
  const unread = useQuery(trpc.admin.inquiries.unreadCount.queryOptions());
  const unreadCount = unread.data?.unread ?? 0;

  const go = async (next: AdminSection) => {
    nav.close();
    if (next === section) return;
    if (!(await confirmDiscard())) return;
    setSection(next);
    window.scrollTo({ top: 0 });
    document.getElementById('admin-main')?.focus({ preventScroll: true });
  };

  const Screen = section === 'overview' ? null : SCREENS[section];

  return (
    <AppShell
      mode="static"
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="md"
      style={{ minHeight: 'calc(100dvh - 64px)', ...DASHBOARD_VARS }}
      data-admin-dashboard
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={navOpen} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={navOpen ? 'Close dashboard menu' : 'Open dashboard menu'} aria-controls="admin-nav" aria-expanded={navOpen} />
            <Title order={1} size="h3">
              Admin Dashboard
            </Title>
          </Group>
          <Text size="sm" fw={600} c="gray.7" hiddenFrom="sm" aria-hidden>
            {SECTION_LABELS[section]}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" id="admin-nav" aria-label="Dashboard sections">
        <ScrollArea type="auto">
          <div>
            {ADMIN_SECTIONS.map((s) => {
              const Icon = ICONS[s];
              const showCount = s === 'inbox' && unreadCount > 0;
              return (
                <NavLink
                  key={s}
                  component="button"
                  type="button"
                  label={SECTION_LABELS[s]}
                  leftSection={<Icon size={18} aria-hidden />}
                  rightSection={
                    showCount ? (
                      <Badge size="sm" color="red" circle={unreadCount < 10}>
                        {unreadCount}
                        <VisuallyHidden> unread</VisuallyHidden>
                      </Badge>
                    ) : undefined
                  }
                  active={section === s}
                  aria-current={section === s ? 'page' : undefined}
                  onClick={() => void go(s)}
                />
              );
            })}
          </div>
        </ScrollArea>
      </AppShell.Navbar>
      {/* A div, not a second <main>: the site layout already has the page's main landmark. */}
      <AppShell.Main id="admin-main" tabIndex={-1} style={{ outline: 'none', minWidth: 0 }} {...AS_DIV}>
        {Screen ? <Screen /> : <OverviewAdmin go={(s) => void go(s)} />}
      </AppShell.Main>
    </AppShell>
  );
}
