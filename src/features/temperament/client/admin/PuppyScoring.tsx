// One puppy's aptitude test on the breeder's phone: the ten tests, each a 1–6 choice with its meaning in words under it
// and an optional note, her summary, and Save (or Save and go to the next puppy). Without signal the save waits on the
// phone and is sent when the connection returns.
import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, trpc } from '../../../../lib/client/trpc.ts';
import { toast } from '../../../../lib/client/toast.ts';
import { enqueue, isOffline } from '../../../../lib/client/admin/offline-queue.ts';
import { useReportDirty } from '../../../../lib/client/admin/UnsavedChanges.tsx';
import { SegmentedRadios } from '../../../../lib/client/SegmentedRadios.tsx';
import {
  SCORE_WORDS,
  TEMPERAMENT_TESTS,
  TEST_HINTS,
  TEST_LABELS,
  wordsSentence,
  type PuppyTestDto,
  type Score,
  type TemperamentTest,
  type TestScores,
} from '../../temperament.schema.ts';

const SCORE_OPTIONS = ['1', '2', '3', '4', '5', '6'].map((v) => ({ value: v, label: v }));

interface Props {
  puppy: PuppyTestDto;
  position: { index: number; count: number };
  onMove: (step: -1 | 1) => void;
}

export function PuppyScoring({ puppy, position, onMove }: Props) {
  const queryClient = useQueryClient();
  const [scores, setScores] = useState<TestScores>(puppy.scores);
  const [summary, setSummary] = useState(puppy.summary);
  const [dirty, setDirty] = useState(false);
  const save = useMutation(trpc.admin.temperament.save.mutationOptions());
  // Moving to another puppy or section with unsaved scores asks first.
  const clean = useReportDirty(`temperament-${puppy.puppyId}`, dirty);
  const first = position.index === 0;
  const last = position.index === position.count - 1;

  const setTest = (test: TemperamentTest, change: Partial<{ score: Score; note: string }>) => {
    setScores((s) => {
      const current = s[test];
      const score = change.score ?? current?.score;
      if (!score) return s;
      return { ...s, [test]: { score, note: change.note ?? current?.note ?? '' } };
    });
    setDirty(true);
  };

  const submit = async (then?: -1 | 1) => {
    const input = { puppyId: puppy.puppyId, scores, summary, idempotencyKey: crypto.randomUUID() };
    const done = () => {
      clean();
      setDirty(false);
      if (then) onMove(then);
    };
    const keep = async () => {
      await enqueue({ key: input.idempotencyKey, label: `Temperament of ${puppy.name}`, path: 'admin.temperament.save', input });
      toast({
        title: 'Waiting to send',
        message: `No connection: ${puppy.name}’s scores are kept on this phone and sent when it returns.`,
      });
      done();
    };
    if (typeof navigator !== 'undefined' && !navigator.onLine) return keep();
    try {
      await save.mutateAsync(input);
      toast({ title: `${puppy.name} saved`, message: 'The scores and summary are saved.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: [['admin', 'temperament']] });
      done();
    } catch (error) {
      if (isOffline(error)) return keep();
      toast({ title: 'Could not save', message: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  };

  const scored = Object.keys(scores).length;
  return (
    <form
      aria-label={`Temperament test of ${puppy.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            disabled={first}
            onClick={() => onMove(-1)}
            aria-label="Previous puppy"
          >
            Previous
          </Button>
          <Stack gap={0} align="center" style={{ minWidth: 0 }}>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {puppy.name}
            </Title>
            <Text size="sm" c="dimmed">
              Puppy {position.index + 1} of {position.count} · {scored} of 10 scored
            </Text>
          </Stack>
          <Button
            variant="default"
            size="sm"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            disabled={last}
            onClick={() => onMove(1)}
            aria-label="Next puppy"
          >
            Next
          </Button>
        </Group>
        {TEMPERAMENT_TESTS.map((test) => {
          const result = scores[test];
          return (
            <Card key={test} withBorder padding="sm" component="fieldset" aria-labelledby={`test-${test}`} style={{ margin: 0 }}>
              <Stack gap={6}>
                <Text fw={600} id={`test-${test}`} component="legend" p={0}>
                  {TEST_LABELS[test]}
                </Text>
                <Text size="sm" c="dimmed">
                  {TEST_HINTS[test]}
                </Text>
                <SegmentedRadios
                  label={`${TEST_LABELS[test]} score`}
                  value={result ? String(result.score) : ''}
                  onChange={(v) => setTest(test, { score: Number(v) as Score })}
                  options={SCORE_OPTIONS}
                />
                <Text size="sm" aria-live="polite">
                  {result ? SCORE_WORDS[test][result.score] : 'Not scored yet'}
                </Text>
                {result && (
                  <TextInput
                    label={`${TEST_LABELS[test]} note`}
                    placeholder="Optional"
                    value={result.note}
                    maxLength={500}
                    onChange={(e) => setTest(test, { note: e.currentTarget.value })}
                  />
                )}
              </Stack>
            </Card>
          );
        })}
        <Textarea
          label="Your summary"
          description="Families see it with the words, once you show the litter’s results."
          autosize
          minRows={2}
          maxLength={2000}
          value={summary}
          onChange={(e) => {
            setSummary(e.currentTarget.value);
            setDirty(true);
          }}
        />
        {scored > 0 && (
          <Text size="sm">
            <Text span fw={600}>
              Families will read:{' '}
            </Text>
            {wordsSentence(scores)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button type="submit" variant={last ? 'filled' : 'default'} loading={save.isPending} disabled={!dirty}>
            Save
          </Button>
          {!last && (
            <Button onClick={() => void submit(1)} loading={save.isPending}>
              Save and next puppy
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
