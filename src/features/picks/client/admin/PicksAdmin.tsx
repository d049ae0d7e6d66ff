// The dashboard's Pick day (phone first): choose a litter, announce it to the waitlist, open picks, and run the board
// live: who is choosing and until when, pause, extend, skip, choose for a family by phone, reinstate, reorder with a
// reason, and (matching mode) propose a puppy.
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { errorMessage, trpc } from '../../../../lib/client/trpc.ts';
import { notifyFailed, notifySaved } from '../../../../lib/client/admin/admin-utils.ts';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { ToneBadge, type Tone } from '../../../../lib/client/ToneBadge.tsx';
import {
  ENTRY_STATE_LABELS,
  MISSED_RULES,
  MISSED_RULE_LABELS,
  WANTS_LABELS,
  durationWords,
  type BoardDto,
  type BoardEntryDto,
  type EntryState,
  type MissedRule,
  type RoundStatus,
} from '../../picks.schema.ts';
import { useLiveRefresh } from '../live-refresh.ts';

const STATUS_LABELS: Record<RoundStatus, string> = {
  answers: 'Asking families',
  ready: 'Order set',
  open: 'Picks open',
  paused: 'Paused',
  done: 'Complete',
};
const STATE_TONES: Record<EntryState, Tone> = {
  waiting: 'gray',
  turn: 'orange',
  chosen: 'green',
  passed: 'blue',
  missed: 'pink',
  skipped: 'yellow',
  'none-left': 'gray',
};

const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));

export function PicksAdmin({ litterId: chosen, onSelect }: { litterId?: number; onSelect: (litterId: number) => void }) {
  const queryClient = useQueryClient();
  const overview = useQuery(trpc.admin.picks.overview.queryOptions());
  useSubscription(
    trpc.admin.picks.live.subscriptionOptions(
      undefined,
      useLiveRefresh(() => void queryClient.invalidateQueries({ queryKey: trpc.admin.picks.pathKey() })),
    ),
  );
  const litterId = chosen ?? overview.data?.find((l) => l.status && l.status !== 'done')?.litterId ?? null;
  if (overview.isPending) return <PageSpinner />;
  if (overview.isError) return <Alert color="red">{errorMessage(overview.error, 'Pick day could not be loaded.')}</Alert>;
  return (
    <Stack gap="lg">
      <Title order={2}>Pick day</Title>
      {overview.data.length === 0 ? (
        <Text>Add a litter first: pick day runs for one litter at a time.</Text>
      ) : (
        <Select
          label="Litter"
          data={overview.data.map((l) => ({
            value: String(l.litterId),
            label: `${l.litterName} (${l.status ? STATUS_LABELS[l.status] : 'not announced'})`,
          }))}
          value={litterId ? String(litterId) : null}
          onChange={(v) => v && onSelect(Number(v))}
          allowDeselect={false}
        />
      )}
      {litterId && (
        <LitterBoard key={litterId} litterId={litterId} announced={!!overview.data.find((l) => l.litterId === litterId)?.status} />
      )}
    </Stack>
  );
}

function LitterBoard({ litterId, announced }: { litterId: number; announced: boolean }) {
  const board = useQuery({ ...trpc.admin.picks.board.queryOptions({ litterId }), enabled: announced });
  if (!announced) return <AnnounceForm litterId={litterId} />;
  if (board.isPending) return <PageSpinner />;
  if (board.isError) return <Alert color="red">{errorMessage(board.error, 'The board could not be loaded.')}</Alert>;
  return <Board board={board.data} />;
}

/** What every board action does when it is done: say so, and refetch the board (the live event refetches it elsewhere). */
function useDone(done: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => {
      notifySaved(done);
      void queryClient.invalidateQueries({ queryKey: trpc.admin.picks.pathKey() });
    },
    onError: (e: unknown) => notifyFailed('Not done', e),
  };
}

