// The family's "Contract" card on /account: each contract sent to them, read in full, signed (typed name, explicit
// consent, optionally a drawn signature), and once sealed, the signed PDF to download.
import '@mantine/core/styles/Typography.layer.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, Loader, Stack, Text, TextInput, Title, Typography } from '@mantine/core';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { toast } from '../../../lib/client/toast.ts';
import { CONTRACT_MESSAGES, CONTRACT_STATUS_LABELS, type ContractDto, type ContractStatus } from '../contracts.schema.ts';
import { SignaturePad } from './SignaturePad.tsx';

const FAMILY_STATUS: Record<ContractStatus, string> = {
  ...CONTRACT_STATUS_LABELS,
  sent: 'Waiting for your signature',
  signed: 'You signed: waiting for the breeder’s countersignature',
};

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

export function MyContracts() {
  const mine = useQuery(trpc.contracts.mine.queryOptions());
  const [open, setOpen] = useState<number | null>(null);
  if (mine.isPending) return <Loader role="status" aria-label="Loading your contracts" />;
  if (mine.isError)
    return (
      <Alert color="red" title="Could not load your contracts">
        {errorMessage(mine.error, 'Please try again.')}
      </Alert>
    );
  if (mine.data.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="contract-card-title" id="contract">
      <Stack gap="md">
        <Title order={2} id="contract-card-title">
          Contract
        </Title>
        {mine.data.map((c) => (
          <Stack key={c.id} gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600}>{c.title}</Text>
              <ToneBadge tone={c.status === 'sent' ? 'orange' : c.status === 'sealed' ? 'green' : 'gray'}>
                {FAMILY_STATUS[c.status]}
              </ToneBadge>
            </Group>
            {c.status === 'voided' ? (
              <Alert color="gray" title="The breeder voided this contract">
                It can no longer be signed.{c.voidReason ? ` Reason: ${c.voidReason}` : ''}
              </Alert>
            ) : open === c.id ? (
              <ContractView id={c.id} onClose={() => setOpen(null)} />
            ) : (
              <Button variant={c.status === 'sent' ? 'filled' : 'default'} onClick={() => setOpen(c.id)} w="fit-content">
                {c.status === 'sent' ? 'Read and sign' : 'Open the contract'}
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function ContractView({ id, onClose }: { id: number; onClose: () => void }) {
  const contract = useQuery(trpc.contracts.byId.queryOptions({ id }));
  if (contract.isPending) return <Loader role="status" aria-label="Loading the contract" />;
  if (contract.isError)
    return (
      <Alert color="red" title="Could not load the contract">
        {errorMessage(contract.error, 'Please try again.')}
      </Alert>
    );
  const c = contract.data;
  return (
    <Stack gap="md">
      <Card withBorder bg="var(--mantine-color-body)" aria-label="Contract text">
        <Typography dangerouslySetInnerHTML={{ __html: c.html }} />
      </Card>
      {c.textSha256 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 of the text as sent: {c.textSha256}
        </Text>
      )}
      {c.familySignature && (
        <Text>
          Signed by {c.familySignature.fullName} on {when(c.familySignature.at)}.
        </Text>
      )}
      {c.breederSignature && (
        <Text>
          Countersigned by {c.breederSignature.fullName} on {when(c.breederSignature.at)}.
        </Text>
      )}
      {c.status === 'sent' && <SignForm contract={c} />}
      {c.pdfUrl && (
        <Stack gap={4}>
          <Anchor href={c.pdfUrl} download>
            Download the signed contract (PDF)
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            SHA-256 of the PDF: {c.pdfSha256}. Check any copy on the <Anchor href="/contracts/verify">verification page</Anchor>.
          </Text>
        </Stack>
      )}
      <Button variant="subtle" onClick={onClose} w="fit-content">
        Close the contract
      </Button>
    </Stack>
  );
}

function SignForm({ contract }: { contract: ContractDto }) {
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const [drawing, setDrawing] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ fullName?: string; consent?: string }>({});
  const queryClient = useQueryClient();
  const sign = useMutation(
    trpc.contracts.sign.mutationOptions({
      onSuccess: async () => {
        toast({
          title: 'Contract signed',
          message: 'The breeder will countersign it; you will get the signed PDF by e-mail.',
          variant: 'success',
        });
        await queryClient.invalidateQueries({ queryKey: trpc.contracts.pathKey() });
      },
      onError: (e) =>
        toast({ title: 'Could not sign the contract', message: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      fullName: fullName.trim().length < 2 ? CONTRACT_MESSAGES.fullNameRequired : undefined,
      consent: consent ? undefined : CONTRACT_MESSAGES.consentRequired,
    };
    setErrors(next);
    if (next.fullName || next.consent) return;
    sign.mutate({ id: contract.id, fullName, consent: true, drawing });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Sign the contract">
      <Stack gap="sm">
        <Title order={3}>Sign the contract</Title>
        <TextInput
          label="Your full name"
          autoComplete="name"
          required
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={errors.fullName}
        />
        <SignaturePad onChange={setDrawing} />
        <Checkbox
          label="I agree to sign electronically"
          checked={consent}
          onChange={(e) => setConsent(e.currentTarget.checked)}
          error={errors.consent}
        />
        <Text size="xs" c="dimmed">
          We record the time, your account, your IP address and your browser with your signature.
        </Text>
        <Button type="submit" loading={sign.isPending} w="fit-content">
          Sign the contract
        </Button>
      </Stack>
    </form>
  );
}
