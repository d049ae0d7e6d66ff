// /blog: every article, newest first, each opening its own page.
import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { BLOG_POSTS, formatPostDate } from '../blog.content.ts';

export function BlogList() {
  useDocumentTitle('Blog | Mini Goldendoodle Puppies');
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        Our Blog
      </Title>
      <Text c="gray.7" size="lg" mb="xl">
        Advice from our home to yours: getting ready for a puppy, the first weeks together and caring for a doodle coat.
      </Text>
      {BLOG_POSTS.length === 0 ? (
        <Text>No articles yet. Check back soon!</Text>
      ) : (
        <Stack component="ul" gap="lg" p={0} style={{ listStyle: 'none' }}>
          {BLOG_POSTS.map((post) => (
            <Card component="li" key={post.slug} withBorder padding="lg" radius="md">
              <article aria-labelledby={`post-${post.slug}`}>
                <Text size="sm" c="gray.7" component="time" dateTime={post.date}>
                  {formatPostDate(post.date)}
                </Text>
                <Title order={2} size="h3" id={`post-${post.slug}`} mt={4} mb="xs">
                  <Anchor renderRoot={(props) => <Link {...props} to="/blog/$slug" params={{ slug: post.slug }} />} inherit>
                    {post.title}
                  </Anchor>
                </Title>
                <Text>{post.summary}</Text>
              </article>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
