// The puppy detail dialog (SPEC §2): every field with its fallback, the parents from the litter,
// Inquire, and the Personality Assessment tabs (or the 'Assessment Pending' card).
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Grid, Group, Modal, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ToneBadge, type Tone } from '../../../lib/client/ToneBadge.tsx';
import { DogTreeLink } from '../../../lib/client/DogTreeLink.tsx';
import { formatPrice, formatPuppyAge, formatWeight } from '../../../lib/shared/format.ts';
import type { LitterDto } from '../../dogs/litters.schema.ts';
import { TRAIT_LABELS, TRAITS, type PuppyDto, type TraitLevel } from '../puppies.schema.ts';
import { genderLabel, STATUS_COLOR, STATUS_LABEL } from './PuppyCard.tsx';
import { PuppyPhotos } from './PuppyPhotos.tsx';
import { ShareButton } from './ShareButton.tsx';

const LEVEL_LABEL: Record<TraitLevel, string> = { high: 'High', medium: 'Medium', low: 'Low', unassessed: 'Not yet assessed' };
const LEVEL_COLOR: Record<TraitLevel, Tone> = { high: 'teal', medium: 'yellow', low: 'blue', unassessed: 'gray' };
const LEVEL_BAR: Record<TraitLevel, string> = { high: 'teal', medium: 'yellow', low: 'blue', unassessed: 'gray' };
const LEVEL_WIDTH: Record<TraitLevel, number> = { high: 100, medium: 66, low: 33, unassessed: 0 };

function Detail({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600} w="45%">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function Trait({ label, level }: { label: string; level: TraitLevel }) {
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <ToneBadge tone={LEVEL_COLOR[level]}>{LEVEL_LABEL[level]}</ToneBadge>
      </Group>
      <div aria-hidden="true" style={{ height: 6, borderRadius: 3, background: 'var(--mantine-color-gray-2)', marginTop: 4 }}>
        <div
          style={{
            width: `${LEVEL_WIDTH[level]}%`,
            height: '100%',
            borderRadius: 3,
            background: `var(--mantine-color-${LEVEL_BAR[level]}-6)`,
          }}
        />
      </div>
    </div>
  );
}

function Note({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm">{text || 'Not recorded yet.'}</Text>
    </div>
  );
}

