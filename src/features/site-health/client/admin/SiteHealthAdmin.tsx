// Dashboard → Site health (issue 48): every check with its state, what it means and the exact fix; the go-live
// checklist; the backups, the newest downloadable; a test e-mail on request.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Code, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { trpc } from '../../../../lib/client/trpc.ts';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { notifyFailed, notifySaved } from '../../../../lib/client/admin/admin-utils.ts';

const STATE_LABEL = { ok: 'OK', warn: 'Look at this', fail: 'Needs fixing' } as const;
const STATE_COLOR = { ok: 'green', warn: 'yellow', fail: 'red' } as const;

const size = (n: number) => (n >= 1024 ** 2 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} kB`);

export function SiteHealthAdmin() {
  const report = useQuery(trpc.admin.siteHealth.report.queryOptions());
  return (
    <>
      <SectionHeader
        title="Site health"
        actions={
          <Button variant="light" onClick={() => void report.refetch()} loading={report.isFetching}>
            Check again
          </Button>
        }
      />
      <Stack gap="xl">
        <GoLive />
        <section aria-labelledby="checks-title">
          <Title order={2} size="h3" id="checks-title" mb="sm">
            Checks
          </Title>
          <QueryState query={report} what="the site's health" />
          {report.data && (
            <Stack gap="sm">
              {report.data.checks.map((check) => (
                <Paper key={check.id} withBorder p="md" component="article" aria-label={check.title}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Text fw={600}>{check.title}</Text>
                    <Badge color={STATE_COLOR[check.state]} variant={check.state === 'ok' ? 'light' : 'filled'}>
                      {STATE_LABEL[check.state]}
                    </Badge>
                  </Group>
                  <Text size="sm" mt={4}>
                    {check.meaning}
                  </Text>
                  {check.fix && (
                    <Text size="sm" mt={4}>
                      <strong>Fix:</strong> {check.fix}
                    </Text>
                  )}
                  {check.copy && (
                    <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {check.copy}
                    </Code>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
        </section>
        <TestEmail />
        <Backups />
      </Stack>
    </>
  );
}

function GoLive() {
  const client = useQueryClient();
  const list = useQuery(trpc.admin.siteHealth.goLive.queryOptions());
  const dismiss = useMutation(
    trpc.admin.siteHealth.dismissGoLive.mutationOptions({
      onSuccess: () => void client.invalidateQueries({ queryKey: trpc.admin.siteHealth.goLive.queryKey() }),
      onError: (error) => notifyFailed('Could not dismiss it', error),
    }),
  );
  const open = list.data?.items.filter((i) => !i.done && !i.dismissed) ?? [];
  if (!list.data?.items.length) return null;
  return (
    <section aria-labelledby="go-live-title">
      <Title order={2} size="h3" id="go-live-title" mb="sm">
        Going live
      </Title>
      {open.length === 0 ? (
        <Text>Everything on the go-live list is done.</Text>
      ) : (
        <List spacing="xs">
          {list.data.items.map((item) => (
            <List.Item key={item.item}>
              <Group gap="xs" wrap="wrap">
                <Anchor href={item.href}>{item.title.replace(/^Go live: /, '')}</Anchor>
                {item.done ? (
                  <Badge color="green" variant="light">
                    Done
                  </Badge>
                ) : item.dismissed ? (
                  <Badge color="gray" variant="light">
                    Dismissed
                  </Badge>
                ) : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => dismiss.mutate({ item: item.item })}
                    aria-label={`Dismiss: ${item.title}`}
                  >
                    Dismiss
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}

function TestEmail() {
  const [to, setTo] = useState('');
  const send = useMutation(
    trpc.admin.siteHealth.sendTestEmail.mutationOptions({
      onSuccess: () => notifySaved('Test e-mail queued', `It goes to ${to} within a minute; the mail check shows when it was sent.`),
      onError: (error) => notifyFailed('Could not queue the test e-mail', error),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ to });
  };
  return (
    <section aria-labelledby="test-mail-title">
      <Title order={2} size="h3" id="test-mail-title" mb="sm">
        Send a test e-mail
      </Title>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="To"
            type="email"
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </form>
    </section>
  );
}

function Backups() {
  const backups = useQuery(trpc.admin.siteHealth.backups.queryOptions());
  const newest = backups.data?.backups[0];
  return (
    <section aria-labelledby="backups-title">
      <Title order={2} size="h3" id="backups-title" mb="sm">
        Backups
      </Title>
      <QueryState query={backups} what="the backups" />
      {backups.data && (
        <Stack gap="xs">
          <Text size="sm">
            {backups.data.schedule ? `Made on the schedule ${backups.data.schedule}` : 'Not made on a schedule (BACKUP_SCHEDULE=off)'}, in{' '}
            {backups.data.dir}.
          </Text>
          {backups.data.lastFailure && (
            <Alert color="red" role="alert" title="The last backup failed">
              {backups.data.lastFailure.error}
            </Alert>
          )}
          {newest ? (
            <Group gap="sm">
              <Text size="sm">
                Newest: {newest.name}, {size(newest.bytes)}, {new Date(newest.at).toLocaleString()}.
              </Text>
              <Button component="a" href="/api/admin/backups/latest" download variant="light">
                Download the newest backup
              </Button>
            </Group>
          ) : (
            <Text size="sm">No backup yet.</Text>
          )}
        </Stack>
      )}
    </section>
  );
}
