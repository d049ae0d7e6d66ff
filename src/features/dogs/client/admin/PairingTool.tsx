// Planned pairing: pick a sire and a dam (each with its health results), see the would-be litter's pedigree
// and its COI before it exists.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../../../lib/client/trpc.ts';
import { SectionHeader } from '../../../../lib/client/admin/Section.tsx';
import { COI_DEFAULT_GENERATIONS, formatCoiWithCompleteness } from '../../coi.ts';
import type { PedigreeNodeDto } from '../../dogs.schema.ts';
import { DogPicker, type DogSex } from './DogPicker.tsx';
import { HealthBadges } from '../HealthBadges.tsx';
import { dogRegistry } from './dog-registry.ts';

type Chosen = { id: number | null; name: string | null };

export function PairingTool() {
  const [sire, setSire] = useState<Chosen>({ id: null, name: null });
  const [dam, setDam] = useState<Chosen>({ id: null, name: null });
  const ready = sire.id != null && dam.id != null;
  const plan = useQuery({
    ...trpc.admin.parents.pairing.queryOptions({ sireId: sire.id ?? 1, damId: dam.id ?? 1, generations: COI_DEFAULT_GENERATIONS }),
    enabled: ready,
  });
  return (
    <Stack>
      <SectionHeader title="Planned pairing" />
      <Text>Pick a sire and a dam to see their litter’s pedigree and coefficient of inbreeding before it exists.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ParentChoice label="Sire" gender="male" chosen={sire} onChange={setSire} />
        <ParentChoice label="Dam" gender="female" chosen={dam} onChange={setDam} />
      </SimpleGrid>
      <section aria-live="polite" aria-label="Trial litter">
        {!ready ? (
          <Text c="dimmed">Choose both parents to see the trial pedigree.</Text>
        ) : plan.isPending ? (
          <Loader role="status" aria-label="Loading the trial pedigree" />
        ) : plan.isError ? (
          <Alert color="red" role="alert">
            {plan.error.message}
          </Alert>
        ) : (
          <Stack>
            <Title order={3} size="h4">
              COI of the litter:{' '}
              {formatCoiWithCompleteness(plan.data.coi, plan.data.coiGenerations, {
                known: plan.data.ancestorsKnown,
                total: plan.data.ancestorPlaces,
              })}
            </Title>
            <Text size="sm">
              The chance that a puppy inherits both copies of a gene from the same ancestor. Under 6.25% (first cousins) is generally
              considered low.
            </Text>
            <Paper withBorder p="sm">
              <ul aria-label="Trial pedigree" style={{ margin: 0, paddingLeft: '1rem' }}>
                <PairingNode role="Sire" node={plan.data.sire} />
                <PairingNode role="Dam" node={plan.data.dam} />
              </ul>
            </Paper>
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** A picker and, once a dog is chosen, its health results as the family tree shows them. */
function ParentChoice({
  label,
  gender,
  chosen,
  onChange,
}: {
  label: 'Sire' | 'Dam';
  gender: DogSex;
  chosen: Chosen;
  onChange: (c: Chosen) => void;
}) {
  const dog = useQuery({ ...trpc.admin.parents.byId.queryOptions({ id: chosen.id ?? 1 }), enabled: chosen.id != null });
  const name = chosen.name ?? dog.data?.name ?? '';
  return (
    <Stack gap="xs">
      <DogPicker
        registry={dogRegistry}
        label={label}
        gender={gender}
        allowNew={false}
        value={chosen.id}
        currentName={chosen.name}
        onChange={(id, n) => onChange({ id, name: n })}
      />
      {chosen.id == null ? null : dog.isPending ? (
        <Loader size="sm" role="status" aria-label={`Loading ${name}'s health results`} />
      ) : dog.isError ? (
        <Text size="sm" c="red" role="alert">
          Could not load {name}'s health results.
        </Text>
      ) : dog.data.healthTests.length === 0 ? (
        <Text size="sm" c="dimmed">
          No health results recorded for {dog.data.name}.
        </Text>
      ) : (
        <HealthBadges tests={dog.data.healthTests} dogName={dog.data.name} />
      )}
    </Stack>
  );
}

function PairingNode({ role, node }: { role: 'Sire' | 'Dam'; node: PedigreeNodeDto | null }) {
  return (
    <li style={{ overflowWrap: 'anywhere' }}>
      <Text span c="dimmed">
        {role}:{' '}
      </Text>
      {node ? (
        <>
          <strong>{node.name}</strong>
          {node.registeredName && ` (${node.registeredName})`}
          {(node.sire || node.dam) && (
            <ul style={{ paddingLeft: '1rem' }}>
              <PairingNode role="Sire" node={node.sire} />
              <PairingNode role="Dam" node={node.dam} />
            </ul>
          )}
        </>
      ) : (
        'unknown'
      )}
    </li>
  );
}