function AnnounceForm({ litterId }: { litterId: number }) {
  const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
  const local = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const [deadline, setDeadline] = useState(local(inThreeDays));
  const [windowChoice, setWindowChoice] = useState<string>('1440');
  const [customMinutes, setCustomMinutes] = useState<number | string>(60);
  const [missedRule, setMissedRule] = useState<MissedRule>('end');
  const [breederPick, setBreederPick] = useState(false);
  const [matching, setMatching] = useState(false);
  const [overnight, setOvernight] = useState(false);
  const announce = useMutation(trpc.admin.picks.announce.mutationOptions(useDone('Announced to the waitlist')));
  const minutes = windowChoice === 'custom' ? Number(customMinutes) : Number(windowChoice);
  return (
    <Card withBorder radius="md" p="md" component="section" aria-labelledby="announce-heading">
      <Stack gap="sm">
        <Title order={3} id="announce-heading">
          Announce this litter to the waitlist
        </Title>
        <Text size="sm">
          Each family on the waitlist is asked whether it wants a puppy from this litter or would rather wait for the next.
        </Text>
        <TextInput
          type="datetime-local"
          label="Answers due by"
          value={deadline}
          onChange={(e) => setDeadline(e.currentTarget.value)}
          required
        />
        <Select
          label="Time each family has to choose"
          data={[
            { value: '1440', label: '24 hours' },
            { value: '2880', label: '48 hours' },
            { value: 'custom', label: 'Other (minutes)' },
          ]}
          value={windowChoice}
          onChange={(v) => setWindowChoice(v ?? '1440')}
          allowDeselect={false}
        />
        {windowChoice === 'custom' && (
          <NumberInput label="Minutes to choose" min={1} max={10080} value={customMinutes} onChange={setCustomMinutes} />
        )}
        <Select
          label="When a family’s time runs out"
          data={MISSED_RULES.map((r) => ({ value: r, label: MISSED_RULE_LABELS[r] }))}
          value={missedRule}
          onChange={(v) => setMissedRule((v as MissedRule) ?? 'end')}
          allowDeselect={false}
        />
        <Checkbox
          label="I keep the first pick (breeder’s pick)"
          checked={breederPick}
          onChange={(e) => setBreederPick(e.currentTarget.checked)}
        />
        <Switch
          label="Matching mode: I propose a puppy to each family"
          checked={matching}
          onChange={(e) => setMatching(e.currentTarget.checked)}
        />
        <Switch
          label="Pause windows overnight (21:00 to 08:00)"
          checked={overnight}
          onChange={(e) => setOvernight(e.currentTarget.checked)}
        />
        <Button
          onClick={() =>
            announce.mutate({
              litterId,
              answerDeadline: new Date(deadline).toISOString(),
              windowMinutes: minutes,
              missedRule,
              breederPick,
              mode: matching ? 'match' : 'choose',
              overnightPause: overnight,
            })
          }
          loading={announce.isPending}
        >
          Announce to the waitlist
        </Button>
      </Stack>
    </Card>
  );
}

