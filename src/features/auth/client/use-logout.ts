// Logout from the header, the phone menu or the account menu: route guards run again afterwards, so a page that
// needs a user sends the visitor to /auth.
import { useRouter } from '@tanstack/react-router';
import { useAuth } from './auth-context.ts';

export function useLogout(onNavigate?: () => void) {
  const { logout, isLoggingOut } = useAuth();
  const router = useRouter();
  const run = () => {
    onNavigate?.();
    void logout()
      .then(() => router.invalidate())
      .catch(() => {});
  };
  return { run, isLoggingOut };
}
