// The family's pick-day card on /account (its portal notice): the yes-or-wait answer when a litter is announced, then
// its place, how many are ahead and how many puppies remain (live), and in its turn the puppies open to it with the
// time left, to choose one or pass. Never another family's name or choice.
import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { imageUrl } from '../../../lib/shared/format.ts';
import { WANTS_LABELS, durationWords, type MyPickDto, type PickPuppyDto } from '../picks.schema.ts';
import { useLiveRefresh } from './live-refresh.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

/** Now, every 15 seconds: the time left counts down without a refetch. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function MyPicks() {
  const queryClient = useQueryClient();
  const key = trpc.picks.mine.pathKey();
  const mine = useQuery(trpc.picks.mine.queryOptions());
  useSubscription(
    trpc.picks.live.subscriptionOptions(
      undefined,
      useLiveRefresh(() => void queryClient.invalidateQueries({ queryKey: key })),
    ),
  );
  if (mine.isError) {
    return <Alert color="red">{errorMessage(mine.error, 'Pick day could not be loaded. Please try again later.')}</Alert>;
  }
  if (!mine.data?.length) return null;
  return (
    <Stack gap="md" id="picks">
      {mine.data.map((p) => (
        <LitterPick key={p.litterId} pick={p} />
      ))}
    </Stack>
  );
}

function LitterPick({ pick }: { pick: MyPickDto }) {
  const headingId = `pick-${pick.litterId}-heading`;
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id={headingId}>
            Pick day: the {pick.litterName} litter
          </Title>
          <StatusBadge pick={pick} />
        </Group>
        <Body pick={pick} />
        {pick.notices.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            aria-label="Notes about your place"
            style={{ margin: 0, paddingInlineStart: 'var(--mantine-spacing-lg)' }}
          >
            {pick.notices.map((n) => (
              <Text key={n.at + n.text} component="li" size="sm">
                {n.text}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function StatusBadge({ pick }: { pick: MyPickDto }) {
  if (pick.chosen) return <ToneBadge tone="green">Chosen</ToneBadge>;
  if (pick.myTurn) return <ToneBadge tone="orange">Your turn</ToneBadge>;
  if (pick.status === 'paused') return <ToneBadge tone="yellow">Paused</ToneBadge>;
  if (pick.status === 'done') return <ToneBadge tone="gray">Complete</ToneBadge>;
  if (pick.status === 'answers') return <ToneBadge tone="blue">Answer needed</ToneBadge>;
  return <ToneBadge tone="teal">In progress</ToneBadge>;
}

function Body({ pick }: { pick: MyPickDto }) {
  if (pick.chosen) return <Text>You chose {pick.chosen.name}. We will be in touch about the contract and the balance.</Text>;
  if (pick.status === 'answers') return <Answer pick={pick} />;
  if (pick.answer !== 'yes' || pick.place === null) {
    if (pick.state === 'passed') return <Text>You passed on this litter. You keep your place on the waitlist for the next one.</Text>;
    if (pick.state === 'missed') return <Text>Your time to choose ran out. You keep your place on the waitlist for the next litter.</Text>;
    if (pick.state === 'none-left' || pick.status === 'done')
      return <Text>No puppy from this litter was placed with you. You keep your place on the waitlist.</Text>;
    if (pick.state === 'skipped') return <Text>Your turn was moved on. The breeder can give it back to you: please get in touch.</Text>;
    return <Text>You are waiting for the next litter. You keep your place on the waitlist.</Text>;
  }
  if (pick.myTurn) return <Turn pick={pick} />;
  return <Place pick={pick} />;
}

function Answer({ pick }: { pick: MyPickDto }) {
  const queryClient = useQueryClient();
  const answer = useMutation(
    trpc.picks.answer.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.picks.mine.pathKey() }),
      onError: (e) => toast({ title: 'Your answer was not saved', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  return (
    <Stack gap="sm">
      <Text>
        Would you like a puppy from this litter? Please answer by {when(pick.answerDeadline)}. If you would rather wait for the next litter,
        you keep your place on the waitlist.
      </Text>
      {pick.answer !== 'pending' && (
        <Text fw={600} role="status">
          {pick.answer === 'yes' ? 'You said yes to this litter.' : 'You are waiting for the next litter.'}
          {pick.late ? ' (answered after the date: you choose after the families who answered in time)' : ''}
        </Text>
      )}
      <Group gap="sm">
        <Button
          onClick={() => answer.mutate({ litterId: pick.litterId, answer: 'yes' })}
          loading={answer.isPending && answer.variables?.answer === 'yes'}
          disabled={pick.answer === 'yes'}
        >
          Yes, this litter
        </Button>
        <Button
          variant="default"
          onClick={() => answer.mutate({ litterId: pick.litterId, answer: 'wait' })}
          loading={answer.isPending && answer.variables?.answer === 'wait'}
          disabled={pick.answer === 'wait'}
        >
          Wait for the next litter
        </Button>
      </Group>
    </Stack>
  );
}

function Place({ pick }: { pick: MyPickDto }) {
  const ahead = pick.ahead ?? 0;
  return (
    <Stack gap="sm">
      <Text size="lg" fw={600} role="status" aria-live="polite">
        {pick.status === 'ready' || pick.status === 'answers'
          ? `Your place in the order: ${pick.place}.`
          : `Your place: ${pick.place} · ${ahead === 0 ? 'you are next' : `${ahead} ${ahead === 1 ? 'family' : 'families'} ahead of you`} · ${pick.puppiesRemaining} ${pick.puppiesRemaining === 1 ? 'puppy' : 'puppies'} remaining`}
      </Text>
      {pick.status === 'paused' && <Text>The breeder has paused pick day for now.</Text>}
      <Text size="sm">
        You asked for: {WANTS_LABELS[pick.wants].toLowerCase()}
        {pick.colour ? `, ${pick.colour.toLowerCase()}` : ''}. We will e-mail you when it is your turn.
      </Text>
      <Text size="sm">
        Would you rather choose in person? <Anchor href="#visits">Book a pick visit</Anchor> for your turn.
      </Text>
      {pick.puppies.length > 0 && <Puppies pick={pick} choosable={false} />}
    </Stack>
  );
}

function Turn({ pick }: { pick: MyPickDto }) {
  const now = useNow();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.picks.mine.pathKey() });
  const pass = useMutation(
    trpc.picks.pass.mutationOptions({
      onSuccess: refresh,
      onError: (e) => {
        toast({ title: 'Not passed', message: errorMessage(e, 'Please try again.'), variant: 'destructive' });
        refresh();
      },
    }),
  );
  const respond = useMutation(
    trpc.picks.respond.mutationOptions({
      onSuccess: refresh,
      onError: (e) => {
        toast({ title: 'Not sent', message: errorMessage(e, 'Please try again.'), variant: 'destructive' });
        refresh();
      },
    }),
  );
  const [confirmPass, setConfirmPass] = useState(false);
  const left = pick.deadline ? new Date(pick.deadline).getTime() - now : null;
  return (
    <Stack gap="sm">
      <Alert color="orange" title="It’s your turn to choose" role="status">
        {pick.deadline ? (
          <>
            Please choose by {when(pick.deadline)}
            {left !== null && left > 0 ? ` (${durationWords(left)} left)` : ''}.
          </>
        ) : (
          'Pick day is paused: your time is kept.'
        )}
      </Alert>
      {pick.mode === 'match' ? (
        pick.proposal ? (
          <Stack gap="xs">
            <Text>We propose {pick.proposal.name} for your family.</Text>
            <Group gap="sm">
              <Button onClick={() => respond.mutate({ litterId: pick.litterId, accept: true })} loading={respond.isPending}>
                Accept {pick.proposal.name}
              </Button>
              <Button
                variant="default"
                onClick={() => respond.mutate({ litterId: pick.litterId, accept: false })}
                disabled={respond.isPending}
              >
                Decline
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text>The breeder is choosing a puppy to propose for you. You will see it here.</Text>
        )
      ) : (
        <Puppies pick={pick} choosable />
      )}
      {pick.mode === 'choose' && (
        <Button variant="default" color="red" onClick={() => setConfirmPass(true)} disabled={pass.isPending}>
          Pass on this litter
        </Button>
      )}
      <Modal opened={confirmPass} onClose={() => setConfirmPass(false)} title="Pass on this litter?">
        <Stack gap="md">
          <Text>You will not choose from this litter. You keep your place on the waitlist for the next one.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmPass(false)}>
              Keep my turn
            </Button>
            <Button
              color="red"
              loading={pass.isPending}
              onClick={() => pass.mutate({ litterId: pick.litterId }, { onSettled: () => setConfirmPass(false) })}
            >
              Pass
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Puppies({ pick, choosable }: { pick: MyPickDto; choosable: boolean }) {
  const [chosen, setChosen] = useState<PickPuppyDto | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.picks.mine.pathKey() });
  const choose = useMutation(
    trpc.picks.choose.mutationOptions({
      onSuccess: (r) => {
        toast({ title: `${r.puppyName} is yours`, message: 'We will be in touch about the contract and the balance.' });
        refresh();
      },
      onError: (e) => {
        toast({ title: 'Not chosen', message: errorMessage(e, 'Please try again.'), variant: 'destructive' });
        refresh();
      },
    }),
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {choosable ? 'Puppies you can choose' : 'Puppies still open to you'}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {pick.puppies.map((p) => (
          <Card key={p.id} withBorder radius="md" p="sm" component="article" aria-label={p.name}>
            <Stack gap={6}>
              {p.imageUrl && <Image src={imageUrl(p.imageUrl, 400)} alt={p.name} radius="sm" h={160} fit="cover" />}
              <Text fw={700}>{p.name}</Text>
              <Text size="sm">
                {p.gender === 'male' ? 'Male' : 'Female'} · {p.color}
              </Text>
              {p.temperament && <Text size="sm">Temperament: {p.temperament}</Text>}
              {p.fit && <Text size="sm">{p.fit.reason}</Text>}
              {p.videoUrl && (
                <Anchor href={p.videoUrl} target="_blank" rel="noopener" size="sm">
                  Watch {p.name}’s video
                </Anchor>
              )}
              {p.blocked ? (
                <Text size="sm" fw={600}>
                  Not for your family
                </Text>
              ) : (
                choosable && (
                  <Button onClick={() => setChosen(p)} disabled={choose.isPending}>
                    Choose {p.name}
                  </Button>
                )
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title={chosen ? `Choose ${chosen.name}?` : ''}>
        <Stack gap="md">
          <Text>This is your choice for this litter: it cannot be changed afterwards.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)}>
              Not yet
            </Button>
            <Button
              loading={choose.isPending}
              onClick={() => chosen && choose.mutate({ litterId: pick.litterId, puppyId: chosen.id }, { onSettled: () => setChosen(null) })}
            >
              Yes, choose {chosen?.name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
