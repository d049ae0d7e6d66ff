// The toast area (SPEC §9): one toast at a time (a new one replaces the one showing), 5000 ms, a
// labelled region that F8 focuses. The toast renderer loads with the first toast.
import { lazy, Suspense, useEffect, useRef, type CSSProperties } from 'react';
import { hideNotification, notificationsStore, useNotifications } from '@mantine/notifications';

/** On a phone the toasts show at the top: at the bottom they covered the form controls a thumb reaches for (issue 29). */
const PHONE = '(max-width: 47.99em)';
const toastPosition = () => (typeof window !== 'undefined' && window.matchMedia?.(PHONE).matches ? 'top-center' : 'bottom-right');

/**
 * Where a toast at the top starts: below the fixed or sticky header on screen (the site's, or the dashboard's), so it
 * never covers the header's controls, the menu button or the account menu (issue 45). 16 px when there is none.
 */
function topBelowHeader(): number {
  let bottom = 0;
  for (const header of Array.from(document.querySelectorAll('header'))) {
    const position = getComputedStyle(header).position;
    if (position === 'fixed' || position === 'sticky') bottom = Math.max(bottom, header.getBoundingClientRect().bottom);
  }
  return Math.max(16, Math.ceil(bottom) + 8);
}

// The renderer sets these when it mounts; toasts shown before that must already follow them.
notificationsStore.updateState((state) => ({ ...state, limit: 1, defaultPosition: toastPosition() }));

const Notifications = lazy(() => import('./ToastRenderer.tsx').then((m) => ({ default: m.Notifications })));

export function ToastRegion() {
  const ref = useRef<HTMLDivElement>(null);
  const { notifications, queue } = useNotifications();
  const needed = useRef(false);
  if (notifications.length || queue.length) needed.current = true;
  // Read when the renderer first mounts (after the first toast, so never during hydration).
  const position = needed.current ? toastPosition() : 'bottom-right';
  // Measured each time a toast comes or goes (this re-renders then), so it follows a header that has scrolled away.
  // A variable global.css reads for the top-center container only: a style on <Notifications> goes to every position's
  // container, and an empty bottom one given a top then covered the whole screen.
  const style = position === 'top-center' ? ({ '--toast-top': `${topBelowHeader()}px` } as CSSProperties) : undefined;

  // With a limit of one, Mantine queues a new toast behind the one showing; the newest should win.
  useEffect(
    () =>
      notificationsStore.subscribe((state) => {
        if (state.queue.length && state.notifications.length) state.notifications.forEach((n) => hideNotification(n.id!));
      }),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8') return;
      event.preventDefault();
      // Focus the toast itself when one is showing (its close button is then one Tab away).
      const region = ref.current;
      const toast = region?.querySelector<HTMLElement>('[role="alert"], [role="status"]');
      if (toast) {
        if (!toast.hasAttribute('tabindex')) toast.setAttribute('tabindex', '-1');
        toast.focus();
      } else {
        region?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div ref={ref} role="region" aria-label="Notifications (F8)" tabIndex={-1} data-toast-region="" style={style}>
      {needed.current && (
        <Suspense fallback={null}>
          <Notifications limit={1} autoClose={5000} position={position} containerWidth={420} withinPortal={false} />
        </Suspense>
      )}
    </div>
  );
}
