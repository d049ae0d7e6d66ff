// The breeder's Payments screen (/admin/payments): how families pay (instructions and link), the accounts with
// their balances (paged and searched on the server, CSV of every payment), and one family's terms, payments,
// refunds and receipts.
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { trpc, trpcClient } from '../../../../lib/client/trpc.ts';
import { AdminList } from '../../../../lib/client/admin/AdminList.tsx';
import { useAdminForm } from '../../../../lib/client/admin/AdminForm.tsx';
import { ItemCard, Meta, Pager, QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { AdminScreen, EditorHeader, useEditorView } from '../../../../lib/client/admin/Section.tsx';
import { formatDay, possessive } from '../../../../lib/shared/format.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { centsToDecimal, formatCents } from '../../money.ts';
import {
  InstructionsSchema,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENTS_MESSAGES,
  RecordPaymentSchema,
  SetTermsSchema,
  type AdminAccountDto,
  type FamilyAccountDto,
  type KeptPaymentDto,
  type PaymentDto,
  type PaymentMethod,
  type FamilyOptionDto,
  type TermsDto,
} from '../../payments.schema.ts';

const METHOD_DATA = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const today = () => new Date().toISOString().slice(0, 10);

export function PaymentsAdmin() {
  return (
    <AdminScreen
      editor={(target) => (target === 'new' ? <NewAccount /> : <AccountEditor familyId={target} />)}
      list={
        <>
          <AdminList
            noun={['family', 'families']}
            title="Payments"
            listLabel="Families’ payments, soonest due first"
            queryOptions={(input) => trpc.admin.payments.list.queryOptions(input)}
            csv="/api/admin/payments.csv"
            addable
            search={{ label: 'Search payments', placeholder: 'Family or puppy name' }}
            empty="No payment terms yet. Add a matched family to set their price, deposit and due date."
            intro={() => <InstructionsForm />}
            renderItem={(a: FamilyAccountDto, row) => <AccountRow account={a} open={row.edit} />}
          />
          <KeptPayments />
        </>
      }
    />
  );
}

function AccountRow({ account: a, open }: { account: FamilyAccountDto; open: () => void }) {
  const overdue = a.dueOn !== null && a.balanceCents > 0 && a.dueOn < today();
  return (
    <ItemCard
      title={a.familyName}
      badges={
        a.balanceCents <= 0 ? (
          <ToneBadge tone="green">Paid in full</ToneBadge>
        ) : overdue ? (
          <ToneBadge tone="orange">Overdue</ToneBadge>
        ) : undefined
      }
      actions={
        <Button variant="default" size="sm" onClick={open} aria-label={`Open ${possessive(a.familyName)} payments`}>
          Open
        </Button>
      }
    >
      <Meta>
        {a.puppyName ? `${a.puppyName} · ` : ''}Price {formatCents(a.priceCents)} · Paid {formatCents(a.paidCents)} · Balance{' '}
        {formatCents(a.balanceCents)}
        {a.dueOn ? ` · due ${formatDay(a.dueOn)}` : ''}
      </Meta>
    </ItemCard>
  );
}

function InstructionsForm() {
  const settings = useQuery(trpc.admin.payments.instructions.queryOptions());
  if (!settings.data) return <QueryState query={settings} what="the payment instructions" />;
  return <InstructionsFields initial={{ instructions: settings.data.instructions, link: settings.data.link ?? '' }} />;
}

function InstructionsFields({ initial }: { initial: { instructions: string; link: string } }) {
  const { form, submit, saving } = useAdminForm({
    dirtyKey: 'payment-instructions',
    initialValues: initial,
    schema: InstructionsSchema,
    save: (input) => trpcClient.admin.payments.saveInstructions.mutate({ instructions: input.instructions, link: input.link ?? '' }),
    saved: () => [PAYMENTS_MESSAGES.instructionsSaved, 'Families see them with what they owe.'],
    failed: 'Could not save the payment instructions',
  });
  return (
    <Paper withBorder p="md" radius="md" mb="md" component="form" onSubmit={submit} noValidate aria-label="How families pay">
      <Stack gap="sm">
        <Title order={3} size="h5">
          How families pay
        </Title>
        <Textarea
          label="Payment instructions"
          description="Bank details, who to make a check out to…"
          autosize
          minRows={2}
          {...form.getInputProps('instructions')}
        />
        <TextInput
          label="Payment link"
          description="A payment provider’s page, starting with https://"
          type="url"
          {...form.getInputProps('link')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save instructions
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewAccount() {
  const { close, open } = useEditorView();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const families = useQuery({
    ...trpc.admin.payments.families.queryOptions(debounced ? { search: debounced } : {}),
    placeholderData: keepPreviousData,
  });
  const [familyId, setFamilyId] = useState('');
  const choose = (value: string) => {
    const family = families.data?.find((f) => String(f.id) === value);
    // A family with terms already is edited where its payments are.
    if (family?.hasTerms) open(family.id);
    else setFamilyId(value);
  };
  return (
    <>
      <EditorHeader title="New payment terms" onBack={close} backLabel="Back to payments" />
      <Stack gap="md">
        <TextInput
          label="Find a family"
          description="Family or puppy name"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={360}
        />
        <QueryState query={families} what="the families" />
        {families.data &&
          (families.data.length === 0 ? (
            <Text>{debounced ? 'No matched family has that name.' : 'No matched families yet: match a family with a puppy first.'}</Text>
          ) : (
            <NativeSelect
              label="Family"
              value={familyId}
              onChange={(e) => choose(e.currentTarget.value)}
              data={[
                { value: '', label: 'Choose a family' },
                ...families.data.map((f) => ({
                  value: String(f.id),
                  label: `${f.name}${f.puppyName ? ` (${f.puppyName})` : ''}${f.hasTerms ? ' · terms set' : ''}`,
                })),
              ]}
            />
          ))}
        {familyId && (
          <TermsForm
            key={familyId}
            familyId={Number(familyId)}
            terms={null}
            suggested={families.data?.find((f) => String(f.id) === familyId)?.suggested}
            onSaved={() => open(Number(familyId))}
          />
        )}
      </Stack>
    </>
  );
}

function TermsForm({
  familyId,
  terms,
  suggested,
  onSaved,
}: {
  familyId: number;
  terms: TermsDto | null;
  suggested?: FamilyOptionDto['suggested'];
  onSaved?: () => void;
}) {
  // New terms start from the family's contract and puppy (decision 141): the price, deposit and pickup date need not be typed again.
  const start = (cents: number | null | undefined) => (cents != null ? centsToDecimal(cents) : '');
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `payment-terms-${familyId}`,
    initialValues: {
      price: terms ? centsToDecimal(terms.priceCents) : start(suggested?.priceCents),
      deposit: terms ? centsToDecimal(terms.depositCents) : start(suggested?.depositCents),
      dueOn: terms?.dueOn ?? suggested?.dueOn ?? '',
    },
    schema: SetTermsSchema,
    toInput: (v) => ({ familyId, price: v.price, deposit: v.deposit, dueOn: v.dueOn || null }),
    // The schema's output is cents; the procedure reads amounts as typed, so they go back as exact decimals.
    save: (input) =>
      trpcClient.admin.payments.setTerms.mutate({ ...input, price: centsToDecimal(input.price), deposit: centsToDecimal(input.deposit) }),
    saved: () => [PAYMENTS_MESSAGES.saved, 'The family sees them on their page.'],
    failed: 'Could not save the payment terms',
    onSaved: (_r, f) => {
      f.resetDirty();
      onSaved?.();
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Price, deposit and due date">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Price, deposit and due date
        </Title>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label="Price" placeholder="3,000.00" inputMode="decimal" leftSection="$" miw={140} {...form.getInputProps('price')} />
          <TextInput
            label="Deposit"
            placeholder="500.00"
            inputMode="decimal"
            leftSection="$"
            miw={140}
            {...form.getInputProps('deposit')}
          />
          <TextInput label="Balance due by" type="date" miw={160} {...form.getInputProps('dueOn')} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Save terms
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function RecordPaymentForm({ familyId }: { familyId: number }) {
  const initialValues = { amount: '', paidOn: today(), method: 'cash' as PaymentMethod, reason: '' };
  const { form, submit, saving } = useAdminForm({
    dirtyKey: `payment-${familyId}`,
    initialValues,
    schema: RecordPaymentSchema,
    toInput: (v) => ({ familyId, amount: v.amount, paidOn: v.paidOn, method: v.method, reason: v.reason }),
    save: (input) =>
      trpcClient.admin.payments.record.mutate({ ...input, amount: centsToDecimal(input.amount), reason: input.reason ?? undefined }),
    saved: (account) => [
      PAYMENTS_MESSAGES.recorded,
      account.email
        ? `The receipt is on its way to ${account.email}.`
        : 'The family has no verified e-mail address: the receipt is on their page.',
    ],
    failed: 'Could not record the payment',
    onSaved: (_r, f) => {
      f.setValues(initialValues);
      f.resetDirty(initialValues);
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-label="Record a payment">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Record a payment
        </Title>
        <Text size="sm" c="dimmed">
          A refund is a negative amount with a reason.
        </Text>
        <Group grow wrap="wrap" align="flex-start">
          <TextInput label="Amount" placeholder="500.00" inputMode="decimal" leftSection="$" miw={140} {...form.getInputProps('amount')} />
          <TextInput label="Date paid" type="date" miw={160} {...form.getInputProps('paidOn')} />
          <NativeSelect label="Method" data={METHOD_DATA} miw={160} {...form.getInputProps('method')} />
        </Group>
        <TextInput label="Reason" description="Required for a refund" {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AccountEditor({ familyId }: { familyId: number }) {
  const { close } = useEditorView();
  const query = useQuery(trpc.admin.payments.account.queryOptions({ familyId }));
  const a = query.data;
  return (
    <>
      <EditorHeader title={a ? `Payments: ${a.familyName}` : 'Payments'} onBack={close} backLabel="Back to payments" />
      <QueryState query={query} what="the family’s payments" />
      {a && (
        <Stack gap="md">
          <Summary account={a} />
          <TermsForm
            key={`${a.familyId}-${a.terms?.priceCents}-${a.terms?.depositCents}-${a.terms?.dueOn}`}
            familyId={a.familyId}
            terms={a.terms}
          />
          {a.terms && <RecordPaymentForm familyId={a.familyId} />}
          <PaymentsTable account={a} />
        </Stack>
      )}
    </>
  );
}

function Summary({ account: a }: { account: AdminAccountDto }) {
  if (!a.terms) return <Text>No terms yet: set the price, deposit and due date first.</Text>;
  const t = a.terms;
  return (
    <Text aria-live="polite">
      {a.puppyName ? `${a.puppyName}: ` : ''}Price {formatCents(t.priceCents)} · Paid {formatCents(t.paidCents)} · Balance{' '}
      <Text span fw={700}>
        {formatCents(t.balanceCents)}
      </Text>
      {t.dueOn ? ` · due ${formatDay(t.dueOn)}` : ''}
      {t.depositDueCents > 0 ? ` · deposit still due ${formatCents(t.depositDueCents)}` : ''}
    </Text>
  );
}

/** A column of a table of payments: its header and what each payment shows in it. */
interface PaymentColumn<P extends PaymentDto> {
  header: string;
  cell: (payment: P) => ReactNode;
}

const amountText = (p: PaymentDto) => (p.amountCents < 0 ? `Refund ${formatCents(-p.amountCents)}` : formatCents(p.amountCents));

/** The columns both tables have: the day it was paid, and its receipt (the PDF). */
const DATE_COLUMN: PaymentColumn<PaymentDto> = { header: 'Date', cell: (p) => formatDay(p.paidOn) };
const RECEIPT_COLUMN: PaymentColumn<PaymentDto> = {
  header: 'Receipt',
  cell: (p) => (
    <Anchor
      href={`/receipts/${p.receiptNumber}.pdf`}
      target="_blank"
      rel="noopener"
      aria-label={`Receipt ${p.receiptNumber} (PDF)`}
      style={{ whiteSpace: 'nowrap' }}
    >
      {p.receiptNumber}
    </Anchor>
  ),
};

/** One table of payments, newest first, for a family's payments and for those kept after an account was deleted. */
function PaymentTable<P extends PaymentDto>({ label, payments, columns }: { label: string; payments: P[]; columns: PaymentColumn<P>[] }) {
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(p)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const FAMILY_COLUMNS: PaymentColumn<PaymentDto>[] = [
  DATE_COLUMN,
  {
    header: 'Amount',
    cell: (p) => (
      <>
        {amountText(p)}
        {p.reason && (
          <Text size="sm" c="dimmed">
            {p.reason}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Method', cell: (p) => PAYMENT_METHOD_LABELS[p.method] },
  RECEIPT_COLUMN,
];

const KEPT_COLUMNS: PaymentColumn<KeptPaymentDto>[] = [
  {
    header: 'Family',
    cell: (p) => (
      <>
        {p.familyName}
        {p.familyEmail && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {p.familyEmail}
          </Text>
        )}
      </>
    ),
  },
  DATE_COLUMN,
  { header: 'Amount', cell: (p) => `${amountText(p)} · ${PAYMENT_METHOD_LABELS[p.method]}` },
  RECEIPT_COLUMN,
];

function PaymentsTable({ account: a }: { account: AdminAccountDto }) {
  if (a.payments.length === 0) return <Text c="dimmed">No payments recorded yet.</Text>;
  return <PaymentTable label={`Payments of ${a.familyName}, newest first`} payments={a.payments} columns={FAMILY_COLUMNS} />;
}

/** Payments kept after a family deleted its account (decision 121): shown only when there are some. */
function KeptPayments() {
  // The page shown and the cursor "next" reached it by (decision 127); a page number jumped to goes by its number.
  const [{ page, after }, setPosition] = useState<{ page: number; after?: string }>({ page: 1 });
  const setPage = (next: number) => setPosition({ page: next });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useQuery({
    ...trpc.admin.payments.kept.queryOptions({ page, ...(after ? { after } : {}), ...(debounced ? { search: debounced } : {}) }),
    placeholderData: keepPreviousData,
  });
  if (!query.data) return <QueryState query={query} what="the payments of deleted accounts" />;
  if (query.data.total === 0 && !debounced) return null;
  return (
    <Paper withBorder p="md" radius="md" mt="md" component="section" aria-label="Payments of deleted accounts">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Payments of deleted accounts
        </Title>
        <Text size="sm" c="dimmed">
          Families who deleted their account: their payments are kept as accounting records, with the name and e-mail address they were paid
          under.
        </Text>
        <TextInput
          label="Search payments of deleted accounts"
          placeholder="Name or e-mail address"
          value={search}
          onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))}
          maw={360}
        />
        {query.data.items.length === 0 ? (
          <Text>No payment of a deleted account matches.</Text>
        ) : (
          <PaymentTable label="Payments of deleted accounts, newest first" payments={query.data.items} columns={KEPT_COLUMNS} />
        )}
        <Pager
          page={page}
          total={query.data.total}
          onChange={(next) =>
            setPosition(next === page + 1 && query.data?.nextCursor ? { page: next, after: query.data.nextCursor } : { page: next })
          }
          label="Pages of payments of deleted accounts"
        />
      </Stack>
    </Paper>
  );
}
