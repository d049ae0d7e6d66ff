// A dog's health results as badges with their date; a link or certificate opens where it can be checked.
// Shared by the public family tree and the dashboard's planned pairing.
import { Anchor, Group } from '@mantine/core';
import { ToneBadge } from '../../../lib/client/ToneBadge.tsx';
import { formatDay } from '../../../lib/shared/format.ts';

/** One result as a badge shows it (dogs.schema.ts's HealthTestDto fits). */
export interface HealthBadgeTest {
  id: number;
  /** "OFA hips", "Embark: PRA-prcd" */
  label: string;
  result: string;
  /** YYYY-MM-DD */
  date: string | null;
  verificationUrl: string | null;
  certificateUrl: string | null;
}

export function HealthBadges({ tests, dogName }: { tests: HealthBadgeTest[]; dogName: string }) {
  if (tests.length === 0) return null;
  return (
    <Group component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={`${dogName}'s health results`}>
      {tests.map((t) => {
        const text = `${t.label}: ${t.result}${t.date ? `, ${formatDay(t.date)}` : ''}`;
        const href = t.verificationUrl ?? t.certificateUrl;
        return (
          <li key={t.id}>
            {href ? (
              <Anchor
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                underline="never"
                aria-label={`${text} (opens the ${t.verificationUrl ? 'verification' : 'certificate'})`}
              >
                <ToneBadge tone="green">{text}</ToneBadge>
              </Anchor>
            ) : (
              <ToneBadge tone="green">{text}</ToneBadge>
            )}
          </li>
        );
      })}
    </Group>
  );
}
