// Arriving at '/#id' (a shared link, a section link used on another page, or a new hash typed on
// this one): after a short delay, scroll to the section, and keep it in place while the sections
// above finish loading their data.
import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { scrollToSection } from '../../lib/client/section-scroll.ts';

/** SPEC §2: "after a short delay". */
export const HASH_SCROLL_DELAY_MS = 100;
const SETTLE_MS = 3000;
const TAKEOVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

function pinToSection(id: string): () => void {
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  // The visitor taking over the scroll ends the pinning.
  TAKEOVER_EVENTS.forEach((e) => window.addEventListener(e, stop, { passive: true }));
  const started = Date.now();
  let focused = false;
  let timer = window.setTimeout(function pin() {
    if (stopped) return;
    const el = document.getElementById(id);
    if (el) {
      const header = document.getElementById('header')?.getBoundingClientRect().height ?? 0;
      if (Math.abs(el.getBoundingClientRect().top - header) > 2 || !focused) {
        scrollToSection(id, { smooth: false, focus: !focused });
        focused = true;
      }
    }
    if (Date.now() - started < SETTLE_MS) timer = window.setTimeout(pin, 100);
  }, HASH_SCROLL_DELAY_MS);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    TAKEOVER_EVENTS.forEach((e) => window.removeEventListener(e, stop));
  };
}

export function useHashSectionScroll() {
  // The router's location: it changes on navigation to '/#id', on back / forward, and on a typed hash.
  const hash = useRouterState({ select: (s) => s.location.hash });
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    return pinToSection(id);
  }, [hash]);
}
