// /verify-email?token=…: the link in the verification e-mail (decision 108). Opening it proves the address; from
// then on the family's application and puppy e-mails go there.
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { TokenActionPage } from '../../../lib/client/TokenActionPage.tsx';
import { VERIFY_MESSAGES, VerifyEmailSchema } from '../auth.schema.ts';

export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const email = verify.data?.email;
  return (
    <TokenActionPage
      heading="Confirm your e-mail address"
      token={token}
      schema={VerifyEmailSchema}
      action={verify}
      invalid={VERIFY_MESSAGES.invalid}
      working="Confirming your e-mail address…"
      done={{
        title: 'E-mail address confirmed',
        body: (
          <>
            Thank you! We will write to {email ?? 'this address'} about your application and your puppy.{' '}
            <Anchor component={Link} to="/account">
              Go to My Family
            </Anchor>
          </>
        ),
      }}
      failed={{
        title: "We couldn't confirm your e-mail address",
        fallback: 'We could not confirm your address right now. Please try again later.',
      }}
    />
  );
}
