// The signed-in family's applications: status, waitlist place in words, the puppy once matched, the
// timeline with the breeder's messages, and withdrawing. Shown on /questionnaire (and composed into /account).
import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Modal, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { formatDay } from '../../../lib/shared/format.ts';
import { ToneBadge, type Tone } from '../../../lib/client/ToneBadge.tsx';
import {
  APPLICATION_STATUS_LABELS,
  WITHDRAWABLE,
  waitlistPhrase,
  type ApplicationStatus,
  type MyApplicationDto,
} from '../applications.vocabulary.ts';

const TONES: Record<ApplicationStatus, Tone> = {
  submitted: 'blue',
  in_review: 'yellow',
  approved: 'green',
  declined: 'gray',
  waitlisted: 'green',
  matched: 'green',
  withdrawn: 'gray',
};

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "Deposit of $500 received November 28, 2026 (non-refundable)", and its refund when there was one. */
export function depositLine(d: NonNullable<MyApplicationDto['deposit']>): string {
  const refund = d.refundedOn ? `; $${d.refundAmount ?? d.amount} refunded ${formatDay(d.refundedOn)}` : '';
  return `Deposit of $${d.amount} received ${formatDay(d.receivedOn)}${d.nonRefundable ? ' (non-refundable)' : ''}${refund}.`;
}

/** One sentence that says where the family stands. */
export function standing(a: MyApplicationDto): string {
  if (a.status === 'waitlisted' && a.waitlist) return `You are ${waitlistPhrase(a.waitlist.position, a.waitlist.litterName)}.`;
  if (a.status === 'matched' && a.puppyName) return `You are matched with ${a.puppyName}.`;
  return `Status: ${APPLICATION_STATUS_LABELS[a.status]}.`;
}

export function MyApplications({ titleOrder = 2 }: { titleOrder?: 2 | 3 }) {
  const mine = useQuery(trpc.applications.mine.queryOptions());
  if (mine.isPending) return <Loader role="status" aria-label="Loading your applications" />;
  if (mine.isError)
    return (
      <Alert color="red" title="Could not load your applications">
        {errorMessage(mine.error, 'Please try again.')}
      </Alert>
    );
  if (mine.data.length === 0) return <Text>You have not sent a questionnaire yet.</Text>;
  return (
    <Stack gap="md" aria-label="Your applications">
      <Title order={titleOrder}>Your applications</Title>
      {mine.data.map((a) => (
        <ApplicationCard key={a.id} application={a} />
      ))}
    </Stack>
  );
}

function ApplicationCard({ application: a }: { application: MyApplicationDto }) {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const queryClient = useQueryClient();
  const withdraw = useMutation(
    trpc.applications.withdraw.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        toast({ title: 'Application withdrawn', message: 'We have let the breeder know.', variant: 'success' });
        await queryClient.invalidateQueries({ queryKey: trpc.applications.mine.queryKey() });
      },
      onError: (e) => toast({ title: 'Could not withdraw', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <Card withBorder radius="md" p="md" component="article" aria-label={`Application of ${dateOf(a.createdAt)}`}>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Text fw={700}>
            Application of {dateOf(a.createdAt)}
            {a.litterName ? ` for the ${a.litterName}` : ''}
          </Text>
          <Text data-testid="application-standing">{standing(a)}</Text>
          {a.deposit && <Text>{depositLine(a.deposit)}</Text>}
        </Stack>
        <ToneBadge tone={TONES[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</ToneBadge>
      </Group>
      <Timeline mt="md" bulletSize={14} lineWidth={2} active={a.timeline.length - 1}>
        {a.timeline.map((e, i) => (
          <Timeline.Item key={i} title={APPLICATION_STATUS_LABELS[e.status]}>
            <Text size="sm">
              {dateOf(e.at)} · {e.by === 'family' ? 'by you' : 'by the breeder'}
            </Text>
            {e.message && (
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                “{e.message}”
              </Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
      {WITHDRAWABLE.includes(a.status) && (
        <Group mt="md">
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Withdraw application
          </Button>
        </Group>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Withdraw this application?">
        <Stack>
          <Text>You can apply again at any time. If you are on the waitlist, you will lose your place.</Text>
          <Textarea
            label="A message for the breeder (optional)"
            maxLength={2000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep my application
            </Button>
            <Button color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate({ id: a.id, message })}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
