// The toast area: one toast at a time, 5000 ms (SPEC §9), a labelled region that F8 focuses.
import { useEffect, useRef } from 'react';
import { Notifications } from '@mantine/notifications';

export function ToastRegion() {
  const ref = useRef<HTMLDivElement>(null);

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
    <div ref={ref} role="region" aria-label="Notifications (F8)" tabIndex={-1} data-toast-region="">
      <Notifications limit={1} autoClose={5000} position="bottom-right" containerWidth={420} withinPortal={false} />
    </div>
  );
}
