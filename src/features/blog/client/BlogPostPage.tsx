// /blog/$slug: one article.
import { Anchor, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { formatPostDate, type BlogPost } from '../blog.content.ts';
import { ArticleBody } from './ArticleBody.tsx';

export function BlogPostPage({ post }: { post: BlogPost }) {
  useDocumentTitle(`${post.title} | Mini Goldendoodle Puppies`);
  return (
    <Container size="sm" py="xl" component="article">
      <Anchor component={Link} to="/blog" size="sm">
        ← All articles
      </Anchor>
      <Title order={1} mt="md" mb="xs">
        {post.title}
      </Title>
      <Text c="gray.7" mb="xl" component="time" dateTime={post.date} display="block">
        {formatPostDate(post.date)}
      </Text>
      <ArticleBody blocks={post.body} />
      <Text mt="xl">
        Questions about your own puppy?{' '}
        <Anchor component={Link} to="/" hash="contact">
          Get in touch with us
        </Anchor>
        .
      </Text>
    </Container>
  );
}

/** An unknown slug: the article may have been renamed or removed. */
export function BlogPostNotFound() {
  useDocumentTitle('Article not found | Mini Goldendoodle Puppies');
  return (
    <Container size="sm" py={80}>
      <Title order={1} mb="md">
        Article not found
      </Title>
      <Text mb="lg">We couldn&apos;t find that article. It may have been renamed or removed.</Text>
      <Anchor component={Link} to="/blog">
        See all articles
      </Anchor>
    </Container>
  );
}
