// The breeder's applications: newest first, filter by status, search, CSV; one application read as a
// document, private notes, a status change with an optional message to the family, the deposit.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { trpc } from '../../../../lib/client/trpc.ts';
import { ToneBadge, type Tone } from '../../../../lib/client/ToneBadge.tsx';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { DateText } from '../../../../lib/client/admin/Dates.tsx';
import { MessageRow, PrivateNotesForm, UnreadSummary, useMarkOpened } from '../../../../lib/client/admin/Messages.tsx';
import { AdminScreen, EditorHeader, useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { ConversationSlot } from '../../../../lib/client/admin/ConversationSlot.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import { fieldErrorsOf } from '../../../../lib/client/trpc.ts';
import { formatDay } from '../../../../lib/shared/format.ts';
import {
  ACTIVITY_CHOICES,
  ALLERGY_CHOICES,
  CHILDREN_CHOICES,
  ALONE_CHOICES,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  BREEDER_TRANSITIONS,
  COLOR_CHOICES,
  DEPOSIT_METHOD_LABELS,
  DEPOSIT_METHODS,
  EXPERIENCE_CHOICES,
  FENCE_CHOICES,
  GENDER_CHOICES,
  HEARD_CHOICES,
  HOME_CHOICES,
  OWNERSHIP_CHOICES,
  SIZE_CHOICES,
  STANDARD_DEPOSIT,
  TIMING_CHOICES,
  YARD_CHOICES,
  waitlistPhrase,
  type ApplicationAdminDto,
  type ApplicationStatus,
} from '../../applications.schema.ts';

export const STATUS_TONES: Record<ApplicationStatus, Tone> = {
  submitted: 'blue',
  in_review: 'yellow',
  approved: 'green',
  declined: 'gray',
  waitlisted: 'teal',
  matched: 'green',
  withdrawn: 'gray',
};
const STATUS_DATA = APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }));

