// /unsubscribe?token=…: stops the newsletter for the address the link was sent to; without a token
// it offers to send a fresh link.
import { Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { TokenActionPage } from '../../../lib/client/TokenActionPage.tsx';
import { UNSUBSCRIBE_NOT_FOUND, UnsubscribeSchema } from '../subscribers.schema.ts';
import { SendLinkForm } from './SendLinkForm.tsx';

export const MISSING_TOKEN_MESSAGE =
  'This page needs the unsubscribe link from one of our newsletter e-mails. Please open the link in the e-mail, or copy the whole link into your browser.';

/** Which e-mails stop, and which do not. */
export const UNSUBSCRIBE_INTRO =
  'This stops our newsletter (news of puppies and litters, and our tips) at this address. E-mails about your puppy application or your puppy, if you have one with us, keep coming.';
const UNSUBSCRIBED_TEXT =
  'You have been unsubscribed from our newsletter: no more newsletters will come to this address. E-mails about your puppy application or your puppy continue. Changed your mind? You can subscribe again at any time with the form at the bottom of every page.';

export function UnsubscribePage({ token }: { token: string | undefined }) {
  const unsubscribe = useMutation(trpc.subscribers.unsubscribe.mutationOptions());
  return (
    <TokenActionPage
      heading="Unsubscribe from our newsletter"
      token={token}
      schema={UnsubscribeSchema}
      action={unsubscribe}
      missing={
        <>
          <Text size="lg">{MISSING_TOKEN_MESSAGE}</Text>
          <SendLinkForm />
        </>
      }
      invalid={UNSUBSCRIBE_NOT_FOUND}
      working="Unsubscribing you from our newsletter…"
      // Acts on the button only: a mail scanner opening the link unsubscribes nobody. The mail program's own
      // unsubscribe (RFC 8058 one-click POST to the same link) needs no page at all.
      button={{ label: 'Unsubscribe', intro: UNSUBSCRIBE_INTRO }}
      done={{ title: 'Unsubscribed', body: UNSUBSCRIBED_TEXT }}
      failed={{ title: "We couldn't unsubscribe you", fallback: 'We could not unsubscribe you right now. Please try again later.' }}
    />
  );
}
