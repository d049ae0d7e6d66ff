// On My Family: says plainly when the site's e-mails cannot reach the family (no address, or not verified yet),
// with a button that sends the verification link again (decision 108). Nothing is shown once the address is verified.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { READABLE_ALERT } from '../../../lib/client/TokenActionPage.tsx';

export function EmailStatus() {
  const profile = useQuery(trpc.auth.profile.queryOptions());
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: (r) =>
        toast({ title: 'Link sent', message: `We sent a new link to ${r.email}. It works for 3 days.`, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Could not send the link', message: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const p = profile.data;
  if (!p || (p.email && !p.pendingEmail)) return null;
  if (!p.email && !p.pendingEmail)
    return (
      <Alert color="yellow" role="status" title="We can't e-mail you" styles={READABLE_ALERT}>
        Your account has no e-mail address, so news about your application and your puppy cannot reach you. Add one in your profile below.
      </Alert>
    );
  return (
    <Alert
      color="yellow"
      role="status"
      title={p.email ? 'Please confirm your new e-mail address' : 'Please confirm your e-mail address'}
      styles={READABLE_ALERT}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          We sent a link to <strong>{p.pendingEmail}</strong>.{' '}
          {p.email
            ? `Until you open it, we keep writing to ${p.email}.`
            : 'Until you open it, we cannot e-mail you about your application or your puppy.'}
        </Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={() => resend.mutate()}>
          Send the link again
        </Button>
      </Stack>
    </Alert>
  );
}
