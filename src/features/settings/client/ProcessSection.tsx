// Our Breeding Process (SPEC §2 section 5): four info blocks and 'Ask About Our Process'.
import { Alert, Button, Card, Center, Container, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { scrollToSection } from '../../../lib/client/section-scroll.ts';
import { SETTINGS_ERROR } from './AboutSection.tsx';

export function ProcessSection() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  return (
    <section id="process" aria-labelledby="process-title" style={{ background: 'var(--surface-warm)' }}>
      <Container size="lg" py={64}>
        <Title order={2} id="process-title" ta="center" mb="xs">
          Our Breeding Process
        </Title>
        <Text ta="center" mb="xl" maw={640} mx="auto">
          From choosing parents to go-home day, every step is designed for healthy bodies and confident minds.
        </Text>
        {settings.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={200} radius="md" />
            ))}
          </SimpleGrid>
        ) : settings.isError ? (
          <Alert color="red" role="alert">
            {SETTINGS_ERROR}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {settings.data.processBlocks.map((block, i) => (
              <Card key={i} component="li" withBorder radius="md" padding="lg">
                <ThemeIcon size={40} radius="xl" aria-hidden="true">
                  {i + 1}
                </ThemeIcon>
                <Title order={3} size="h4" mt="md" mb="xs">
                  {block.title}
                </Title>
                <Text size="sm" style={{ lineHeight: 1.6 }}>
                  {block.body}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Center mt="xl">
          <Button size="md" onClick={() => scrollToSection('contact')}>
            Ask About Our Process
          </Button>
        </Center>
      </Container>
    </section>
  );
}
