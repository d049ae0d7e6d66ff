// Site footer shell (the home-page issue adds quick links, social links and the newsletter form).
import { Container, Text } from '@mantine/core';

export function Footer() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="lg">
        <Text size="sm" c="dimmed" ta="center">
          © {new Date().getFullYear()} Mini Goldendoodles. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
