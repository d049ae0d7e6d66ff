// Header and footer section links: scroll on '/', otherwise go to '/#id' (the home page then scrolls).
import { useCallback, type MouseEvent } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { scrollToSection } from '../../lib/client/section-scroll.ts';

export function useSectionNav() {
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return useCallback(
    (id: string) => {
      if (pathname === '/') {
        scrollToSection(id);
        return;
      }
      // The home page scrolls to the hash after a short delay (useHashSectionScroll).
      void navigate({ to: '/', hash: id, hashScrollIntoView: false });
    },
    [navigate, pathname],
  );
}

/** Props for an anchor that is a real link to '/#id' (middle-click, copy link) but scrolls in place. */
export function sectionLinkProps(id: string, go: (id: string) => void, after?: () => void) {
  return {
    href: `/#${id}`,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      if (after) {
        // Let a closing menu leave the layout first: the offset is the header's height after it.
        after();
        window.requestAnimationFrame(() => go(id));
      } else {
        go(id);
      }
    },
  };
}
