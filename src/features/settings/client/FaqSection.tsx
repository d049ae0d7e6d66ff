// FAQ (SPEC §2 section 8): an accordion of the breeder's answers and 'Ask Us a Question'.
import { Accordion, Alert, Button, Center, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { scrollToSection } from '../../../lib/client/section-scroll.ts';
import { SETTINGS_ERROR } from './AboutSection.tsx';

export function FaqSection() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  return (
    <section id="faq" aria-labelledby="faq-title">
      <Container size="md" py={64}>
        <Title order={2} id="faq-title" ta="center" mb="xs">
          Frequently Asked Questions
        </Title>
        <Text ta="center" mb="xl">
          Answers to what families ask us most.
        </Text>
        {settings.isPending ? (
          <Stack gap="sm">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={52} radius="md" />
            ))}
          </Stack>
        ) : settings.isError ? (
          <Alert color="red" role="alert">
            {SETTINGS_ERROR}
          </Alert>
        ) : (
          <Accordion variant="separated" radius="md" order={3}>
            {settings.data.faq.map((entry, i) => (
              <Accordion.Item key={i} value={String(i)}>
                <Accordion.Control>{entry.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text style={{ lineHeight: 1.7 }}>{entry.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <Center mt="xl">
          <Button size="md" onClick={() => scrollToSection('contact')}>
            Ask Us a Question
          </Button>
        </Center>
      </Container>
    </section>
  );
}
