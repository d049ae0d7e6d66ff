// The admin dashboard around every /admin route: a Mantine AppShell whose navigation links to the
// sections. Made for a phone as much as a laptop: on small screens the navigation folds behind a menu button.
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from '@tanstack/react-router';
import { trpc } from '../../lib/client/trpc.ts';
import { UnsavedChangesProvider } from '../../lib/client/admin/UnsavedChanges.tsx';
import { MediaRulesProvider, type MediaRules } from '../../lib/client/admin/MediaField.tsx';
import { MB, MEDIA_MESSAGES, PHOTO_ACCEPT, PHOTO_MAX_BYTES, VIDEO_ACCEPT, VIDEO_MAX_BYTES } from '../../features/media/media.schema.ts';
import { ADMIN_SECTIONS, sectionOf } from './sections.ts';

const MEDIA_RULES: MediaRules = {
  uploadUrl: '/api/admin/media',
  oneFile: MEDIA_MESSAGES.oneFile,
  kinds: {
    image: {
      accept: PHOTO_ACCEPT,
      maxBytes: PHOTO_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.photoTooLarge,
      wrongType: 'Upload a JPEG, PNG, WebP, AVIF or HEIC photo.',
      hint: `JPEG, PNG, WebP, AVIF or HEIC, up to ${PHOTO_MAX_BYTES / MB} MB`,
    },
    video: {
      accept: VIDEO_ACCEPT,
      maxBytes: VIDEO_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.videoTooLarge,
      wrongType: 'Upload an MP4 or WebM video.',
      hint: `MP4 or WebM, up to ${VIDEO_MAX_BYTES / MB} MB`,
    },
  },
};

const AS_DIV = { component: 'div' } as object;
/** Descriptions and hints use Mantine's dimmed colour, too light for WCAG AA on white: darken it here. */
const DASHBOARD_VARS = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties;

export function AdminShell({ children }: { children: ReactNode }) {
  const [navOpen, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const unread = useQuery(trpc.admin.inquiries.unreadCount.queryOptions());
  const unreadCount = unread.data?.unread ?? 0;
  const main = useRef<HTMLDivElement>(null);
  const previous = useRef(current.to);

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
          style={{ minHeight: 'calc(100dvh - 64px)', overflowX: 'clip', overflowY: 'visible', ...DASHBOARD_VARS }}
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
                {current.label}
              </Text>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="xs" id="admin-nav" aria-label="Dashboard sections">
            <ScrollArea type="auto">
              <div>
                {ADMIN_SECTIONS.map((s) => {
                  const showCount = s.to === '/admin/inbox' && unreadCount > 0;
                  return (
                    <NavLink
                      key={s.to}
                      component={Link}
                      to={s.to}
                      label={s.label}
                      leftSection={<s.icon size={18} aria-hidden />}
                      rightSection={
                        showCount ? (
                          <Badge size="sm" color="red" circle={unreadCount < 10}>
                            {unreadCount}
                            <VisuallyHidden> unread</VisuallyHidden>
                          </Badge>
                        ) : undefined
                      }
                      active={current.to === s.to}
                      aria-current={current.to === s.to ? 'page' : undefined}
                      onClick={nav.close}
                    />
                  );
                })}
              </div>
            </ScrollArea>
          </AppShell.Navbar>
          {/* A div, not a second <main>: the site layout already has the page's main landmark. */}
          <AppShell.Main ref={main} id="admin-main" tabIndex={-1} style={{ outline: 'none', minWidth: 0 }} {...AS_DIV}>
            {children}
          </AppShell.Main>
        </AppShell>
      </MediaRulesProvider>
    </UnsavedChangesProvider>
  );
}
