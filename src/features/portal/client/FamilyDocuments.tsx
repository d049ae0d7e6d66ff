// Every file the family has: its signed contract and what the breeder shared (health record, vaccination card), each a
// download.
import { Anchor, Card, List, Text, Title } from '@mantine/core';

export interface SharedFile {
  id: number | string;
  title: string;
  url: string;
  kind: 'pdf' | 'photo';
}

export function FamilyDocuments({ documents }: { documents: SharedFile[] }) {
  return (
    <Card withBorder padding="lg" id="documents">
      <Title order={2} size="h3">
        Documents
      </Title>
      {documents.length === 0 ? (
        <Text mt="xs" c="dimmed">
          Your signed contract, health record and vaccination card will be here once they are ready.
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
