// Arriving at '/#id' (a shared link, or a section link used on another page): after a short delay,
// scroll to the section, and keep it in place while the sections above finish loading their data.
import { useEffect } from 'react';
import { scrollToSection } from '../../lib/client/section-scroll.ts';

/** SPEC §2: "after a short delay". */
export const HASH_SCROLL_DELAY_MS = 100;
const SETTLE_MS = 2000;

export function useHashSectionScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    let stopped = false;
    const stop = () => {
      stopped = true;
    };
    // The visitor taking over the scroll ends the pinning.
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    events.forEach((e) => window.addEventListener(e, stop, { passive: true }));
    const started = Date.now();
    let timer = window.setTimeout(function pin() {
      if (stopped) return;
      const el = document.getElementById(id);
      if (el) {
        const header = document.getElementById('header')?.getBoundingClientRect().height ?? 0;
        const off = el.getBoundingClientRect().top - header;
        if (Math.abs(off) > 2) scrollToSection(id, { smooth: false, focus: Date.now() - started < HASH_SCROLL_DELAY_MS * 2 });
      }
      if (Date.now() - started < SETTLE_MS) timer = window.setTimeout(pin, 100);
    }, HASH_SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      events.forEach((e) => window.removeEventListener(e, stop));
    };
  }, []);
}