export function ApplicationsAdmin() {
  const { open } = useEditorView();
  const count = useQuery(trpc.admin.applications.newCount.queryOptions());
  return (
    <AdminScreen
      editor={(target) => typeof target === 'number' && <ApplicationDetail id={target} />}
      list={
        <AdminList
          noun={['application', 'applications']}
          title="Applications"
          listLabel="Applications, newest first"
          queryOptions={(input) => trpc.admin.applications.list.queryOptions(input)}
          csv="/api/admin/applications.csv"
          search={{ label: 'Search applications', placeholder: 'Name, e-mail or place' }}
          filters={{ status: { label: 'Status', placeholder: 'All statuses', data: STATUS_DATA } }}
          empty="No applications yet. Family Questionnaires will appear here."
          intro={() => <UnreadSummary count={count.data?.unread} adjective="new" noun={['application', 'applications']} />}
          renderItem={(a) => (
            <MessageRow
              unread={a.readAt === null}
              unreadWord="New"
              name={a.answers.name}
              badge={<ToneBadge tone={STATUS_TONES[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</ToneBadge>}
              lines={[`${a.answers.location} · ${a.answers.email}${a.litterName ? ` · ${a.litterName}` : ''}`]}
              createdAt={a.createdAt}
              onOpen={() => open(a.id)}
            />
          )}
        />
      }
    />
  );
}

function Answer({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{children || '—'}</Text>
    </div>
  );
}

/** The questionnaire's answers as the breeder reads them, section by section (optional answers only when given). */
function answerSections({ answers: x, litterName }: ApplicationAdminDto): Array<[string, Array<[string, string]>]> {
  const given = (label: string, value: string | null | undefined): Array<[string, string]> => (value ? [[label, value]] : []);
  return [
    [
      'Contact',
      [
        ['Name', x.name],
        ['E-mail', x.email],
        ['Phone', x.phone],
        ['City and state', x.location],
      ],
    ],
    [
      'Household',
      [
        ['Who lives in the home', x.household],
        ...given('Children at home', x.children && CHILDREN_CHOICES[x.children]),
        ...given('Pace', x.activity && ACTIVITY_CHOICES[x.activity]),
        ['Other pets', x.otherPets],
        ['Dog allergies', ALLERGY_CHOICES[x.allergies]],
        ...given('About the allergy', x.allergyDetails),
      ],
    ],
    [
      'Home and yard',
      [
        ['Home', HOME_CHOICES[x.homeType]],
        ['Own or rent', OWNERSHIP_CHOICES[x.ownership]],
        ['Yard', YARD_CHOICES[x.yard]],
        ...given('Fence', x.fence && FENCE_CHOICES[x.fence]),
        ['Hours alone', ALONE_CHOICES[x.hoursAlone]],
      ],
    ],
    [
      'Experience',
      [
        ['Experience with dogs', EXPERIENCE_CHOICES[x.experience]],
        ['Dogs they have had and training plans', x.experienceDetails],
      ],
    ],
    [
      'Preferences',
      [
        ['Litter', litterName ?? 'Any litter'],
        ['Size', SIZE_CHOICES[x.size]],
        ['Gender', GENDER_CHOICES[x.gender]],
        ['Colour', COLOR_CHOICES[x.color]],
        ['Timing', TIMING_CHOICES[x.timing]],
        ['Heard about us through', HEARD_CHOICES[x.heardAbout]],
        ['Anything else', x.notes],
      ],
    ],
  ];
}

function ApplicationDetail({ id }: { id: number }) {
  const { close } = useEditorView();
  const query = useQuery(trpc.admin.applications.byId.queryOptions({ id }));
  const invalidate = useInvalidate();
  const open = useMutation(trpc.admin.applications.open.mutationOptions({ onSuccess: () => invalidate() }));
  useMarkOpened(query.data, () => open.mutate({ id }));
  const a = query.data;
  return (
    <>
      <EditorHeader title={a ? `Application from ${a.answers.name}` : 'Application'} onBack={close} backLabel="Back to applications" />
      <QueryState query={query} what="the application" />
      {a && (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md" component="article" aria-label="Answers">
            <Group gap="xs" mb="sm" wrap="wrap">
              <ToneBadge tone={STATUS_TONES[a.status]}>{APPLICATION_STATUS_LABELS[a.status]}</ToneBadge>
              <Text size="sm" c="dimmed">
                Received <DateText iso={a.createdAt} withTime />
                {a.username ? ` · account ${a.username}` : ''}
              </Text>
            </Group>
            {a.waitlist && (
              <Text mb="sm">{waitlistPhrase(a.waitlist.position, a.waitlist.litterName).replace(/^./, (c) => c.toUpperCase())}.</Text>
            )}
            {a.puppy && <Text mb="sm">Matched with {a.puppy.name}.</Text>}
            {answerSections(a).map(([title, answers], i, all) => (
              <div key={title}>
                <Title order={3} size="h5">
                  {title}
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mb={i < all.length - 1 ? 'md' : undefined} mt="xs">
                  {answers.map(([label, value]) => (
                    <Answer key={label} label={label}>
                      {value}
                    </Answer>
                  ))}
                </SimpleGrid>
              </div>
            ))}
          </Paper>
          <StatusForm application={a} />
          {['approved', 'waitlisted', 'matched'].includes(a.status) && <DepositForm application={a} />}
          {/* The family's conversation (issue 30), from the app layer's slot. */}
          <ConversationSlot applicationId={a.id} />
          <NotesForm application={a} />
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="sm">
              Timeline
            </Title>
            <Timeline bulletSize={14} lineWidth={2} active={a.timeline.length - 1}>
              {a.timeline.map((e, i) => (
                <Timeline.Item key={i} title={APPLICATION_STATUS_LABELS[e.status]}>
                  <Text size="sm">
                    <DateText iso={e.at} withTime /> · {e.by === 'family' ? 'by the family' : `by ${e.actorName ?? 'the breeder'}`}
                  </Text>
                  {e.message && (
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      “{e.message}”
                    </Text>
                  )}
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Stack>
      )}
    </>
  );
}

function StatusForm({ application: a }: { application: ApplicationAdminDto }) {
  const invalidate = useInvalidate();
  const next = BREEDER_TRANSITIONS[a.status].filter((s) => s !== 'matched') as ('in_review' | 'approved' | 'declined' | 'waitlisted')[];
  const [status, setStatus] = useState<string>(next[0] ?? '');
  const [message, setMessage] = useState('');
  const [litterId, setLitterId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const litters = useQuery(trpc.litters.active.queryOptions());
  const change = useMutation(
    trpc.admin.applications.changeStatus.mutationOptions({
      onSuccess: async (saved) => {
        notifySaved('Status changed', `Now: ${APPLICATION_STATUS_LABELS[saved.status]}. The family was e-mailed.`);
        setMessage('');
        setError(null);
        await invalidate();
      },
      onError: (e) => {
        setError(fieldErrorsOf(e)?.message?.[0] ?? null);
        notifyFailed('Could not change the status', e);
      },
    }),
  );
  if (next.length === 0) return null;
  const chosen = next.includes(status as never) ? status : next[0]!;
  // The list shown is the list used: untouched, the select shows (and the save sends) the litter the family applied for.
  const litterOptions = [
    { value: '', label: 'General waitlist' },
    ...(litters.data ?? []).map((l) => ({ value: String(l.id), label: l.name })),
  ];
  const appliedFor =
    a.answers.litterId != null && litterOptions.some((o) => o.value === String(a.answers.litterId)) ? String(a.answers.litterId) : '';
  const shownList = litterId ?? appliedFor;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Change status"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate({
          id: a.id,
          status: chosen as never,
          message,
          litterId: chosen === 'waitlisted' && shownList ? Number(shownList) : null,
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          Change status
        </Title>
        <NativeSelect
          label="New status"
          data={next.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s] }))}
          value={chosen}
          onChange={(e) => setStatus(e.currentTarget.value)}
          maw={300}
        />
        {chosen === 'waitlisted' && (
          <NativeSelect
            label="Waitlist"
            data={litterOptions}
            value={shownList}
            onChange={(e) => setLitterId(e.currentTarget.value)}
            maw={300}
          />
        )}
        <Textarea
          label="Message to the family (optional)"
          description="Sent in the e-mail and shown on their application."
          autosize
          minRows={2}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending} disabled={chosen === 'waitlisted' && litters.isPending}>
            Change status and e-mail the family
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const today = () => new Date().toISOString().slice(0, 10);

function DepositForm({ application: a }: { application: ApplicationAdminDto }) {
  // Recorded under Payments: the ledger is the one record of money (decision 141); it is changed there, not here.
  if (a.deposit?.fromLedger) return <LedgerDeposit deposit={a.deposit} />;
  return <ApplicationDepositForm application={a} />;
}

function LedgerDeposit({ deposit: d }: { deposit: NonNullable<ApplicationAdminDto['deposit']> }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Deposit">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Deposit
        </Title>
        <Text fw={600} data-testid="deposit-state">
          Recorded under Payments: ${d.amount} received {formatDay(d.receivedOn)} ({DEPOSIT_METHOD_LABELS[d.method]}).
          {d.refundedOn ? ` Refunded $${d.refundAmount} on ${formatDay(d.refundedOn)}.` : ''}
        </Text>
        <Text size="sm">
          Payments are the one record of money: <Anchor href="/admin/payments">open Payments</Anchor> to record a payment or a refund.
        </Text>
      </Stack>
    </Paper>
  );
}

function ApplicationDepositForm({ application: a }: { application: ApplicationAdminDto }) {
  const invalidate = useInvalidate();
  const d = a.deposit;
  const [values, setValues] = useState({
    amount: d?.amount ?? STANDARD_DEPOSIT,
    receivedOn: d?.receivedOn ?? today(),
    method: d?.method ?? 'zelle',
    nonRefundable: d?.nonRefundable ?? true,
    notes: d?.notes ?? '',
    refundedOn: d?.refundedOn ?? '',
    refundAmount: d?.refundAmount ?? ('' as number | ''),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation(
    trpc.admin.applications.setDeposit.mutationOptions({
      onSuccess: async () => {
        notifySaved('Deposit saved');
        setErrors({});
        await invalidate();
      },
      onError: (e) => {
        setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(e) ?? {}).map(([k, m]) => [k, m[0] ?? ''])));
        notifyFailed('Could not save the deposit', e);
      },
    }),
  );
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => setValues((s) => ({ ...s, [k]: v }));
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      aria-label="Deposit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          id: a.id,
          amount: Number(values.amount),
          receivedOn: values.receivedOn,
          method: values.method,
          nonRefundable: values.nonRefundable,
          notes: values.notes,
          refundedOn: values.refundedOn || null,
          refundAmount: values.refundAmount === '' ? null : Number(values.refundAmount),
        });
      }}
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          Deposit
        </Title>
        {/* The form starts filled with the usual deposit; say plainly that nothing is recorded until it is saved. */}
        <Text fw={600} data-testid="deposit-state">
          {d
            ? `Recorded: $${d.amount} received ${formatDay(d.receivedOn)}.`
            : 'No deposit recorded yet. Save the form below once the deposit is received, or record it under Payments once the terms are set.'}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label="Amount ($)"
            min={1}
            allowDecimal={false}
            value={values.amount}
            onChange={(v) => set('amount', Number(v) || 0)}
            error={errors.amount}
          />
          <TextInput
            label="Date received"
            type="date"
            value={values.receivedOn}
            onChange={(e) => set('receivedOn', e.currentTarget.value)}
            error={errors.receivedOn}
          />
          <NativeSelect
            label="Method"
            data={DEPOSIT_METHODS.map((m) => ({ value: m, label: DEPOSIT_METHOD_LABELS[m] }))}
            value={values.method}
            onChange={(e) => set('method', e.currentTarget.value as never)}
            error={errors.method}
          />
        </SimpleGrid>
        <Checkbox label="Non-refundable" checked={values.nonRefundable} onChange={(e) => set('nonRefundable', e.currentTarget.checked)} />
        <Textarea
          label="Deposit notes"
          autosize
          minRows={1}
          maxLength={2000}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes}
        />
        <Divider label="Refund (only if one was made)" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Refund date"
            type="date"
            value={values.refundedOn}
            onChange={(e) => set('refundedOn', e.currentTarget.value)}
            error={errors.refundedOn}
          />
          <NumberInput
            label="Refund amount ($)"
            min={1}
            allowDecimal={false}
            value={values.refundAmount}
            onChange={(v) => set('refundAmount', v === '' ? '' : Number(v))}
            error={errors.refundAmount}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save deposit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NotesForm({ application: a }: { application: ApplicationAdminDto }) {
  const invalidate = useInvalidate();
  const save = useMutation(
    trpc.admin.applications.setNotes.mutationOptions({
      onSuccess: async () => {
        notifySaved('Notes saved');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not save the notes', e),
    }),
  );
  return <PrivateNotesForm notes={a.notes} saving={save.isPending} onSave={(notes) => save.mutate({ id: a.id, notes })} />;
}
