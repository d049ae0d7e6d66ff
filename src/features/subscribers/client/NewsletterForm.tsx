// The newsletter form (SPEC §4, §5, §8): the optional name field appears when the e-mail field gets
// focus; 'Processing...' while sending; the exact success and failure toasts.
import { useId, useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, fieldErrorsOf, isNetworkError, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { Honeypot } from '../../../lib/client/Honeypot.tsx';
import { SubscribeSchema } from '../subscribers.schema.ts';

export const NEWSLETTER_TEXT = {
  emptyTitle: 'Email is required',
  emptyMessage: 'Please enter your email address.',
  processing: 'Processing...',
  successTitle: 'Thanks for subscribing!',
  // The next step first (issue 29): nothing arrives until the link in the e-mail is tapped (double opt-in).
  successMessage: "Check your e-mail and tap the link to confirm; then you'll get news of puppies and our tips.",
  errorTitle: 'Subscription error',
  errorFallback: 'There was an error subscribing to the newsletter. Please try again.',
  networkError: 'There was an error connecting to the server. Please try again later.',
} as const;

export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [website, setWebsite] = useState('');
  const [showName, setShowName] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const subscribe = useMutation(trpc.subscribers.subscribe.mutationOptions());
  const ids = { email: useId(), name: useId(), hp: useId(), heading: useId() };
  const submitting = subscribe.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim()) {
      setEmailError(null);
      toast({ title: NEWSLETTER_TEXT.emptyTitle, message: NEWSLETTER_TEXT.emptyMessage, variant: 'destructive' });
      return;
    }
    const parsed = SubscribeSchema.safeParse({ email, name, website });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'email') ?? parsed.error.issues[0];
      setEmailError(issue?.message ?? 'Please enter a valid email address.');
      return;
    }
    setEmailError(null);
    toast({ title: NEWSLETTER_TEXT.processing, message: 'Subscribing you to our newsletter.', loading: true });
    try {
      await subscribe.mutateAsync({ email, name: name || undefined, website: website || undefined });
      toast({ title: NEWSLETTER_TEXT.successTitle, message: NEWSLETTER_TEXT.successMessage, variant: 'success' });
      setEmail('');
      setName('');
      setShowName(false);
    } catch (error) {
      if (isNetworkError(error)) {
        toast({ title: NEWSLETTER_TEXT.errorTitle, message: NEWSLETTER_TEXT.networkError, variant: 'destructive' });
        return;
      }
      const fields = fieldErrorsOf(error);
      const message = fields?.email?.[0] ?? fields?.name?.[0] ?? errorMessage(error, NEWSLETTER_TEXT.errorFallback);
      toast({ title: NEWSLETTER_TEXT.errorTitle, message, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={ids.heading}>
      <Stack gap="xs">
        <Text component="h2" id={ids.heading} fw={700} size="lg" m={0}>
          Newsletter
        </Text>
        <Text size="sm">Hear first about new litters, available puppies and puppy-raising tips.</Text>
        <TextInput
          id={ids.email}
          type="email"
          name="email"
          label="Email address"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            if (emailError) setEmailError(null);
          }}
          onFocus={() => setShowName(true)}
          disabled={submitting}
          error={emailError}
        />
        {showName && (
          <TextInput
            id={ids.name}
            name="name"
            label="Name (optional)"
            description="Adding your name personalizes your confirmation e-mail."
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            disabled={submitting}
          />
        )}
        <Honeypot id={ids.hp} value={website} onChange={setWebsite} />
        <Button type="submit" loading={submitting} loaderProps={{ 'aria-label': 'Subscribing' }}>
          Subscribe
        </Button>
      </Stack>
    </form>
  );
}
