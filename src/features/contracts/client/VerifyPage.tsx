// /contracts/verify: anyone uploads a PDF; the server says whether it is one of the sealed contracts, unchanged
// (its SHA-256), and whether its PDF signature holds.
import { useState } from 'react';
import { Alert, Button, Container, FileInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../lib/client/trpc.ts';
import { READABLE_ALERT } from '../../../lib/client/TokenActionPage.tsx';
import { CONTRACT_MESSAGES, VERIFY_MAX_BYTES } from '../contracts.schema.ts';

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function VerifyPage() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation(trpc.contracts.verify.mutationOptions());
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    verify.reset();
    if (!file) return setError(CONTRACT_MESSAGES.fileRequired);
    if (file.size > VERIFY_MAX_BYTES) return setError(CONTRACT_MESSAGES.fileTooLarge);
    setError(null);
    verify.mutate({ pdf: await base64Of(file) });
  };
  const result = verify.data;
  const genuine = result?.knownContract && result.signature === 'valid';
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Check a signed contract</Title>
        <Text>
          Upload a contract PDF sealed on this site: we check that it is one of ours, byte for byte, and that its digital signature shows no
          change since it was sealed.
        </Text>
        <form onSubmit={submit} noValidate aria-label="Check a contract PDF">
          <Stack gap="sm">
            <FileInput
              label="Contract PDF"
              placeholder="Choose a PDF"
              accept="application/pdf,.pdf"
              value={file}
              onChange={setFile}
              error={error}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
            />
            <Button type="submit" loading={verify.isPending} w="fit-content">
              Check the PDF
            </Button>
          </Stack>
        </form>
        {verify.isError && (
          <Alert color="red" title="Could not check the file">
            {errorMessage(verify.error, 'Please try again.')}
          </Alert>
        )}
        {/* The title in the text colour: Mantine's green on its light tint is under 4.5:1 in the light theme. */}
        {result && (
          <Alert color={genuine ? 'green' : 'red'} title={genuine ? 'Genuine' : 'Not genuine'} role="status" styles={READABLE_ALERT}>
            <Stack gap={4}>
              <Text>{result.verdict}</Text>
              <Text size="sm">
                PDF signature:{' '}
                {result.signature === 'valid'
                  ? `valid (signed by ${result.signer})`
                  : result.signature === 'invalid'
                    ? 'invalid: the file was changed'
                    : 'none'}
              </Text>
              {result.signature === 'valid' && (
                <Text size="sm">
                  {result.timestamp
                    ? `Timestamped by ${result.timestamp.authority || 'a timestamp server'} at ${new Date(result.timestamp.at).toUTCString()}`
                    : 'No timestamp: the signing time is the website’s own clock.'}
                </Text>
              )}
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                SHA-256 of this file: {result.sha256}
              </Text>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
