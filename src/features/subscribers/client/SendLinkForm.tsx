// On /unsubscribe without a link: asks for an address and sends it a fresh unsubscribe link. The
// answer never says whether the address is on the list.
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf, trpc } from '../../../lib/client/trpc.ts';
import { Honeypot } from '../../../lib/client/Honeypot.tsx';
import { READABLE_ALERT } from '../../../lib/client/TokenActionPage.tsx';
import { UnsubscribeLinkRequestSchema } from '../subscribers.schema.ts';

export const SEND_LINK_TEXT = {
  intro: "No e-mail at hand? Enter your address and we'll send you a new unsubscribe link.",
  submit: 'Send me a link',
  sentTitle: 'Check your inbox',
  failureFallback: 'We could not send a link right now. Please try again later.',
} as const;

export const sentMessage = (email: string) =>
  `If ${email} is on our newsletter list, a new unsubscribe link is on its way to it. It can take a few minutes to arrive.`;

export function SendLinkForm() {
  const id = useId();
  const form = useForm({
    initialValues: { email: '', website: '' },
    validate: schemaResolver(UnsubscribeLinkRequestSchema, { sync: true }),
  });
  const send = useMutation(trpc.subscribers.requestUnsubscribeLink.mutationOptions());
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  if (sentTo) {
    return (
      <Alert ref={sentRef} tabIndex={-1} color="green" role="status" title={SEND_LINK_TEXT.sentTitle} styles={READABLE_ALERT}>
        {sentMessage(sentTo)}
      </Alert>
    );
  }

  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync({ email: values.email, website: values.website || undefined });
      setSentTo(values.email.trim());
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields?.email) form.setFieldError('email', fields.email[0]);
      else form.setFieldError('email', errorMessage(error, SEND_LINK_TEXT.failureFallback));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-intro`}>
      <Stack gap="sm" mt="lg" align="flex-start">
        <Text id={`${id}-intro`}>{SEND_LINK_TEXT.intro}</Text>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk w="100%" maw={420} {...form.getInputProps('email')} />
        <Honeypot id={`${id}-website`} value={form.values.website} onChange={(v) => form.setFieldValue('website', v)} />
        <Button type="submit" loading={send.isPending}>
          {SEND_LINK_TEXT.submit}
        </Button>
      </Stack>
    </form>
  );
}
