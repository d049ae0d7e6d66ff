// Renders its children only once the spot is near the viewport: keeps below-the-fold code (and its
// lazy chunk) out of the first view. The placeholder should have the content's height (no layout shift).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function LazyWhenVisible({
  children,
  placeholder,
  rootMargin = '600px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [near, rootMargin]);

  // Anything that needs the content now (a section link, a hash in the URL) can ask for it.
  useEffect(() => {
    if (near) return;
    const show = () => setNear(true);
    window.addEventListener(REVEAL_EVENT, show);
    return () => window.removeEventListener(REVEAL_EVENT, show);
  }, [near]);

  return near ? <>{children}</> : <div ref={ref}>{placeholder}</div>;
}

const REVEAL_EVENT = 'lazy-when-visible:reveal';

/** Mounts every deferred block at once (before jumping far down the page). */
export function revealAllLazy() {
  window.dispatchEvent(new Event(REVEAL_EVENT));
}
