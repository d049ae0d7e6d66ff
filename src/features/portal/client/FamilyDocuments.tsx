// Documents the breeder shared with this family (contract, health record, vaccination card), each a download.
import { Anchor, Card, List, Text, Title } from '@mantine/core';
import type { FamilyDocumentDto } from '../portal.schema.ts';

export function FamilyDocuments({ documents }: { documents: FamilyDocumentDto[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3">
        Documents
      </Title>
      {documents.length === 0 ? (
        <Text mt="xs" c="dimmed">
          Your contract, health record and vaccination card will be here once we share them.
        </Text>
      ) : (
        <List mt="sm" spacing="xs">
          {documents.map((d) => (
            <List.Item key={d.id}>
              <Anchor href={d.url} download>
                {d.title}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                ({d.kind === 'pdf' ? 'PDF' : 'photo'})
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
