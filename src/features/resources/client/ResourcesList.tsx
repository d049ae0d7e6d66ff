// /resources: the owner guides, each opening its own page.
import { Anchor, Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { RESOURCES } from '../resources.content.ts';

export function ResourcesList() {
  useDocumentTitle('Owner Resources | Mini Goldendoodle Puppies');
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Owner Resources
      </Title>
      <Text c="gray.7" size="lg" mb="xl">
        Practical guides for the weeks before and after your puppy comes home. Your veterinarian is always your first call for
        health questions, and we are always happy to help too.
      </Text>
      {RESOURCES.length === 0 ? (
        <Text>No guides yet. Check back soon!</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }}>
          {RESOURCES.map((r) => (
            <Card component="li" key={r.id} withBorder padding="lg" radius="md">
              <Title order={2} size="h3" mb="xs">
                <Anchor renderRoot={(props) => <Link {...props} to="/resources/$id" params={{ id: r.id }} />} inherit>
                  {r.title}
                </Anchor>
              </Title>
              <Text>{r.summary}</Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
