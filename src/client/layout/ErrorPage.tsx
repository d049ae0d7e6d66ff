import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { NotFound } from './NotFound.tsx';

/** The HTTP status a failed read carries (tRPC's client errors have it); anything else is our failure. */
const httpStatusOf = (error: unknown) => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus ?? 500;

/**
 * A page whose data the server could not read (the server answers it with 500). Says so plainly and
 * offers another try: the trouble is usually passing, and nothing the family typed is on this page.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // A read refused for its address (a slug too long to exist): to a family, a page that is not there.
  if (httpStatusOf(error) < 500) return <NotFound />;
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
