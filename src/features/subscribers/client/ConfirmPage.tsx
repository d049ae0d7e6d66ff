// /newsletter/confirm?token=…: the link in the confirmation e-mail; confirming is what makes a subscription active.
import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { TokenActionPage } from '../../../lib/client/TokenActionPage.tsx';
import { CONFIRM_INVALID, ConfirmSchema } from '../subscribers.schema.ts';

export function ConfirmPage({ token }: { token: string | undefined }) {
  const confirm = useMutation(trpc.subscribers.confirm.mutationOptions());
  return (
    <TokenActionPage
      heading="Confirm your subscription"
      token={token}
      schema={ConfirmSchema}
      action={confirm}
      invalid={CONFIRM_INVALID}
      working="Confirming your subscription…"
      // Acts on the button only: a mail scanner opening the link confirms nobody.
      button={{
        label: 'Confirm my subscription',
        intro: "Tap the button to confirm: then you'll get our newsletter, with news of puppies and litters and our tips.",
      }}
      done={{
        title: 'Subscription confirmed',
        body: 'Thank you! You will receive our updates on puppy availability and tips. Every e-mail has a link to unsubscribe.',
      }}
      failed={{
        title: "We couldn't confirm your subscription",
        fallback: 'We could not confirm your subscription right now. Please try again later.',
      }}
    />
  );
}
