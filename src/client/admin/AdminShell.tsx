// The admin dashboard around every /admin route: a Mantine AppShell whose navigation links to the
// sections. Made for a phone as much as a laptop: on small screens the navigation folds behind a menu button.
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Anchor, AppShell, Badge, Burger, Button, Group, NavLink, ScrollArea, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useAuth } from '../../features/auth/client/auth-context.ts';
import { ThemeSwitch } from '../layout/ThemeSwitch.tsx';
import { trpc } from '../../lib/client/trpc.ts';
import { UnsavedChangesProvider } from '../../lib/client/admin/UnsavedChanges.tsx';
import { MediaRulesProvider } from '../../lib/client/admin/MediaField.tsx';
import { MEDIA_RULES } from '../../features/media/client/media-rules.ts';
import { ADMIN_SECTIONS, sectionOf } from './sections.ts';
import { clearPrivateCaches, registerDashboardWorker } from './pwa.ts';
import { ensureAppHead } from '../../lib/client/admin/InstallOffer.tsx';
import { PageSpinner } from '../../lib/client/PageSpinner.tsx';

const AS_DIV = { component: 'div' } as object;

const noSubscription = () => () => {};

/**
 * False while React hydrates the page the server rendered, true from then on (and at once when the browser
 * renders the dashboard itself, after signing in). The server renders the chrome only (decision 126): a
 * section reads the device (its storage, its notifications, its queue) and its data, which the server does
 * not fetch; drawn after hydration, it cannot make the hydration differ and lose the keyboard's place.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

function LogoutButton() {
  const { logout, isLoggingOut } = useAuth();
  const router = useRouter();
  return (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={<IconLogout size={16} aria-hidden />}
      loading={isLoggingOut}
      onClick={() =>
        void logout()
          .then(clearPrivateCaches)
          .then(() => router.invalidate())
          .catch(() => {})
      }
    >
      Logout
    </Button>
  );
}

export function AdminShell({ children }: { children: ReactNode }) {
  const [navOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const unread = useQuery(trpc.admin.inquiries.unreadCount.queryOptions());
  const unreadCount = unread.data?.unread ?? 0;
  const newApplications = useQuery(trpc.admin.applications.newCount.queryOptions()).data?.unread ?? 0;
  const unreadMessages = useQuery(trpc.admin.messages.unreadCount.queryOptions()).data?.unread ?? 0;
  const main = useRef<HTMLDivElement>(null);
  const previous = useRef(current.to);
  const { user } = useAuth();
  const settings = useQuery(trpc.settings.get.queryOptions());
  const siteName = settings.data?.breederName ?? 'Mini Goldendoodles';
  const hydrated = useHydrated();

  // Installable, and readable offline (issue 34): the service worker is the dashboard's alone.
  // The manifest is in the head even after a client-side move here (signing in), and Today can offer the install.
  useEffect(() => {
    const removeAppHead = ensureAppHead();
    registerDashboardWorker().catch(() => {});
    return removeAppHead;
  }, []);

  // A new section: focus moves to its content, as after a page load (the router restores the scroll).
  useEffect(() => {
    if (previous.current === current.to) return;
    previous.current = current.to;
    main.current?.focus({ preventScroll: true });
  }, [current.to]);

  return (
    <UnsavedChangesProvider>
      <MediaRulesProvider value={MEDIA_RULES}>
        <AppShell
          mode="static"
          header={{ height: 56 }}
          navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
          padding="md"
          // Mantine's static shell scrolls itself (overflow: auto), but the page is what scrolls here; as a
          // scroll container that never scrolls it kept sticky save bars from sticking to the screen.
          style={{ minHeight: '100dvh', overflowX: 'clip', overflowY: 'visible' }}
          data-admin-dashboard
        >
          <AppShell.Header px="md">
            <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Burger
                  opened={navOpen}
                  onClick={nav.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label={navOpen ? 'Close dashboard menu' : 'Open dashboard menu'}
                  aria-controls="admin-nav"
                  aria-expanded={navOpen}
                />
                <Anchor
                  component={Link}
                  to="/"
                  underline="never"
                  fw={700}
                  visibleFrom="md"
                  style={{ fontFamily: 'Georgia, serif', whiteSpace: 'nowrap' }}
                >
                  {siteName}
                </Anchor>
                <Title order={1} size="h3" style={{ whiteSpace: 'nowrap' }}>
                  Admin Dashboard
                </Title>
                <Text size="sm" fw={600} c="dimmed" hiddenFrom="sm" aria-hidden truncate>
                  {current.label}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap" visibleFrom="sm">
                <ThemeSwitch />
                <Button component={Link} to="/" variant="subtle" size="compact-sm" leftSection={<IconExternalLink size={16} aria-hidden />}>
                  View site
                </Button>
                {user && (
                  <Text size="sm" visibleFrom="md" truncate maw={160}>
                    {user.displayName?.trim() || user.username}
                  </Text>
                )}
                <LogoutButton />
              </Group>
            </Group>
          </AppShell.Header>
          {/* On a phone the menu is fixed below the header: its height leaves the header out, so the last
              items (Logout, the theme switch) scroll into reach instead of hanging below the screen. */}
          <AppShell.Navbar p="xs" id="admin-nav" aria-label="Dashboard sections" style={{ height: 'calc(100dvh - 56px)' }}>
            <AppShell.Section grow component={ScrollArea} type="auto" style={{ minHeight: 0 }}>
              <div>
                {ADMIN_SECTIONS.map((s) => {
                  const count =
                    s.to === '/admin/inbox'
                      ? unreadCount
                      : s.to === '/admin/applications'
                        ? newApplications
                        : s.to === '/admin/messages'
                          ? unreadMessages
                          : 0;
                  const showCount = count > 0;
                  return (
                    <NavLink
                      key={s.to}
                      component={Link}
                      to={s.to}
                      label={s.label}
                      leftSection={<s.icon size={18} aria-hidden />}
                      rightSection={
                        showCount ? (
                          <Badge size="sm" color="red" circle={count < 10}>
                            {count}
                            <VisuallyHidden>{s.to === '/admin/applications' ? ' new' : ' unread'}</VisuallyHidden>
                          </Badge>
                        ) : undefined
                      }
                      active={current.to === s.to}
                      // Only the section shown is current: the router's own matching would also mark Today
                      // (/admin) on every section below it.
                      activeOptions={{ exact: s.to === '/admin' }}
                      aria-current={current.to === s.to ? 'page' : undefined}
                      onClick={nav.close}
                    />
                  );
                })}
              </div>
              {/* On a phone the one menu also holds what the header shows on a laptop. */}
              <Group hiddenFrom="sm" gap="xs" mt="md" px="xs" pb="xs">
                <Button
                  component={Link}
                  to="/"
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconExternalLink size={16} aria-hidden />}
                  onClick={nav.close}
                >
                  View site
                </Button>
                <LogoutButton />
                <ThemeSwitch withLabels />
              </Group>
            </AppShell.Section>
          </AppShell.Navbar>
          {/* A div, not a second <main>: the site layout already has the page's main landmark. */}
          <AppShell.Main ref={main} id="admin-main" tabIndex={-1} style={{ outline: 'none', minWidth: 0 }} {...AS_DIV}>
            {hydrated ? children : <PageSpinner label="Loading section" />}
          </AppShell.Main>
        </AppShell>
      </MediaRulesProvider>
    </UnsavedChangesProvider>
  );
}
