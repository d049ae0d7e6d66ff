// Dashboard → Import (issue 49): choose what the file holds, drop the file, check the columns and the preview (the
// first rows as they will be stored, every failing row with why), import, then read the counts, download the failed
// rows to fix, or undo the whole import. Talks to the REST paths (a file upload is multipart, not tRPC).
import { useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  NativeSelect,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { toast } from '../../../../lib/client/toast.ts';
import {
  IMPORT_FIELDS,
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORTS_PATH,
  type ImportKind,
  type ImportPreviewDto,
  type ImportProgressDto,
  type ImportResultDto,
} from '../../imports.schema.ts';

const ACTION_LABEL = { create: 'New', update: 'Updated', unchanged: 'Unchanged' } as const;

async function answer<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => ({ message: 'The server did not answer. Please try again.' }))) as T & { message?: string };
  if (!res.ok) throw new Error(body.message ?? 'Something went wrong. Please try again.');
  return body;
}

/** The upload with its progress (fetch cannot report an upload's progress; XMLHttpRequest can). */
function uploadFile(kind: ImportKind, file: File, onProgress: (fraction: number) => void): Promise<ImportPreviewDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORTS_PATH);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as ImportPreviewDto & { message?: string };
        } catch {
          return { message: 'The server did not answer. Please try again.' } as ImportPreviewDto & { message?: string };
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(body.message ?? 'The file could not be read.'));
    };
    xhr.onerror = () => reject(new Error('The upload stopped. Check the connection and try again.'));
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    xhr.send(form);
  });
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function ImportAdmin() {
  const [kind, setKind] = useState<ImportKind>('families');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<null | 'upload' | 'preview' | 'commit' | 'undo'>(null);
  const [uploaded, setUploaded] = useState(0);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [progress, setProgress] = useState<ImportProgressDto | null>(null);
  const [result, setResult] = useState<ImportResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);

  const fields = IMPORT_FIELDS[kind];
  const reset = () => {
    setPreview(null);
    setResult(null);
    setError(null);
    setProgress(null);
  };

  const read = async () => {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return setError(IMPORT_MESSAGES.tooLarge);
    reset();
    setBusy('upload');
    setUploaded(0);
    try {
      setPreview(await uploadFile(kind, file, setUploaded));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const remap = async (column: string, field: string) => {
    if (!preview) return;
    setBusy('preview');
    setError(null);
    try {
      setPreview(
        await answer<ImportPreviewDto>(
          await fetch(`${IMPORTS_PATH}/${preview.id}/preview`, json({ mapping: { [column]: field || null } })),
        ),
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const commit = async () => {
    if (!preview) return;
    setBusy('commit');
    setError(null);
    setProgress({ id: preview.id, status: 'committing', done: 0, total: preview.total });
    poll.current = setInterval(() => {
      void fetch(`${IMPORTS_PATH}/${preview.id}`)
        .then((r) => answer<ImportProgressDto>(r))
        .then((p) => p.status === 'committing' && setProgress(p))
        .catch(() => undefined);
    }, 700);
    try {
      const done = await answer<ImportResultDto>(await fetch(`${IMPORTS_PATH}/${preview.id}/commit`, json({ mapping: preview.mapping })));
      setResult(done);
      setPreview(null);
      toast({ title: 'Import finished', message: `${done.created} created, ${done.updated} updated.`, variant: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      if (poll.current) clearInterval(poll.current);
      setProgress(null);
      setBusy(null);
    }
  };

  const undo = async () => {
    if (
      !result ||
      !window.confirm('Undo this import? Every record it created is deleted and every record it changed gets its old values back.')
    )
      return;
    setBusy('undo');
    setError(null);
    try {
      setResult(await answer<ImportResultDto>(await fetch(`${IMPORTS_PATH}/${result.id}`, { method: 'DELETE' })));
      toast({ title: 'Import undone', variant: 'success' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <SectionHeader title="Import" />
      <Text c="dimmed" size="sm">
        Bring in records from a spreadsheet (CSV or Excel .xlsx, up to {IMPORT_MAX_BYTES / 1024 / 1024} MB). Nothing is saved until you
        press Import; importing the same file again changes nothing, and a corrected file updates the records in place.
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <NativeSelect
            label="What the file holds"
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value as ImportKind);
              reset();
            }}
            data={IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }))}
          />
          <FileInput
            label="Spreadsheet"
            placeholder="Choose a .csv or .xlsx file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            value={file}
            onChange={(f) => {
              setFile(f);
              reset();
            }}
            clearable
          />
          <Group>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => void read()}
              disabled={!file || busy !== null}
              loading={busy === 'upload'}
            >
              Read the file
            </Button>
          </Group>
          {busy === 'upload' && <Progress value={uploaded * 100} aria-label="Upload" />}
        </Stack>
      </Paper>

      {error && (
        <Alert color="red" title="That did not work" role="alert">
          {error}
        </Alert>
      )}

      {preview && (
        <Stack gap="md">
          <Title order={3} size="h4">
            Columns
          </Title>
          <Text size="sm" c="dimmed">
            Each column of {preview.fileName} is matched to a field by its name; choose a field for the others, or leave them out.
          </Text>
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column in the file</Table.Th>
                  <Table.Th>Field</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.columns.map((column) => (
                  <Table.Tr key={column}>
                    <Table.Td>{column}</Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={`Field for the column ${column}`}
                        value={preview.mapping[column] ?? ''}
                        disabled={busy !== null}
                        onChange={(e) => void remap(column, e.currentTarget.value)}
                        data={[
                          { value: '', label: 'Leave out' },
                          ...fields.map((f) => ({ value: f.key, label: `${f.label}${f.required ? ' (required)' : ''}` })),
                        ]}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>

          <Title order={3} size="h4">
            Preview
          </Title>
          <Text size="sm">
            {preview.total} {preview.total === 1 ? 'row' : 'rows'} in the file; {preview.failing} will fail. The first rows as they will be
            stored:
          </Text>
          <ScrollArea>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Will be</Table.Th>
                  {fields.map((f) => (
                    <Table.Th key={f.key}>{f.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={r.action === 'create' ? 'green' : r.action === 'update' ? 'blue' : 'gray'}>
                        {ACTION_LABEL[r.action]}
                      </Badge>
                    </Table.Td>
                    {fields.map((f) => (
                      <Table.Td key={f.key}>{r.values[f.key] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {preview.errors.length > 0 && (
            <Alert color="yellow" title={`${preview.failing} ${preview.failing === 1 ? 'row' : 'rows'} will not be imported`}>
              <List size="sm" spacing={4}>
                {preview.errors.map((e, i) => (
                  <List.Item key={i}>
                    Row {e.row}: {e.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group>
            <Button onClick={() => void commit()} loading={busy === 'commit'} disabled={busy !== null}>
              Import {preview.total - preview.failing} {preview.total - preview.failing === 1 ? 'row' : 'rows'}
            </Button>
            <Button variant="default" onClick={reset} disabled={busy !== null}>
              Cancel
            </Button>
          </Group>
          {progress && (
            <Stack gap={4}>
              <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} aria-label="Import progress" animated />
              <Text size="sm" c="dimmed">
                {progress.done} of {progress.total} rows written…
              </Text>
            </Stack>
          )}
        </Stack>
      )}

      {result && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {result.status === 'undone' ? 'This import was undone' : 'Imported'}
            </Title>
            <Text>
              {result.created} created · {result.updated} updated · {result.skipped} skipped · {result.failed} failed
            </Text>
            {result.failedRowsUrl && result.status === 'committed' && (
              <Anchor href={result.failedRowsUrl} download>
                <Group gap={6}>
                  <IconDownload size={16} aria-hidden />
                  Download the failed rows (CSV, with a reason column)
                </Group>
              </Anchor>
            )}
            {result.status === 'committed' && (
              <>
                <Text size="sm" c="dimmed">
                  Undo deletes what this import created and puts back what it changed. It is refused once anything else has changed those
                  records (an edit, a confirmed subscription, a later import, a payment), so no later work is lost.
                </Text>
                <Group>
                  <Button variant="default" color="red" onClick={() => void undo()} loading={busy === 'undo'} disabled={busy !== null}>
                    Undo this import
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
