// The contact form 'Get In Touch' (SPEC §4, §5, §8): validated in the browser with the same zod
// schema as the server; 'Sending...' with a spinner; success shows a confirmation in the form's
// place (focused, with a way to send another), failure keeps the values.
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Card, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { Honeypot } from '../../../lib/client/Honeypot.tsx';
import { GrowingTextarea } from '../../../lib/client/GrowingTextarea.tsx';
import { INQUIRY_DEFAULTS, INTEREST_LABELS, INTERESTS, InquirySchema, type Interest } from '../inquiries.schema.ts';

export const CONTACT_TEXT = {
  successTitle: 'Inquiry Submitted',
  successMessage: "We've received your message and will get back to you soon!",
  failureTitle: 'Submission Failed',
  failureFallback: 'There was a problem submitting your inquiry. Please try again.',
  sentTitle: 'Message sent',
  sendAnother: 'Send another message',
} as const;

/** Values another part of the page asks the form to start from (e.g. "Inquire" in the puppy dialog). */
export interface ContactPreset {
  interest: Interest;
  message: string;
  /** Changes on every request, so the same preset can be applied twice. */
  nonce: number;
}

type Values = typeof INQUIRY_DEFAULTS;

export function ContactForm({ preset }: { preset?: ContactPreset | null }) {
  const headingId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLElement>(null);
  /** Who the last inquiry came from, while its confirmation stands in for the form. */
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  // What takes focus once the next render has put it on the page.
  const focusNext = useRef<'name' | 'sent' | null>(null);
  useEffect(() => {
    if (focusNext.current === 'name') nameRef.current?.focus({ preventScroll: true });
    if (focusNext.current === 'sent') sentRef.current?.focus();
    focusNext.current = null;
  });
  const form = useForm<Values>({
    initialValues: INQUIRY_DEFAULTS,
    validate: schemaResolver(InquirySchema, { sync: true }),
  });
  const create = useMutation(trpc.inquiries.create.mutationOptions());

  useEffect(() => {
    if (!preset) return;
    form.setValues({ interest: preset.interest, message: preset.message });
    form.clearErrors();
    if (sent) {
      // The form comes back on the next render; focus its first field then.
      setSent(null);
      focusNext.current = 'name';
    } else {
      nameRef.current?.focus({ preventScroll: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply each preset once, when it arrives
  }, [preset?.nonce]);

  const submit = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync({
        name: values.name,
        email: values.email,
        phone: values.phone || undefined,
        interest: values.interest as Interest,
        message: values.message,
        website: values.website || undefined,
      });
      toast({ title: CONTACT_TEXT.successTitle, message: CONTACT_TEXT.successMessage, variant: 'success' });
      form.reset();
      setSent({ name: values.name.trim(), email: values.email.trim() });
      focusNext.current = 'sent';
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) {
        const firsts = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]]));
        form.setErrors(firsts);
      }
      toast({ title: CONTACT_TEXT.failureTitle, message: errorMessage(error, CONTACT_TEXT.failureFallback), variant: 'destructive' });
    }
  });

  const sending = create.isPending;

  if (sent) {
    return (
      <Card ref={sentRef} withBorder radius="md" padding="lg" component="section" tabIndex={-1} aria-labelledby={headingId}>
        <Title order={3} id={headingId} mb="xs">
          {CONTACT_TEXT.sentTitle}
        </Title>
        <Text mb="md">
          Thank you, {sent.name}. {CONTACT_TEXT.successMessage} Our reply goes to {sent.email}.
        </Text>
        <Button
          variant="outline"
          onClick={() => {
            setSent(null);
            focusNext.current = 'name';
          }}
        >
          {CONTACT_TEXT.sendAnother}
        </Button>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="xs">
        Get In Touch
      </Title>
      <Text size="sm" mb="md">
        Tell us about your family and what you are looking for. We reply to every message.
      </Text>
      <Stack gap="sm">
        <TextInput ref={nameRef} label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label="Phone (optional)" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <NativeSelect
          label="I'm interested in"
          withAsterisk
          data={[
            { value: '', label: 'Select your area of interest' },
            ...INTERESTS.map((value) => ({ value, label: INTEREST_LABELS[value] })),
          ]}
          {...form.getInputProps('interest')}
        />
        <GrowingTextarea label="Message" withAsterisk minRows={4} maxRows={10} {...form.getInputProps('message')} />
        <Honeypot id={`${headingId}-website`} value={form.values.website} onChange={(v) => form.setFieldValue('website', v)} />
        <Button
          type="submit"
          size="md"
          disabled={sending}
          leftSection={sending ? <Loader size={16} color="currentColor" aria-hidden="true" /> : null}
        >
          {sending ? 'Sending...' : 'Send Message'}
        </Button>
      </Stack>
    </Card>
  );
}
