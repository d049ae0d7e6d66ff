// About (SPEC §2 section 2): the breeder's story, the health-philosophy points and 'Get To Know Us'.
import { Alert, Button, Container, Grid, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { scrollToSection } from '../../../lib/client/section-scroll.ts';

export const SETTINGS_ERROR = 'Unable to load this section. Please try again later.';

export function AboutSection() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  return (
    <section id="about" aria-labelledby="about-title">
      <Container size="lg" py={64}>
        <Title order={2} id="about-title" ta="center" mb="xl">
          About Us
        </Title>
        {settings.isPending ? (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Skeleton height={16} mb="sm" />
              <Skeleton height={16} mb="sm" />
              <Skeleton height={16} mb="sm" width="80%" />
              <Skeleton height={16} mb="sm" />
              <Skeleton height={16} width="60%" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Skeleton height={220} radius="md" />
            </Grid.Col>
          </Grid>
        ) : settings.isError ? (
          <Alert color="red" role="alert">
            {SETTINGS_ERROR}
          </Alert>
        ) : (
          <Grid gap="xl" align="flex-start">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <Title order={3}>Our Story</Title>
                {settings.data.aboutStory
                  .split(/\n\s*\n/)
                  .filter(Boolean)
                  .map((paragraph, i) => (
                    <Text key={i} size="lg" style={{ lineHeight: 1.7 }}>
                      {paragraph}
                    </Text>
                  ))}
                <div>
                  <Button size="md" onClick={() => scrollToSection('contact')}>
                    Get To Know Us
                  </Button>
                </div>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder radius="md" p="lg" bg="var(--surface-warm)">
                <Title order={3} mb="md">
                  Our Natural Health Philosophy
                </Title>
                <List spacing="sm" icon={<IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden="true" />}>
                  {settings.data.healthPoints.map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </Paper>
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </section>
  );
}
