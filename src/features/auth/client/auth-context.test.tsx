import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { AuthContext, useAuth, type AuthContextValue } from './auth-context.ts';

function ShowUser() {
  const { user } = useAuth();
  return <span>{user ? user.username : 'visitor'}</span>;
}

describe('useAuth', () => {
  it("throws 'must be used within' its provider outside it (SPEC §8)", () => {
    expect(() => renderToString(<ShowUser />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('reads the user from the provider', () => {
    const value = { user: { id: 1, username: 'maple', isAdmin: false }, isLoading: false } as AuthContextValue;
    expect(
      renderToString(
        <AuthContext.Provider value={value}>
          <ShowUser />
        </AuthContext.Provider>,
      ),
    ).toContain('maple');
  });
});
