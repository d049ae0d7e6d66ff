// /newsletter/confirm?token=…: the link in the confirmation e-mail; confirming is what makes a subscription active.
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Container, Group, Loader, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { CONFIRM_INVALID, ConfirmSchema } from '../subscribers.schema.ts';
import { usePageTitle } from '../../../lib/client/page-title.ts';

const FAILURE_FALLBACK = 'We could not confirm your subscription right now. Please try again later.';
// Dark text on the light alert backgrounds in both themes (4.5:1).
const READABLE = { title: { color: 'var(--mantine-color-text)' } } as const;

export function ConfirmPage({ token }: { token: string | undefined }) {
  usePageTitle('Confirm your subscription');
  const confirm = useMutation(trpc.subscribers.confirm.mutationOptions());
  const parsed = token ? ConfirmSchema.safeParse({ token }) : null;
  const validToken = parsed?.success ? parsed.data.token : null;

  // Once per token, also under StrictMode's double effects.
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!validToken || sentFor.current === validToken) return;
    sentFor.current = validToken;
    mutate({ token: validToken });
  }, [validToken, mutate]);

  let body;
  if (!validToken) {
    body = (
      <Alert color="red" role="alert" title="Link not valid" styles={READABLE}>
        {CONFIRM_INVALID}
      </Alert>
    );
  } else if (confirm.isSuccess) {
    body = (
      <Alert color="green" role="status" title="Subscription confirmed" styles={READABLE}>
        Thank you! You will receive our updates on puppy availability and tips. Every e-mail has a link to unsubscribe.
      </Alert>
    );
  } else if (confirm.isError) {
    body = (
      <Alert color="red" role="alert" title="We couldn't confirm your subscription" styles={READABLE}>
        {errorMessage(confirm.error, FAILURE_FALLBACK)}
      </Alert>
    );
  } else {
    body = (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Confirming your subscription…</Text>
      </Group>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Confirm your subscription
      </Title>
      {body}
      <Text mt="xl">
        <Anchor component={Link} to="/">
          Back to home
        </Anchor>
      </Text>
    </Container>
  );
}
