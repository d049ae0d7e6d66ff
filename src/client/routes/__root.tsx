import { useEffect, useState } from 'react';
import { createRootRouteWithContext, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Header } from '../layout/Header.tsx';
import { Footer } from '../layout/Footer.tsx';
import { collectHead, notFoundPageHead } from '../../lib/shared/page-head.ts';
import { prefetch } from '../../lib/client/prefetch.ts';
import { isServerRendered } from '../../lib/shared/ssr.ts';
import { trpc } from '../../lib/client/trpc.ts';
import { useAuth } from '../../features/auth/client/auth-context.ts';

/**
 * The first view carries only the Mantine styles the layout and the home page use
 * (layout/mantine-first-view.ts). The other public pages add the parts they use
 * (layout/mantine-public-pages.ts, which the server writes into them), and a part that shows more
 * imports its own (the account menu); the pages the browser renders (dashboard, sign-in, account) get the
 * full sheet first. A sheet arriving after the first paint restyles the whole page: none does on its own.
 */
const loadPublicPageStyles = () => import('../layout/mantine-public-pages.ts');
const loadAllMantineStyles = () => import('@mantine/core/styles.layer.css');

/** What every route's loader and head can reach: the query cache, and the site's origin (for absolute addresses). */
export interface RouterContext {
  queryClient: QueryClient;
  origin: string;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ location }) => {
    if (!isServerRendered(location.pathname)) await loadAllMantineStyles();
    else if (location.pathname !== '/') await loadPublicPageStyles();
  },
  // The header and footer show the site's name and contact details: the server renders them with the settings.
  loader: ({ context }) => prefetch(context.queryClient, trpc.settings.get.queryOptions()),
  component: RootLayout,
});

/**
 * Each route declares its head (`head()`); the server renders it into the HTML, and in the browser this
 * applies it whenever a navigation resolves: the title, and the description that link previews read.
 */
function useDocumentHead() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', () => {
        const { matches } = router.state;
        const site = router.options.context.queryClient.getQueryData(trpc.settings.get.queryKey())?.breederName;
        const lost = matches.some((m) => m.status === 'notFound' || m.globalNotFound);
        const head = (!lost && collectHead(matches)) || notFoundPageHead(site);
        document.title = head.title;
        document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
        document.querySelector('meta[property="og:title"]')?.setAttribute('content', head.title);
        document.querySelector('meta[property="og:description"]')?.setAttribute('content', head.description);
      }),
    [router],
  );
}

/**
 * The footer waits for the first page to render: shown under an empty page it would jump down the
 * screen (layout shift) and pull its lazy parts into the first view. A server-rendered page has its
 * footer from the start, in the HTML and in the hydration (created after it, the footer cost a
 * throttled phone a synchronous render of its own).
 */
function useFirstPageRendered() {
  const idle = useRouterState({ select: (s) => s.status === 'idle' && !s.isLoading });
  const [rendered, setRendered] = useState(idle);
  useEffect(() => {
    if (idle && !rendered) setRendered(true);
  }, [idle, rendered]);
  return rendered;
}

/** The back office has its own chrome (its header, no public footer or newsletter): an admin on /admin. */
function useDashboardChrome() {
  const inDashboard = useRouterState({ select: (s) => /^\/admin(\/|$)/.test(s.location.pathname) });
  const { user } = useAuth();
  return inDashboard && !!user?.isAdmin;
}

function RootLayout() {
  useDocumentHead();
  const showFooter = useFirstPageRendered();
  const dashboard = useDashboardChrome();
  if (dashboard) {
    return (
      <>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {showFooter && <Footer />}
    </>
  );
}
