// Site header shell (the home-page issue adds dropdowns, the mobile menu and section navigation).
import { Anchor, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function Header() {
  return (
    <header id="header" style={{ position: 'sticky', top: 0, zIndex: 100, background: 'var(--mantine-color-body)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between">
          <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
            Mini Goldendoodles
          </Anchor>
          <Group component="nav" aria-label="Main" gap="md">
            <Anchor component={Link} to="/">Home</Anchor>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
