// Header links that depend on who is signed in (the accounts issue replaces this placeholder).
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function AuthLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Anchor component={Link} to="/auth" onClick={onNavigate}>
      Login
    </Anchor>
  );
}