export function PuppyDialog({
  puppy,
  litter,
  onClose,
  onInquire,
}: {
  puppy: PuppyDto | null;
  litter: LitterDto | null;
  onClose: () => void;
  onInquire: (puppy: PuppyDto) => void;
}) {
  // Keep showing the last puppy while the dialog animates closed.
  const [shown, setShown] = useState<{ puppy: PuppyDto; litter: LitterDto | null } | null>(puppy ? { puppy, litter } : null);
  if (puppy && (shown?.puppy !== puppy || shown.litter !== litter)) setShown({ puppy, litter });
  // Open only after the first render, so the dialog notes what had focus and gives it back on close.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const inquiring = useRef<PuppyDto | null>(null);
  const fallback = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(fallback.current), []);

  const finishInquiry = () => {
    window.clearTimeout(fallback.current);
    const p = inquiring.current;
    inquiring.current = null;
    if (p) onInquire(p);
  };

  const p = shown?.puppy;
  const l = shown?.litter ?? null;

  return (
    <Modal
      opened={ready && !!puppy}
      onClose={onClose}
      onExitTransitionEnd={finishInquiry}
      title={
        p ? (
          <Title order={2} size="h3" component="span">
            {p.name}
          </Title>
        ) : null
      }
      size="xl"
      radius="md"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {p && (
        <Stack gap="lg">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PuppyPhotos key={p.id} puppy={p} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Stack gap="xs">
                <Group gap="xs">
                  <ToneBadge tone={STATUS_COLOR[p.status]}>{STATUS_LABEL[p.status]}</ToneBadge>
                </Group>
                <Text>
                  {genderLabel(p.gender)} · {formatPuppyAge(l?.birthDate)} · {p.color}
                </Text>
                <Text fw={700} size="xl">
                  {formatPrice(p.price)}
                </Text>
                <Title order={3} size="h4" mt="xs">
                  About {p.name}
                </Title>
                <Text size="sm" style={{ lineHeight: 1.6 }}>
                  {p.description || 'More about this puppy soon.'}
                </Text>
              </Stack>
            </Grid.Col>
          </Grid>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Title order={3} size="h4" mb="xs">
                Details
              </Title>
              <Table withRowBorders verticalSpacing={6} fz="sm">
                <Table.Tbody>
                  <Detail label="Litter" value={l?.name ?? 'Unassigned'} />
                  <Detail label="Status" value={STATUS_LABEL[p.status]} />
                  <Detail label="Color" value={p.color} />
                  <Detail label="Generation" value={p.generation ?? 'N/A'} />
                  {formatWeight(p.weight) && <Detail label="Weight" value={formatWeight(p.weight)!} />}
                  <Detail label="Price" value={formatPrice(p.price)} />
                </Table.Tbody>
              </Table>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Title order={3} size="h4" mb="xs">
                Parents
              </Title>
              <Table withRowBorders verticalSpacing={6} fz="sm">
                <Table.Tbody>
                  <Detail
                    label="Mother"
                    value={l ? <DogTreeLink id={l.damId} name={l.motherName} label={`${l.motherName}'s family tree (mother)`} /> : 'N/A'}
                  />
                  <Detail
                    label="Father"
                    value={l ? <DogTreeLink id={l.sireId} name={l.fatherName} label={`${l.fatherName}'s family tree (father)`} /> : 'N/A'}
                  />
                </Table.Tbody>
              </Table>
              <Button
                mt="md"
                fullWidth
                onClick={() => {
                  inquiring.current = p;
                  onClose();
                  // If the closing animation is skipped, finish anyway.
                  fallback.current = window.setTimeout(finishInquiry, 600);
                }}
              >
                Inquire About {p.name}
              </Button>
              {p.status === 'available' && (
                // The questionnaire with this puppy noted (and its litter chosen).
                <Button
                  component={Link}
                  to="/questionnaire"
                  search={{ puppy: p.id, litter: p.litterId ?? undefined } as never}
                  mt="xs"
                  fullWidth
                  variant="light"
                >
                  Apply for {p.name}
                </Button>
              )}
              <ShareButton id={p.id} name={p.name} />
            </Grid.Col>
          </Grid>

          <div>
            <Title order={3} size="h4" mb="sm">
              Personality Assessment
            </Title>
            {p.assessmentComplete ? (
              <Tabs defaultValue="temperament" keepMounted={false}>
                <Tabs.List>
                  <Tabs.Tab value="temperament">Temperament</Tabs.Tab>
                  <Tabs.Tab value="sensitivity">Sensitivity</Tabs.Tab>
                  <Tabs.Tab value="notes">Notes</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="temperament" pt="md">
                  <Stack gap="sm">
                    {TRAITS.map((t) => (
                      <Trait key={t} label={TRAIT_LABELS[t]} level={p[t]} />
                    ))}
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="sensitivity" pt="md">
                  <Stack gap="sm">
                    <Note label="Handling Response" text={p.handlingResponse} />
                    <Note label="Sound Sensitivity" text={p.soundSensitivity} />
                    <Note label="Visual Sensitivity" text={p.visualSensitivity} />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="notes" pt="md">
                  <Stack gap="sm">
                    <Note label="Personality Notes" text={p.personalityNotes} />
                    <Note label="Training Progress" text={p.trainingProgress} />
                    <Note label="Ideal Home" text={p.idealHome} />
                  </Stack>
                </Tabs.Panel>
              </Tabs>
            ) : (
              <Card withBorder radius="md" padding="lg" bg="var(--surface-alt)">
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconHourglass size={24} aria-hidden="true" />
                  <div>
                    <Title order={4} size="h5">
                      Assessment Pending
                    </Title>
                    <Text size="sm" mt={4}>
                      We temperament test every puppy at 7 weeks. {p.name}&apos;s personality assessment isn&apos;t ready yet, so please
                      check back later.
                    </Text>
                  </div>
                </Group>
              </Card>
            )}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
