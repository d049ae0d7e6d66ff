// A dog's pedigree as nested lists (sire above dam, each with its own parents): three generations shown,
// a branch expands on demand up to five, any ancestor re-centres the tree; the COI with one sentence.
import { useState } from 'react';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PedigreeDto, PedigreeNodeDto } from '../dogs.schema.ts';
import { coiIsInformative, formatCoiWithCompleteness } from '../coi.ts';
import { HealthBadges } from './HealthBadges.tsx';
import classes from './Pedigree.module.css';

/** Generations of ancestors shown at first; the rest (up to five) open branch by branch. */
const SHOWN = 3;
const MAX = 5;

/** The COI with how complete the pedigree under it is; none at all where the ancestry is unknown. */
export function coiSentence(
  p: Pick<PedigreeDto, 'coi' | 'coiGenerations' | 'name' | 'ancestorsKnown' | 'ancestorPlaces' | 'sire' | 'dam'>,
) {
  const completeness = { known: p.ancestorsKnown, total: p.ancestorPlaces };
  if (!coiIsInformative(completeness, !!p.sire && !!p.dam))
    return `${p.name}'s coefficient of inbreeding cannot be worked out yet: ${p.ancestorsKnown} of ${p.ancestorPlaces} ancestors over ${p.coiGenerations} generations are known.`;
  return `${p.name}'s coefficient of inbreeding is ${formatCoiWithCompleteness(p.coi, p.coiGenerations, completeness)}: the chance that both copies of a gene come from the same ancestor. Lower is better; under 6.25% (first cousins) is generally considered low. Unknown ancestors count as unrelated, so the fewer are known, the more it may understate.`;
}

export function PedigreeTree({ pedigree }: { pedigree: PedigreeDto }) {
  return (
    <section aria-labelledby="pedigree-heading" className={classes.pedigree}>
      <Title order={2} id="pedigree-heading" mb="xs">
        Pedigree
      </Title>
      <Text mb="md" maw={720}>
        {coiSentence(pedigree)}
      </Text>
      <ul className={classes.tree} aria-label={`${pedigree.name}'s pedigree`}>
        <PedigreeNode node={pedigree} role={null} depth={0} rootId={pedigree.id} />
      </ul>
    </section>
  );
}

function PedigreeNode({
  node,
  role,
  depth,
  rootId,
  open = false,
}: {
  node: PedigreeNodeDto | null;
  role: 'Sire' | 'Dam' | null;
  depth: number;
  rootId: number;
  open?: boolean;
}) {
  const [expanded, setExpanded] = useState(open);
  if (!node) {
    return (
      <li className={classes.node}>
        <Text c="dimmed">{role}: unknown</Text>
      </li>
    );
  }
  const hasParents = !!(node.sire || node.dam);
  const showParents = hasParents && depth < MAX && (depth < SHOWN || expanded);
  const listId = `pedigree-parents-${node.id}-${depth}`;
  return (
    <li className={classes.node}>
      <Stack gap={2}>
        <Text>
          {role && (
            <Text span c="dimmed">
              {role}:{' '}
            </Text>
          )}
          {node.id === rootId ? (
            <strong>{node.name}</strong>
          ) : (
            <Anchor renderRoot={(props) => <Link {...props} to="/family-tree/$dogId" params={{ dogId: String(node.id) }} />} fw={700}>
              {node.name}
            </Anchor>
          )}
          {node.registeredName && <Text span> ({node.registeredName})</Text>}
        </Text>
        {(node.generation || node.color) && (
          <Text size="sm" c="dimmed">
            {[node.generation, node.color].filter(Boolean).join(' · ')}
          </Text>
        )}
        <HealthBadges tests={node.healthTests} dogName={node.name} />
        {hasParents && depth >= SHOWN && depth < MAX && (
          <div>
            <Button
              variant="light"
              size="xs"
              aria-expanded={expanded}
              aria-controls={expanded ? listId : undefined}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? `Hide ${node.name}'s parents` : `Show ${node.name}'s parents`}
            </Button>
          </div>
        )}
      </Stack>
      {showParents && (
        <ul id={listId} aria-label={`${node.name}'s parents`}>
          <PedigreeNode node={node.sire} role="Sire" depth={depth + 1} rootId={rootId} />
          <PedigreeNode node={node.dam} role="Dam" depth={depth + 1} rootId={rootId} />
        </ul>
      )}
    </li>
  );
}
