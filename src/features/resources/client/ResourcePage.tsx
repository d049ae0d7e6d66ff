// /resources/$id: one owner guide.
import { Anchor, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { Resource } from '../resources.content.ts';
import { GuideBody } from './GuideBody.tsx';

export function ResourcePage({ resource }: { resource: Resource }) {
  useDocumentTitle(`${resource.title} | Owner Resources`);
  return (
    <Container size="sm" py="xl" component="article">
      <Anchor component={Link} to="/resources" size="sm">
        ← All owner resources
      </Anchor>
      <Title order={1} mt="md" mb="xs">
        {resource.title}
      </Title>
      <Text c="gray.7" size="lg" mb="xl">
        {resource.summary}
      </Text>
      <GuideBody blocks={resource.body} />
      <Text mt="xl">
        Still have a question?{' '}
        <Anchor component={Link} to="/" hash="contact">
          Contact us
        </Anchor>
        : we support our families for the life of their dog.
      </Text>
    </Container>
  );
}

/** An unknown id: the guide may have been renamed or removed. */
export function ResourceNotFound() {
  useDocumentTitle('Guide not found | Owner Resources');
  return (
    <Container size="sm" py={80}>
      <Title order={1} mb="md">
        Guide not found
      </Title>
      <Text mb="lg">We couldn&apos;t find that guide. It may have been renamed or removed.</Text>
      <Anchor component={Link} to="/resources">
        See all owner resources
      </Anchor>
    </Container>
  );
}
