// /unsubscribe?token=…: stops the newsletter for the address the link was sent to; without a token
// it offers to send a fresh link.
import { useEffect, useRef } from 'react';
import { Alert, Anchor, Container, Loader, Group, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { UNSUBSCRIBE_NOT_FOUND, UnsubscribeSchema } from '../../subscribers/subscribers.schema.ts';
import { READABLE_ALERT, SendLinkForm } from './SendLinkForm.tsx';
import { usePageTitle } from '../../../lib/client/page-title.ts';

export const MISSING_TOKEN_MESSAGE =
  'This page needs the unsubscribe link from one of our newsletter e-mails. Please open the link in the e-mail, or copy the whole link into your browser.';
const FAILURE_FALLBACK = 'We could not unsubscribe you right now. Please try again later.';

export function UnsubscribePage({ token }: { token: string | undefined }) {
  usePageTitle('Unsubscribe');
  const unsubscribe = useMutation(trpc.subscribers.unsubscribe.mutationOptions());
  const parsed = token ? UnsubscribeSchema.safeParse({ token }) : null;
  const validToken = parsed?.success ? parsed.data.token : null;

  // Once per token, also under StrictMode's double effects.
  const sentFor = useRef<string | null>(null);
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (!validToken || sentFor.current === validToken) return;
    sentFor.current = validToken;
    mutate({ token: validToken });
  }, [validToken, mutate]);

  let body;
  if (!token) {
    body = (
      <>
        <Text size="lg">{MISSING_TOKEN_MESSAGE}</Text>
        <SendLinkForm />
      </>
    );
  } else if (!validToken) {
    body = (
      <Alert color="red" role="alert" title="Link not valid" styles={READABLE_ALERT}>
        {UNSUBSCRIBE_NOT_FOUND}
      </Alert>
    );
  } else if (unsubscribe.isSuccess) {
    body = (
      <Alert color="green" role="status" title="Unsubscribed" styles={READABLE_ALERT}>
        You have been unsubscribed from our newsletter and won&apos;t receive any more of our e-mails. Changed your mind? You can
        subscribe again at any time with the form at the bottom of every page.
      </Alert>
    );
  } else if (unsubscribe.isError) {
    body = (
      <Alert color="red" role="alert" title="We couldn't unsubscribe you" styles={READABLE_ALERT}>
        {errorMessage(unsubscribe.error, FAILURE_FALLBACK)}
      </Alert>
    );
  } else {
    body = (
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" aria-hidden="true" />
        <Text>Unsubscribing you from our newsletter…</Text>
      </Group>
    );
  }

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        Unsubscribe from our newsletter
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
