// Holds the current user (SPEC §4) and the auth actions with their §8 toasts.
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { trpc, errorMessage } from '../../../lib/client/trpc.ts';
import type { AuthUser } from '../auth.schema.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { currentUserQuery } from './current-user.ts';

/** Another person's data must not survive a change of user in this tab. */
function dropPrivateQueries(queryClient: QueryClient) {
  queryClient.removeQueries({
    predicate: (q) => Array.isArray(q.queryKey[0]) && (q.queryKey[0] as unknown[])[0] === 'admin',
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const meKey = currentUserQuery.queryKey;
  const me = useQuery(currentUserQuery);

  const signedIn = (user: AuthUser) => {
    dropPrivateQueries(queryClient);
    queryClient.setQueryData(meKey, user);
  };

  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (user) => {
        signedIn(user);
        notifications.show({ title: 'Login successful', message: `Welcome back, ${user.username}!` });
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Login failed', message: errorMessage(error, 'Invalid username or password') });
      },
    }),
  );
  const register = useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (user) => {
        signedIn(user);
        notifications.show({ title: 'Registration successful', message: `Account created for ${user.username}` });
      },
      onError: (error) => {
        notifications.show({ title: 'Registration failed', message: errorMessage(error, 'Unable to create account') });
      },
    }),
  );
  const logout = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        dropPrivateQueries(queryClient);
        queryClient.setQueryData(meKey, null);
        notifications.show({ title: 'Logged out', message: 'You have been successfully logged out' });
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Logout failed', message: errorMessage(error, 'Unable to log out. Please try again.') });
      },
    }),
  );

  const value: AuthContextValue = {
    user: me.data ?? null,
    isLoading: me.isPending,
    login: (input) => login.mutateAsync(input),
    register: (input) => register.mutateAsync(input),
    logout: async () => {
      await logout.mutateAsync();
    },
    isLoggingIn: login.isPending,
    isRegistering: register.isPending,
    isLoggingOut: logout.isPending,
  };

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
