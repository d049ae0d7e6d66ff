import { useEffect } from 'react';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Header } from '../layout/Header.tsx';
import { Footer } from '../layout/Footer.tsx';
import { pageHeadFor } from '../../lib/shared/page-head.ts';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
});

/** The server renders each route's head into the HTML; this keeps it right on client-side navigation. */
function useDocumentHead() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    const head = pageHeadFor(pathname);
    document.title = head.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description);
    document.querySelector('meta[property="og:title"]')?.setAttribute('content', head.title);
    document.querySelector('meta[property="og:description"]')?.setAttribute('content', head.description);
  }, [pathname]);
}

function RootLayout() {
  useDocumentHead();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
