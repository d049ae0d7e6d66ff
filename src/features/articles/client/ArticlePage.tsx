// /blog/$slug and /resources/$id: one article (also what the dashboard's private preview shows), and
// the page for an address that has none.
import { Anchor, Badge, Box, Container, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { formatArticleDate, RESOURCE_CATEGORY_LABELS } from '../article-labels.ts';
import type { BlogPostDto, ResourceDto } from '../articles.schema.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { ARTICLE_KIND_TEXT, type PublicArticleKind } from './article-kinds.ts';

function Closing({ kind }: { kind: PublicArticleKind }) {
  const { closing } = ARTICLE_KIND_TEXT[kind];
  return (
    <Text mt="xl">
      {closing.before}
      <Anchor component={Link} to="/" hash="contact">
        {closing.link}
      </Anchor>
      {closing.after}
    </Text>
  );
}

function Cover({ src, title }: { src: string | null; title: string }) {
  if (!src) return null;
  return (
    <Box mb="lg">
      <ResponsiveImage src={src} alt={title} width={800} height={450} sizes="(max-width: 800px) 100vw, 800px" priority radius={8} />
    </Box>
  );
}

export type BlogPostViewData = Omit<BlogPostDto, 'previous' | 'next'> & Partial<Pick<BlogPostDto, 'previous' | 'next'>>;

/** A blog post as visitors see it. */
export function BlogPostView({ post }: { post: BlogPostViewData }) {
  const text = ARTICLE_KIND_TEXT.blog;
  return (
    <Container size="sm" py="xl" component="article">
      <Anchor component={Link} to={text.listPath} size="sm">
        {text.backLink}
      </Anchor>
      <Title order={1} mt="md" mb="xs">
        {post.title}
      </Title>
      <Group gap="xs" c="dimmed" mb="lg" wrap="wrap">
        <Text component="time" dateTime={post.publishedAt} c="dimmed">
          {formatArticleDate(post.publishedAt)}
        </Text>
        <Text c="dimmed" aria-hidden>
          ·
        </Text>
        <Text c="dimmed">{post.readingMinutes} min read</Text>
        {post.authorName && <Text c="dimmed">· By {post.authorName}</Text>}
      </Group>
      <Cover src={post.coverImageUrl} title={post.title} />
      <ArticleBody html={post.html} />
      {post.tags.length > 0 && (
        <Group gap="xs" mt="lg" aria-label="Tags" role="list">
          {post.tags.map((tag) => (
            <Badge
              key={tag}
              role="listitem"
              variant="light"
              color="gray"
              renderRoot={(props) => <Link {...props} to="/blog" search={{ tag }} />}
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <Closing kind="blog" />
      {(post.previous || post.next) && (
        <SimpleGrid component="nav" aria-label="More posts" cols={{ base: 1, sm: 2 }} mt="xl">
          <div>
            {post.previous && (
              <Anchor renderRoot={(props) => <Link {...props} to="/blog/$slug" params={{ slug: post.previous!.slug }} />}>
                ← Previous: {post.previous.title}
              </Anchor>
            )}
          </div>
          <Box ta={{ sm: 'right' }}>
            {post.next && (
              <Anchor renderRoot={(props) => <Link {...props} to="/blog/$slug" params={{ slug: post.next!.slug }} />}>
                Next: {post.next.title} →
              </Anchor>
            )}
          </Box>
        </SimpleGrid>
      )}
    </Container>
  );
}

/** An owner guide as visitors see it. */
/** A guide's PDFs, each downloaded under its own name. */
function Downloads({ files }: { files: ResourceDto['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="downloads-title" style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
      <Title order={2} size="h3" id="downloads-title" mb="sm">
        Downloads
      </Title>
      <List spacing="xs" icon={<IconFileTypePdf size={20} aria-hidden />} center>
        {files.map((f) => (
          <List.Item key={f.url}>
            <Anchor href={f.url} download>
              {f.name}
            </Anchor>{' '}
            <Text span size="sm">
              (PDF)
            </Text>
          </List.Item>
        ))}
      </List>
    </section>
  );
}

export function ResourceView({ resource }: { resource: ResourceDto }) {
  const text = ARTICLE_KIND_TEXT.resource;
  return (
    <Container size="sm" py="xl" component="article">
      <Anchor component={Link} to={text.listPath} size="sm">
        {text.backLink}
      </Anchor>
      <Text c="dimmed" size="sm" mt="md" tt="uppercase" fw={600}>
        {RESOURCE_CATEGORY_LABELS[resource.category]}
      </Text>
      <Title order={1} mb="xs">
        {resource.title}
      </Title>
      {resource.summary && (
        <Text c="dimmed" size="lg" mb="xl">
          {resource.summary}
        </Text>
      )}
      <Cover src={resource.coverImageUrl} title={resource.title} />
      <ArticleBody html={resource.html} />
      <Downloads files={resource.attachments} />
      <Closing kind="resource" />
    </Container>
  );
}

/** /blog/$slug: the route's loader has fetched it (or answered 404 / 301). */
export function BlogPostPage({ slug }: { slug: string }) {
  const { data } = useSuspenseQuery(trpc.articles.blogPost.queryOptions({ slug }));
  if ('movedTo' in data) return <ArticleNotFound kind="blog" />;
  return <BlogPostView post={data} />;
}

export function ResourcePage({ id }: { id: string }) {
  const { data } = useSuspenseQuery(trpc.articles.resource.queryOptions({ slug: id }));
  if ('movedTo' in data) return <ArticleNotFound kind="resource" />;
  return <ResourceView resource={data} />;
}

/** An unknown slug: the article may have been renamed or removed. */
export function ArticleNotFound({ kind }: { kind: PublicArticleKind }) {
  const text = ARTICLE_KIND_TEXT[kind].notFound;
  return (
    <Container size="sm" py={80}>
      <Title order={1} mb="md">
        {text.title}
      </Title>
      <Text mb="lg">{text.text}</Text>
      <Anchor component={Link} to={ARTICLE_KIND_TEXT[kind].listPath}>
        {text.link}
      </Anchor>
    </Container>
  );
}
