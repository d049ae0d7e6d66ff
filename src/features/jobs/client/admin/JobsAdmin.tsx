// Dashboard → Background jobs: each job the site runs on its own, in words, with its last and next run and any failure,
// so the breeder can tell that reminders and digests go out (and see at once when one did not).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { trpc } from '../../../../lib/client/trpc.ts';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { scheduleInWords, type JobLine } from '../../jobs.schema.ts';

function when(iso: string | null, none: string) {
  if (!iso) return none;
  return new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function JobCard({ job }: { job: JobLine }) {
  return (
    <Card withBorder padding="md" component="li" aria-label={job.description}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={500}>{job.description}</Text>
          {job.failed > 0 ? (
            <ToneBadge tone="red">Failed</ToneBadge>
          ) : job.active > 0 ? (
            <ToneBadge tone="blue">Running</ToneBadge>
          ) : (
            <ToneBadge tone="green">OK</ToneBadge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {job.schedule
            ? `Runs ${scheduleInWords(job.schedule)}${job.timeZone && job.timeZone !== 'UTC' ? ` (${job.timeZone})` : ' (UTC)'}`
            : 'Runs when needed'}
        </Text>
        <Text size="sm">Last run: {when(job.lastRunAt, 'not yet')}</Text>
        {job.schedule && <Text size="sm">Next run: {when(job.nextRunAt, 'not planned')}</Text>}
        {job.queued > 0 && <Text size="sm">Waiting: {job.queued}</Text>}
        {job.failed > 0 && (
          <Text size="sm" role="note">
            {job.failed === 1 ? 'One run failed' : `${job.failed} runs failed`} (last {when(job.lastFailureAt, '')})
            {job.lastFailure ? `: ${job.lastFailure}` : ''}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function JobsAdmin() {
  const jobs = useQuery(trpc.admin.jobs.list.queryOptions(undefined, { staleTime: 15_000 }));
  return (
    <div>
      <SectionHeader
        title="Background jobs"
        actions={
          <Button variant="default" onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
            Refresh
          </Button>
        }
      />
      <Text c="dimmed" mb="md">
        What the site does on its own: reminders, digests and sealing contracts. A job that fails is tried again a few times, then shows
        here and on Today.
      </Text>
      {jobs.isPending ? (
        <PageSpinner />
      ) : jobs.isError ? (
        <Alert color="red" title="The jobs could not be loaded">
          {jobs.error.message}
        </Alert>
      ) : jobs.data.length === 0 ? (
        <Text c="dimmed">No background jobs.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Background jobs"
        >
          {jobs.data.map((job) => (
            <JobCard key={job.name} job={job} />
          ))}
        </SimpleGrid>
      )}
    </div>
  );
}
