// The dashboard's Families: each family's name, e-mail address and whether it is verified, so the breeder knows
// who her updates and application e-mails can reach (decision 108: only a verified address receives them).
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../../lib/client/trpc.ts';
import { ToneBadge } from '../../../../lib/client/ToneBadge.tsx';
import { PageSpinner } from '../../../../lib/client/PageSpinner.tsx';

const STATE = {
  verified: { tone: 'green', label: 'Verified' },
  unverified: { tone: 'yellow', label: 'Not verified yet' },
  none: { tone: 'gray', label: 'No e-mail' },
} as const;

export function FamilyContacts() {
  const families = useQuery(trpc.admin.portal.families.queryOptions());
  if (!families.data) return <PageSpinner />;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Family e-mail addresses
        </Title>
        <Text size="sm" c="dimmed">
          Updates and application e-mails go only to a verified address. A family verifies by opening the link we e-mail to it; My Family
          lets them send it again.
        </Text>
        {families.data.length === 0 ? (
          <Text size="sm">No family accounts yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table aria-label="Family e-mail addresses">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Family</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {families.data.map((f) => (
                  <Table.Tr key={f.id}>
                    <Table.Td>
                      {f.name}
                      {f.name !== f.username && (
                        <Text size="xs" c="dimmed">
                          {f.username}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Stack gap={2} align="flex-start">
                        {(f.email ?? f.pendingEmail) && <Text size="sm">{f.email ?? f.pendingEmail}</Text>}
                        <ToneBadge tone={STATE[f.emailState].tone}>{STATE[f.emailState].label}</ToneBadge>
                        {f.email && f.pendingEmail && (
                          <Text size="xs" c="dimmed">
                            New address {f.pendingEmail} not verified yet
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
