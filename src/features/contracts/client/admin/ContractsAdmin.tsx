// The dashboard's Contracts section: contracts (prepare for a matched family, edit, send, countersign and seal,
// void; paged and searched on the server) and the templates they are made from, with the signing certificate.
import { useState } from 'react';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import '@mantine/core/styles/Typography.layer.css';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  Typography,
} from '@mantine/core';
import { trpc, fieldErrorsOf } from '../../../../lib/client/trpc.ts';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { Pager, QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { notifyFailed, notifySaved, useInvalidate } from '../../../../lib/client/admin/admin-utils.ts';
import {
  CONTRACT_EVENT_LABELS,
  CONTRACT_FIELDS,
  CONTRACT_MESSAGES,
  CONTRACT_STATUSES,
  CONTRACT_STATUS_LABELS,
  UpdateContractSchema,
  type ContractDto,
  type ContractPreviewDto,
  type ContractStatus,
  type TemplateDto,
} from '../../contracts.schema.ts';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const initialContract = () => {
  if (typeof window === 'undefined') return null;
  const id = Number(new URLSearchParams(window.location.search).get('contract'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function ContractsAdmin() {
  return (
    <Stack gap="md">
      <SectionHeader title="Contracts" />
      <Tabs defaultValue="contracts" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="contracts">Contracts</Tabs.Tab>
          <Tabs.Tab value="templates">Templates</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="contracts" pt="md">
          <ContractsTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <TemplatesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function ContractsTab() {
  const [open, setOpen] = useState<number | null>(initialContract);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const input = {
    page,
    ...(debounced.trim() ? { search: debounced.trim() } : {}),
    ...(status ? { status: status as ContractStatus } : {}),
  };
  const list = useQuery(trpc.admin.contracts.list.queryOptions(input));
  if (open !== null) return <ContractEditor id={open} onBack={() => setOpen(null)} />;
  return (
    <Stack gap="md">
      <PrepareForm onPrepared={setOpen} />
      <Group align="end" wrap="wrap">
        <TextInput
          label="Search contracts"
          placeholder="Family, puppy or title"
          value={search}
          onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))}
        />
        <NativeSelect
          label="Status"
          value={status}
          onChange={(e) => (setStatus(e.currentTarget.value), setPage(1))}
          data={[{ value: '', label: 'All' }, ...CONTRACT_STATUSES.map((s) => ({ value: s, label: CONTRACT_STATUS_LABELS[s] }))]}
        />
      </Group>
      <QueryState query={list} what="contracts" />
      {list.data && list.data.items.length === 0 && <Text>No contracts yet.</Text>}
      {list.data && list.data.items.length > 0 && (
        <Stack component="ul" aria-label="Contracts" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.items.map((c) => (
            <Card component="li" key={c.id} withBorder padding="sm">
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{c.title}</Text>
                  <Text size="sm">
                    {c.familyName} · {c.puppyName}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <ToneBadge tone={c.status === 'signed' ? 'orange' : c.status === 'sealed' ? 'green' : 'gray'}>
                    {CONTRACT_STATUS_LABELS[c.status]}
                  </ToneBadge>
                  <Button size="xs" variant="default" onClick={() => setOpen(c.id)} aria-label={`Open ${c.title} (${c.familyName})`}>
                    Open
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {list.data && <Pager page={page} total={list.data.total} onChange={setPage} label="Contracts" />}
    </Stack>
  );
}

function PrepareForm({ onPrepared }: { onPrepared: (id: number) => void }) {
  const families = useQuery(trpc.admin.contracts.families.queryOptions({}));
  const templates = useQuery(trpc.admin.contracts.templates.queryOptions({ page: 1 }));
  const [familyId, setFamilyId] = useState('');
  const [templateId, setTemplateId] = useState('');
  const invalidate = useInvalidate();
  const prepare = useMutation(
    trpc.admin.contracts.prepare.mutationOptions({
      onSuccess: async (c) => {
        notifySaved('Contract prepared', 'Check the values and the text, then send it.');
        await invalidate();
        onPrepared(c.id);
      },
      onError: (e) => notifyFailed('Could not prepare the contract', e),
    }),
  );
  const familyOptions = (families.data ?? []).map((f) => ({ value: String(f.id), label: `${f.name} (${f.puppyName})` }));
  const templateOptions = (templates.data?.items ?? []).map((t) => ({ value: String(t.id), label: `${t.name} (version ${t.version})` }));
  const fam = familyId || familyOptions[0]?.value || '';
  const tpl = templateId || templateOptions[0]?.value || '';
  return (
    <Card
      withBorder
      component="form"
      aria-label="Prepare a contract"
      onSubmit={(e: React.FormEvent) => (
        e.preventDefault(),
        fam && tpl && prepare.mutate({ familyId: Number(fam), templateId: Number(tpl) })
      )}
    >
      <Stack gap="sm">
        <Title order={3}>Prepare a contract</Title>
        {familyOptions.length === 0 || templateOptions.length === 0 ? (
          <Text size="sm">
            {familyOptions.length === 0 ? 'Match a family with a puppy first (Waitlist).' : 'Write a template first (Templates).'}
          </Text>
        ) : (
          <Group align="end" wrap="wrap">
            <NativeSelect label="Family" data={familyOptions} value={fam} onChange={(e) => setFamilyId(e.currentTarget.value)} />
            <NativeSelect label="Template" data={templateOptions} value={tpl} onChange={(e) => setTemplateId(e.currentTarget.value)} />
            <Button type="submit" loading={prepare.isPending}>
              Prepare
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function FieldList() {
  return (
    <Text size="xs" c="dimmed">
      Fields:{' '}
      {Object.entries(CONTRACT_FIELDS).map(([f, what], i) => (
        <span key={f}>
          {i > 0 && ', '}
          <code>{`{{${f}}}`}</code> ({what.toLowerCase()})
        </span>
      ))}
      .
    </Text>
  );
}

function ContractEditor({ id, onBack }: { id: number; onBack: () => void }) {
  const contract = useQuery(trpc.admin.contracts.byId.queryOptions({ id })); // keyed by status, not saves: Send after Save keeps its preview
  return (
    <Stack gap="md">
      <Button variant="subtle" onClick={onBack} w="fit-content">
        Back to contracts
      </Button>
      <QueryState query={contract} what="the contract" />
      {contract.data && <ContractDetail key={`${contract.data.id}-${contract.data.status}`} c={contract.data} />}
    </Stack>
  );
}

function ContractDetail({ c }: { c: ContractDto }) {
  const invalidate = useInvalidate();
  const [values, setValues] = useState(c.values);
  const [body, setBody] = useState(c.body);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [signer, setSigner] = useState('');
  const [consent, setConsent] = useState(false);
  const [preview, setPreview] = useState<ContractPreviewDto | null>(null);
  const [voiding, setVoiding] = useState(false);
  const done = (title: string, message?: string) => async () => {
    notifySaved(title, message);
    setErrors({});
    await invalidate();
  };
  const update = useMutation(
    trpc.admin.contracts.update.mutationOptions({
      onSuccess: done('Contract saved'),
      onError: (e) => (setErrors(fieldErrorsOf(e) ?? {}), notifyFailed('Could not save the contract', e)),
    }),
  );
  // Send shows what the family will sign, rendered by the server from the values on screen; confirming sends those
  // values with the preview's hash, saved and sent in one step (decision 141).
  const showPreview = useMutation(
    trpc.admin.contracts.preview.mutationOptions({
      onSuccess: (p) => (setErrors({}), setPreview(p)),
      onError: (e) => (setErrors(fieldErrorsOf(e) ?? {}), notifyFailed('Could not prepare the preview', e)),
    }),
  );
  const send = useMutation(
    trpc.admin.contracts.send.mutationOptions({
      onSuccess: async (sent) => {
        setPreview(null);
        await done('Contract sent', 'The family can read and sign it in My Family.')();
        return sent;
      },
      onError: (e) => (setPreview(null), setErrors(fieldErrorsOf(e) ?? {}), notifyFailed('Could not send the contract', e)),
    }),
  );
  const countersign = useMutation(
    trpc.admin.contracts.countersign.mutationOptions({
      onSuccess: done('Contract sealed', 'The signed PDF was e-mailed to the family and to you.'),
      onError: (e) => notifyFailed('Could not countersign', e),
    }),
  );
  const editable = !c.familyErasedAt && (c.status === 'draft' || c.status === 'sent' || c.status === 'signed');
  const err = (k: string) => errors[`values.${k}`]?.[0] ?? errors[k]?.[0];
  const set = (k: keyof typeof values) => (v: string | number) => setValues((old) => ({ ...old, [k]: v }));
  const unsaved = body !== c.body || (Object.keys(values) as Array<keyof typeof values>).some((k) => values[k] !== c.values[k]);
  // What keeps Send disabled, said beside it: a value the server would refuse (checked with the same schema).
  const check = UpdateContractSchema.safeParse({ id: c.id, values, body });
  const sendBlocked = check.success ? null : `Fix this before sending: ${check.error.issues[0]?.message ?? 'a value is not valid.'}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{c.title}</Title>
        <ToneBadge tone={c.status === 'signed' ? 'orange' : c.status === 'sealed' ? 'green' : 'gray'}>
          {CONTRACT_STATUS_LABELS[c.status]}
        </ToneBadge>
      </Group>
      <Text size="sm">
        {c.familyName} · from “{c.templateName}”, version {c.templateVersion}
      </Text>
      {c.familyErasedAt && <Alert color="gray">{CONTRACT_MESSAGES.familyErased(when(c.familyErasedAt), c.familyEmail)}</Alert>}
      {c.status === 'voided' && c.voidReason && (
        <Alert color="gray" title="Voided">
          Reason given to the family: {c.voidReason}
        </Alert>
      )}
      {c.sealWaiting && (
        <Alert color="orange" title="Waiting for the timestamp server">
          Both have signed. The sealed PDF is made as soon as the timestamp server answers (tried again every minute since{' '}
          {when(c.sealWaiting.since)}).
          {c.sealWaiting.error ? ` Last answer: ${c.sealWaiting.error}` : ''}
        </Alert>
      )}
      {c.notice && <Alert color="orange">{c.notice}</Alert>}
      {editable && (
        <Card
          withBorder
          component="form"
          aria-label="Contract values and text"
          onSubmit={(e: React.FormEvent) => (e.preventDefault(), update.mutate({ id: c.id, values, body }))}
        >
          <Stack gap="sm">
            {c.status === 'signed' && (
              <Alert color="orange">
                The family has signed: saving a change to the text voids their signature, and the contract must be sent again.
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Family name"
                value={values.familyName}
                onChange={(e) => set('familyName')(e.currentTarget.value)}
                error={err('familyName')}
              />
              <TextInput
                label="Puppy name"
                value={values.puppyName}
                onChange={(e) => set('puppyName')(e.currentTarget.value)}
                error={err('puppyName')}
              />
              <TextInput
                label="Microchip number"
                value={values.microchip}
                onChange={(e) => set('microchip')(e.currentTarget.value)}
                error={err('microchip')}
              />
              <TextInput
                type="date"
                label="Pickup date"
                description="Leave it empty for “on a date to be agreed”."
                value={values.pickupDate}
                onChange={(e) => set('pickupDate')(e.currentTarget.value)}
                error={err('pickupDate')}
              />
              <TextInput
                label="Price (dollars)"
                inputMode="decimal"
                value={values.price}
                onChange={(e) => set('price')(e.currentTarget.value)}
                error={err('price')}
              />
              <TextInput
                label="Deposit (dollars)"
                inputMode="decimal"
                value={values.deposit}
                onChange={(e) => set('deposit')(e.currentTarget.value)}
                error={err('deposit')}
              />
              <NumberInput
                label="Health guarantee (years)"
                min={0}
                max={10}
                value={values.guaranteeYears}
                onChange={(v) => set('guaranteeYears')(Number(v) || 0)}
                error={err('guaranteeYears')}
              />
            </SimpleGrid>
            <Textarea
              label="Contract text (Markdown)"
              autosize
              minRows={8}
              maxRows={24}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={err('body')}
            />
            <FieldList />
            <Group>
              <Button type="submit" variant="default" loading={update.isPending}>
                Save
              </Button>
              {c.status === 'draft' && (
                <Button
                  onClick={() => showPreview.mutate({ id: c.id, values, body })}
                  loading={showPreview.isPending}
                  disabled={sendBlocked !== null}
                  aria-describedby={`send-state-${c.id}`}
                >
                  Send to the family
                </Button>
              )}
            </Group>
            {c.status === 'draft' && (
              <Text size="sm" id={`send-state-${c.id}`} c={sendBlocked ? 'red' : undefined}>
                {sendBlocked ??
                  (unsaved
                    ? 'Unsaved changes: Send shows you the contract with them, then saves and sends it as shown.'
                    : 'Send shows you the contract as the family will read it first.')}
              </Text>
            )}
          </Stack>
        </Card>
      )}
      {preview && (
        <Modal opened onClose={() => setPreview(null)} title="What the family will sign" size="xl">
          <Stack gap="sm">
            <Card withBorder aria-label="Preview of the contract">
              <Typography dangerouslySetInnerHTML={{ __html: preview.html }} />
            </Card>
            {preview.unfilled.length > 0 && <Alert color="red">{CONTRACT_MESSAGES.unfilled(preview.unfilled)}</Alert>}
            <Group>
              <Button
                onClick={() => send.mutate({ id: c.id, values, body, previewSha256: preview.textSha256 })}
                loading={send.isPending}
                disabled={preview.unfilled.length > 0}
              >
                Send this contract
              </Button>
              <Button variant="default" onClick={() => setPreview(null)}>
                Keep editing
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {c.status !== 'draft' && (
        <Card withBorder aria-label="Contract as sent">
          <Stack gap="xs">
            <Title order={3}>As sent</Title>
            <div dangerouslySetInnerHTML={{ __html: c.html }} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              SHA-256 of the text as sent: {c.textSha256}
            </Text>
          </Stack>
        </Card>
      )}
      {c.familySignature && (
        <Text>
          Signed by {c.familySignature.fullName} on {when(c.familySignature.at)}
          {c.familySignature.drawn ? ' (with a drawn signature)' : ''}.
        </Text>
      )}
      {c.status === 'signed' && (
        <Card
          withBorder
          component="form"
          aria-label="Countersign"
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            if (signer.trim().length < 2) return setErrors({ fullName: [CONTRACT_MESSAGES.fullNameRequired] });
            if (!consent) return setErrors({ consent: [CONTRACT_MESSAGES.consentRequired] });
            countersign.mutate({ id: c.id, fullName: signer, consent: true });
          }}
        >
          <Stack gap="sm">
            <Title order={3}>Countersign</Title>
            <TextInput
              label="Your full name"
              value={signer}
              onChange={(e) => setSigner(e.currentTarget.value)}
              error={errors.fullName?.[0]}
            />
            <Checkbox
              label="I agree to sign electronically"
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              error={errors.consent?.[0]}
            />
            <Button type="submit" loading={countersign.isPending} w="fit-content">
              Countersign and seal
            </Button>
          </Stack>
        </Card>
      )}
      {c.breederSignature && (
        <Text>
          Countersigned by {c.breederSignature.fullName} on {when(c.breederSignature.at)}.
        </Text>
      )}
      {c.pdfUrl && (
        <Stack gap={4}>
          <Anchor href={c.pdfUrl} download>
            Download the sealed PDF
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            SHA-256 of the PDF: {c.pdfSha256}
          </Text>
        </Stack>
      )}
      {c.status !== 'sealed' && c.status !== 'sealing' && c.status !== 'voided' && (
        <Button color="red" variant="outline" w="fit-content" onClick={() => setVoiding(true)}>
          Void this contract
        </Button>
      )}
      {voiding && <VoidDialog c={c} onClose={() => setVoiding(false)} />}
      <Stack gap={4} component="section" aria-label="Audit trail">
        <Title order={3}>Audit trail</Title>
        {c.events.map((e, i) => (
          <Text size="sm" key={i}>
            {CONTRACT_EVENT_LABELS[e.kind]}: {when(e.at)}
            {e.who ? ` by ${e.who}` : ''}
            {e.ip ? ` · IP ${e.ip}` : ''}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

function VoidDialog({ c, onClose }: { c: ContractDto; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const voidIt = useMutation(
    trpc.admin.contracts.void.mutationOptions({
      onSuccess: async () => {
        notifySaved('Contract voided', c.status === 'draft' ? undefined : 'The family was told, with your reason.');
        onClose();
        await invalidate();
      },
      onError: (e) => (setError(fieldErrorsOf(e)?.reason?.[0] ?? null), notifyFailed('Could not void the contract', e)),
    }),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(CONTRACT_MESSAGES.voidReasonRequired);
    voidIt.mutate({ id: c.id, reason });
  };
  return (
    <Modal opened onClose={onClose} title="Void this contract?">
      <form onSubmit={submit} noValidate aria-label="Void the contract">
        <Stack gap="sm">
          <Text size="sm">
            It can no longer be signed.{' '}
            {c.status === 'draft' ? 'The family has not seen it.' : 'The family is told by e-mail and in My Family, with your reason.'}
          </Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group>
            <Button type="submit" color="red" loading={voidIt.isPending}>
              Void the contract
            </Button>
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TemplatesTab() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const list = useQuery(trpc.admin.contracts.templates.queryOptions({ page, ...(debounced.trim() ? { search: debounced.trim() } : {}) }));
  const [editing, setEditing] = useState<TemplateDto | 'new' | null>(null);
  if (editing) return <TemplateEditor template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <Stack gap="md">
      <Group align="end" justify="space-between" wrap="wrap">
        <TextInput label="Search templates" value={search} onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))} />
        <Button onClick={() => setEditing('new')}>Add template</Button>
      </Group>
      <QueryState query={list} what="templates" />
      {list.data && (
        <Stack component="ul" aria-label="Templates" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.data.items.map((t) => (
            <Card component="li" key={t.id} withBorder padding="sm">
              <Group justify="space-between">
                <Text fw={600}>
                  {t.name}{' '}
                  <Text span size="sm" c="dimmed">
                    (version {t.version})
                  </Text>
                </Text>
                <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                  Edit
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {list.data && <Pager page={page} total={list.data.total} onChange={setPage} label="Templates" />}
      <CertificateCard />
    </Stack>
  );
}

function TemplateEditor({ template, onDone }: { template: TemplateDto | null; onDone: () => void }) {
  const [name, setName] = useState(template?.name ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const invalidate = useInvalidate();
  const save = useMutation(
    trpc.admin.contracts.saveTemplate.mutationOptions({
      onSuccess: async (t) => {
        notifySaved('Template saved', `Version ${t.version}: new contracts use it; contracts already made keep theirs.`);
        await invalidate();
        onDone();
      },
      onError: (e) => (setErrors(fieldErrorsOf(e) ?? {}), notifyFailed('Could not save the template', e)),
    }),
  );
  return (
    <Card
      withBorder
      component="form"
      aria-label="Template"
      onSubmit={(e: React.FormEvent) => (e.preventDefault(), save.mutate({ id: template?.id ?? null, name, body }))}
    >
      <Stack gap="sm">
        <Title order={3}>{template ? `Edit ${template.name}` : 'New template'}</Title>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name?.[0]} />
        <Textarea
          label="Text (Markdown)"
          autosize
          minRows={10}
          maxRows={30}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          error={errors.body?.[0]}
        />
        <FieldList />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save template
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function CertificateCard() {
  const cert = useQuery(trpc.admin.contracts.certificate.queryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const replace = useMutation(
    trpc.admin.contracts.replaceCertificate.mutationOptions({
      onSuccess: async (c) => {
        notifySaved('Certificate installed', `Contracts are now sealed as “${c.commonName}”.`);
        setFile(null);
        setPassphrase('');
        await invalidate();
      },
      onError: (e) => notifyFailed('Could not install the certificate', e),
    }),
  );
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose your .p12 or .pfx file.');
    if (file.size > 60_000) return setError('That file is too large for a certificate.');
    setError(null);
    replace.mutate({ p12: await base64Of(file), passphrase });
  };
  return (
    <Card withBorder component="section" aria-label="Signing certificate">
      <Stack gap="sm">
        <Title order={3}>Signing certificate</Title>
        <QueryState query={cert} what="the certificate" />
        {cert.data && (
          <Stack gap={4}>
            <Text size="sm">
              Sealed PDFs are signed as “{cert.data.commonName}”
              {cert.data.selfSigned ? ', with a certificate this website made for itself' : ', with your own certificate'}, valid until{' '}
              {when(cert.data.notAfter)}.
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              SHA-256 fingerprint: {cert.data.fingerprint}
            </Text>
            {cert.data.selfSigned && (
              <Text size="xs">
                PDF readers show the signature as valid but the signer as not trusted, until you install a certificate from a trusted issuer
                below.
              </Text>
            )}
          </Stack>
        )}
        <form onSubmit={submit} noValidate aria-label="Install your own certificate">
          <Stack gap="xs">
            <FileInput
              label="Your certificate (.p12 or .pfx, with its private key)"
              accept=".p12,.pfx,application/x-pkcs12"
              value={file}
              onChange={setFile}
              error={error}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the chosen certificate' }}
            />
            <PasswordInput
              label="Its passphrase"
              value={passphrase}
              onChange={(e) => setPassphrase(e.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" variant="default" loading={replace.isPending} w="fit-content">
              Install this certificate
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
