// One care record in a line or two: what, when, the details that matter to a vet, and its files.
import { Anchor, Group, Text } from '@mantine/core';
import { formatDay } from '../../../lib/shared/format.ts';
import { CARE_KIND_LABELS, type CareItemDto } from '../health.schema.ts';

export function careDetails(i: CareItemDto): string {
  const parts: string[] = [];
  if (i.product) parts.push(i.product);
  if (i.manufacturer) parts.push(`by ${i.manufacturer}`);
  if (i.lotNumber) parts.push(`lot ${i.lotNumber}${i.lotExpiry ? ` (exp. ${formatDay(i.lotExpiry)})` : ''}`);
  if (i.dose !== null) parts.push(`dose ${i.dose} ${i.doseUnit ?? ''}`.trim());
  if (i.microchip) parts.push(`${i.microchip}${i.registry ? `, ${i.registry}` : ''}`);
  if (i.findings) parts.push(i.findings);
  if (i.vet || i.clinic) parts.push([i.vet, i.clinic].filter(Boolean).join(', '));
  if (i.givenBy) parts.push(`given by ${i.givenBy}`);
  if (i.nextDueOn) parts.push(`next due ${formatDay(i.nextDueOn)}`);
  if (i.notes) parts.push(i.notes);
  return parts.join(' · ');
}

export function CareItemLine({ item }: { item: CareItemDto }) {
  return (
    <>
      <Text size="sm">
        <strong>{CARE_KIND_LABELS[item.kind]}</strong>, {formatDay(item.givenOn)}
        {careDetails(item) ? `: ${careDetails(item)}` : ''}
      </Text>
      {item.attachments.length > 0 && (
        <Group gap="xs">
          {item.attachments.map((a, n) => (
            <Anchor key={a.url} href={a.url} target="_blank" size="sm">
              {a.kind === 'pdf' ? `PDF ${n + 1}` : `Photo ${n + 1}`}
            </Anchor>
          ))}
        </Group>
      )}
    </>
  );
}
