// A page a link from an e-mail opens (/newsletter/confirm?token=…, /unsubscribe?token=…): it checks the
// token's shape, runs the action once for it, and says what happened: working, done, failed or a bad link.
// With `button`, the action waits for a person to press it: mail scanners that open links (and run their
// pages' scripts) must not confirm or unsubscribe anyone (issue 28).
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { errorMessage } from './trpc.ts';

/** Dark text on the light alert backgrounds in both themes (4.5:1). */
export const READABLE_ALERT = { title: { color: 'var(--mantine-color-text)' } } as const;

interface TokenAction {
  mutate: (input: { token: string }) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

export interface TokenActionPageProps {
  heading: string;
  /** The token from the address, if any. */
  token: string | undefined;
  /** The token's shape (the feature's shared schema, as the server checks it). */
  schema: { safeParse: (input: { token: string }) => { success: true; data: { token: string } } | { success: false } };
  action: TokenAction;
  /** Shown instead when the address carries no token at all (default: the invalid-link alert). */
  missing?: ReactNode;
  invalid: string;
  working: string;
  done: { title: string; body: ReactNode };
  failed: { title: string; fallback: string };
  /** The action runs when this button is pressed (what it does is said above it), not when the page loads. */
  button?: { label: string; intro: ReactNode };
}

export function TokenActionPage({ heading, token, schema, action, missing, invalid, working, done, failed, button }: TokenActionPageProps) {
  const parsed = token ? schema.safeParse({ token }) : null;
  const validToken = parsed?.success ? parsed.data.token : null;

  // Once per token, also under StrictMode's double effects.
  const sentFor = useRef<string | null>(null);
  const { mutate } = action;
  useEffect(() => {
    if (button || !validToken || sentFor.current === validToken) return;
    sentFor.current = validToken;
    mutate({ token: validToken });
  }, [button, validToken, mutate]);

  let body: ReactNode;
  if (!token && missing) body = missing;
  else if (!validToken)
    body = (
      <Alert color="red" role="alert" title="Link not valid" styles={READABLE_ALERT}>
        {invalid}
      </Alert>
    );
  else if (action.isSuccess)
    body = (
      <Alert color="green" role="status" title={done.title} styles={READABLE_ALERT}>
        {done.body}
      </Alert>
    );
  else if (action.isError)
    body = (
      <Alert color="red" role="alert" title={failed.title} styles={READABLE_ALERT}>
        {errorMessage(action.error, failed.fallback)}
      </Alert>
    );
  else if (button && !action.isPending)
    body = (
      <Stack gap="md" align="flex-start">
        {typeof button.intro === 'string' ? <Text size="lg">{button.intro}</Text> : button.intro}
        <Button size="md" onClick={() => mutate({ token: validToken })}>
          {button.label}
        </Button>
      </Stack>
    );
  else
    body = (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>{working}</Text>
      </Group>
    );

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {heading}
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