function Board({ board }: { board: BoardDto }) {
  const litterId = board.litterId;
  const current = board.entries.find((e) => e.id === board.currentEntryId) ?? null;
  const open = useMutation(trpc.admin.picks.open.mutationOptions(useDone('Picks are open')));
  const pause = useMutation(trpc.admin.picks.pause.mutationOptions(useDone('Paused')));
  const resume = useMutation(trpc.admin.picks.resume.mutationOptions(useDone('Resumed')));
  const extend = useMutation(trpc.admin.picks.extend.mutationOptions(useDone('More time given')));
  const skip = useMutation(trpc.admin.picks.skip.mutationOptions(useDone('Turn moved on')));
  const [choosingFor, setChoosingFor] = useState<BoardEntryDto | null>(null);
  const openPuppies = board.puppies.filter((p) => p.open);
  const ordered = board.entries.filter((e) => e.position > 0);
  const unplaced = board.entries.filter((e) => e.position === 0);
  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="md" component="section" aria-labelledby="now-heading">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} id="now-heading">
              The {board.litterName} litter
            </Title>
            <ToneBadge tone={board.status === 'open' ? 'orange' : board.status === 'done' ? 'green' : 'blue'}>
              {STATUS_LABELS[board.status]}
            </ToneBadge>
          </Group>
          <Text size="sm">
            {board.mode === 'match' ? 'Matching mode' : 'Families choose'} · {durationWords(board.windowMinutes * 60_000)} each ·{' '}
            {MISSED_RULE_LABELS[board.missedRule].toLowerCase()} · answers due {inZone(board.answerDeadline, board.timeZone)}
          </Text>
          {board.status === 'answers' && (
            <Button onClick={() => open.mutate({ litterId })} loading={open.isPending}>
              Set the order and open picks
            </Button>
          )}
          {current && (board.status === 'open' || board.status === 'paused') && (
            <Stack gap="xs" role="status" aria-live="polite">
              <Text fw={700}>Now choosing: {current.name}</Text>
              <Text>
                {board.deadline
                  ? `Until ${inZone(board.deadline, board.timeZone)}`
                  : board.pausedRemainingMs != null
                    ? `Paused with ${durationWords(board.pausedRemainingMs)} left`
                    : 'No time limit (your own pick)'}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Button size="sm" onClick={() => setChoosingFor(current)}>
                  {current.isBreeder ? 'Take my pick' : `Choose for ${current.name}`}
                </Button>
                {board.status === 'open' ? (
                  <Button size="sm" variant="default" onClick={() => pause.mutate({ litterId })} loading={pause.isPending}>
                    Pause
                  </Button>
                ) : (
                  <Button size="sm" variant="default" onClick={() => resume.mutate({ litterId })} loading={resume.isPending}>
                    Resume
                  </Button>
                )}
                {!current.isBreeder && (
                  <Button size="sm" variant="default" onClick={() => extend.mutate({ litterId, minutes: 60 })} loading={extend.isPending}>
                    Give 1 more hour
                  </Button>
                )}
                <Button size="sm" variant="default" color="red" onClick={() => skip.mutate({ litterId })} loading={skip.isPending}>
                  Skip
                </Button>
              </Group>
            </Stack>
          )}
          {board.status === 'done' && <Text>Pick day is over: each family has its results.</Text>}
        </Stack>
      </Card>

      <Card withBorder radius="md" p="md" component="section" aria-labelledby="order-heading">
        <Stack gap="sm">
          <Title order={3} id="order-heading">
            The order
          </Title>
          {ordered.length === 0 && (
            <Text size="sm">The order is set from the answers when you open picks (by deposit date; late answers after).</Text>
          )}
          <Stack gap="xs" component="ol" aria-label="Pick order" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {ordered.map((e) => (
              <EntryRow key={e.id} board={board} entry={e} />
            ))}
          </Stack>
          {unplaced.length > 0 && (
            <>
              <Title order={4}>Answers</Title>
              <Stack gap="xs" component="ul" aria-label="Families asked" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
                {unplaced.map((e) => (
                  <EntryRow key={e.id} board={board} entry={e} />
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md" p="md" component="section" aria-labelledby="puppies-heading">
        <Stack gap="xs">
          <Title order={3} id="puppies-heading">
            Puppies ({openPuppies.length} open)
          </Title>
          <Stack gap={4} component="ul" aria-label="Puppies" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {board.puppies.map((p) => (
              <Text key={p.id} component="li" size="sm">
                {p.name} · {p.gender === 'male' ? 'male' : 'female'} · {p.color} ·{' '}
                {p.open ? 'open' : p.heldBy ? `chosen by ${board.entries.find((e) => e.id === p.heldBy)?.name ?? 'a family'}` : 'not open'}
              </Text>
            ))}
          </Stack>
        </Stack>
      </Card>
      <ChooseForDialog board={board} entry={choosingFor} onClose={() => setChoosingFor(null)} />
    </Stack>
  );
}

function EntryRow({ board, entry }: { board: BoardDto; entry: BoardEntryDto }) {
  const [moving, setMoving] = useState(false);
  const reinstate = useMutation(trpc.admin.picks.reinstate.mutationOptions(useDone('Reinstated: chooses next')));
  const answerFor = useMutation(trpc.admin.picks.answerFor.mutationOptions(useDone('Answer recorded')));
  const propose = useMutation(trpc.admin.picks.propose.mutationOptions(useDone('Proposed')));
  const openPuppies = board.puppies.filter((p) => p.open && (entry.wants === 'any' || p.gender === entry.wants));
  return (
    <Card component="li" withBorder radius="sm" p="sm" aria-label={entry.name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600}>
            {entry.position > 0 ? `${entry.position}. ` : ''}
            {entry.name}
          </Text>
          <ToneBadge
            tone={
              entry.position > 0 ? STATE_TONES[entry.state] : entry.answer === 'yes' ? 'green' : entry.answer === 'wait' ? 'blue' : 'gray'
            }
          >
            {entry.position > 0
              ? ENTRY_STATE_LABELS[entry.state]
              : entry.answer === 'pending'
                ? 'No answer yet'
                : entry.answer === 'yes'
                  ? 'Yes'
                  : 'Waits'}
          </ToneBadge>
        </Group>
        {!entry.isBreeder && (
          <Text size="sm">
            {WANTS_LABELS[entry.wants]}
            {entry.colour ? ` · ${entry.colour}` : ''} · deposit {entry.depositOn ?? 'none'}
            {entry.late ? ' · answered late' : ''}
            {entry.missed ? ` · missed ${entry.missed}` : ''}
          </Text>
        )}
        {entry.chosen && <Text size="sm">Chose {entry.chosen.name}</Text>}
        {entry.proposal && !entry.chosen && <Text size="sm">Proposed: {entry.proposal.name}</Text>}
        <Group gap="xs" wrap="wrap">
          {board.status === 'answers' && !entry.isBreeder && (
            <>
              <Button
                size="xs"
                variant="default"
                onClick={() => answerFor.mutate({ litterId: board.litterId, entryId: entry.id, answer: 'yes' })}
              >
                Says yes
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => answerFor.mutate({ litterId: board.litterId, entryId: entry.id, answer: 'wait' })}
              >
                Waits
              </Button>
            </>
          )}
          {['missed', 'skipped', 'passed'].includes(entry.state) && entry.position > 0 && board.status !== 'answers' && (
            <Button size="xs" variant="default" onClick={() => reinstate.mutate({ litterId: board.litterId, entryId: entry.id })}>
              Reinstate
            </Button>
          )}
          {entry.state === 'waiting' && entry.position > 0 && board.status !== 'done' && (
            <Button size="xs" variant="default" onClick={() => setMoving(true)}>
              Move
            </Button>
          )}
          {board.mode === 'match' &&
            (entry.state === 'waiting' || entry.state === 'turn') &&
            !entry.isBreeder &&
            openPuppies.length > 0 && (
              <Select
                size="xs"
                aria-label={`Propose a puppy to ${entry.name}`}
                placeholder="Propose a puppy"
                data={openPuppies.map((p) => ({ value: String(p.id), label: p.name }))}
                value={entry.proposal ? String(entry.proposal.puppyId) : null}
                onChange={(v) => v && propose.mutate({ litterId: board.litterId, entryId: entry.id, puppyId: Number(v) })}
              />
            )}
        </Group>
      </Stack>
      {moving && <MoveDialog board={board} entry={entry} onClose={() => setMoving(false)} />}
    </Card>
  );
}

function MoveDialog({ board, entry, onClose }: { board: BoardDto; entry: BoardEntryDto; onClose: () => void }) {
  const [position, setPosition] = useState<number | string>(entry.position);
  const [reason, setReason] = useState('');
  const reorder = useMutation(trpc.admin.picks.reorder.mutationOptions(useDone('Order changed; the families affected are told why')));
  return (
    <Modal opened onClose={onClose} title={`Move ${entry.name}`}>
      <Stack gap="sm">
        <NumberInput label="New place" min={1} max={board.entries.length} value={position} onChange={setPosition} />
        <Textarea
          label="Reason (each family whose place changes reads it)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={reorder.isPending}
            onClick={() =>
              reorder.mutate({ litterId: board.litterId, entryId: entry.id, position: Number(position), reason }, { onSuccess: onClose })
            }
          >
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ChooseForDialog({ board, entry, onClose }: { board: BoardDto; entry: BoardEntryDto | null; onClose: () => void }) {
  const [puppyId, setPuppyId] = useState<string | null>(null);
  const pickFor = useMutation(trpc.admin.picks.pickFor.mutationOptions(useDone('Chosen')));
  const choices = board.puppies.filter((p) => p.open && (!entry || entry.wants === 'any' || p.gender === entry.wants));
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.isBreeder ? 'Take my pick' : `Choose for ${entry?.name ?? ''}`}>
      <Stack gap="sm">
        <Select
          label="Puppy"
          data={choices.map((p) => ({ value: String(p.id), label: `${p.name} (${p.gender}, ${p.color})` }))}
          value={puppyId}
          onChange={setPuppyId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!puppyId}
            loading={pickFor.isPending}
            onClick={() =>
              entry &&
              puppyId &&
              pickFor.mutate({ litterId: board.litterId, entryId: entry.id, puppyId: Number(puppyId) }, { onSuccess: onClose })
            }
          >
            Choose
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
