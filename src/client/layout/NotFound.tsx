import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Page not found</Title>
        <Text ta="center">We couldn&apos;t find that page. It may have moved, or the link may be mistyped.</Text>
        <Button component={Link} to="/">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
