import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';

/**
 * A page whose data the server could not read (the server answers it with 500). Says so plainly and
 * offers another try: the trouble is usually passing, and nothing the family typed is on this page.
 */
export function ErrorPage({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Something went wrong</Title>
        <Text ta="center">This page could not be loaded just now. Please try again in a moment.</Text>
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Button component={Link} to="/" variant="default">
            Back to home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
