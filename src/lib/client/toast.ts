// Toasts: one at a time (a new one replaces the current one), 5000 ms by default (SPEC §9).
import { notifications } from '@mantine/notifications';

export interface ToastOptions {
  title: string;
  message?: string;
  /** 'destructive' is the red error toast of SPEC §8. */
  variant?: 'default' | 'success' | 'destructive';
  /** Spinner, no auto-close: for "in progress" toasts that a later toast replaces. */
  loading?: boolean;
}

const COLOR = { default: 'amber', success: 'green', destructive: 'red' } as const;

export function toast({ title, message, variant = 'default', loading = false }: ToastOptions): string {
  notifications.clean();
  return notifications.show({
    title,
    message: message ?? '',
    color: COLOR[variant],
    loading,
    autoClose: loading ? false : 5000,
    withCloseButton: !loading,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
  });
}
