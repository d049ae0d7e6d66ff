// The auth accessor: who is signed in, and the login / register / logout actions (provided by AuthProvider).
import { createContext, useContext } from 'react';
import type { AuthUser, LoginInput, RegisterInput } from '../auth.schema.ts';

export interface AuthContextValue {
  /** null when nobody is signed in (SPEC §4). */
  user: AuthUser | null;
  /** True while the current user is first being fetched. */
  isLoading: boolean;
  /** Resolve with the user on success; on failure they show the toast and reject with the error. */
  login: (input: LoginInput) => Promise<AuthUser>;
  register: (input: RegisterInput) => Promise<AuthUser>;
  logout: () => Promise<void>;
  isLoggingIn: boolean;
  isRegistering: boolean;
  isLoggingOut: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
