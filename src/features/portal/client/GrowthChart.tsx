// The puppy's weights by age in days (litter-mates faint behind), with the same numbers as a table for screen readers.
import '@mantine/charts/styles.layer.css';
import '@mantine/core/styles/Table.layer.css';
import { LineChart } from '@mantine/charts';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatDay } from '../../../lib/shared/format.ts';
import { formatOunces, type GrowthDto } from '../portal.schema.ts';

export function GrowthChart({ growth }: { growth: GrowthDto }) {
  const { puppy, litterMates } = growth;
  if (!puppy.points.length) {
    return (
      <Card withBorder padding="lg">
        <Title order={2} size="h3">
          {puppy.name}&apos;s growth
        </Title>
        <Text mt="xs" c="dimmed">
          No weights recorded yet. They appear here as we weigh {puppy.name}.
        </Text>
      </Card>
    );
  }
  // One row per age; each puppy's weight in its own column (missing ages left empty, lines joined across them).
  const ages = [...new Set([puppy, ...litterMates].flatMap((s) => s.points.map((p) => p.ageDays)))].sort((a, b) => a - b);
  const key = (id: number) => `p${id}`;
  const data = ages.map((age) => {
    const row: Record<string, number> = { age };
    for (const s of [puppy, ...litterMates]) {
      const point = s.points.find((p) => p.ageDays === age);
      if (point) row[key(s.puppyId)] = Math.round(point.ounces * 10) / 10;
    }
    return row;
  });
  const series = [
    ...litterMates.map((s) => ({ name: key(s.puppyId), label: s.name, color: 'gray.5' })),
    { name: key(puppy.puppyId), label: puppy.name, color: 'teal.7' },
  ];
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {puppy.name}&apos;s growth
        </Title>
        <Text size="sm" c="dimmed">
          Weight in ounces by age in days{litterMates.length ? `; litter-mates in grey` : ''}.
        </Text>
        {/* One weighing is a lone dot over a one-tick axis: say it in words until there is a line to draw. */}
        {data.length < 2 ? (
          <Text>
            One weight so far: {formatOunces(puppy.points[0]!.ounces)} at {puppy.points[0]!.ageDays} days old. The chart starts with the
            next weighing.
          </Text>
        ) : (
          // Out of the tab order and the accessibility tree: the table below carries the same numbers.
          <div inert>
            <LineChart
              h={260}
              data={data}
              dataKey="age"
              series={series}
              connectNulls
              curveType="monotone"
              withLegend={litterMates.length > 0}
              xAxisLabel="Age (days)"
              yAxisLabel="oz"
              lineProps={(s) => (s.name === key(puppy.puppyId) ? { strokeWidth: 3 } : { strokeOpacity: 0.45, strokeWidth: 1.5 })}
              tooltipAnimationDuration={0}
            />
          </div>
        )}
        <details>
          <summary>Show the weights as a table</summary>
          <Table mt="xs" striped>
            <caption>{puppy.name}&apos;s weights</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Age (days)</Table.Th>
                <Table.Th scope="col">Weight</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {puppy.points.map((p) => (
                <Table.Tr key={`${p.date}-${p.ounces}`}>
                  <Table.Td>{formatDay(p.date)}</Table.Td>
                  <Table.Td>{p.ageDays}</Table.Td>
                  <Table.Td>{formatOunces(p.ounces)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      </Stack>
    </Card>
  );
}
