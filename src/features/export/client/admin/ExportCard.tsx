// The dashboard's "take everything with you" button (issue 49): the full export, downloaded by the browser as it streams.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { EXPORT_PATH } from '../../export.schema.ts';

export function ExportCard() {
  return (
    <Paper withBorder radius="md" mt="xl" component="section" aria-labelledby="export-title">
      <Stack gap="sm" p="md">
        <Title order={3} size="h4" id="export-title">
          Download all your records
        </Title>
        <Text size="sm">
          One zip file with a spreadsheet (CSV) for each kind of record: families, applications, the waitlist, dogs, litters, puppies,
          payments, contracts with their signed PDFs, health records, visits, messages, subscribers and articles, plus every photo, video
          and document as you uploaded it. manifest.json in the zip explains every column. Keep it as a backup, give it to your accountant,
          or take it to another site.
        </Text>
        <Group>
          <Button component="a" href={EXPORT_PATH} download leftSection={<IconDownload size={16} aria-hidden />}>
            Download everything (.zip)
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          A large site takes a few minutes; the download starts at once and your browser shows its progress.
        </Text>
      </Stack>
    </Paper>
  );
}
