// /blog (newest first, a page at a time, filtered by tag) and /resources (guides grouped by category).
import { Anchor, Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { formatArticleDate, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS } from '../article-labels.ts';
import type { BlogPostSummaryDto, ResourceSummaryDto } from '../articles.schema.ts';
import { ARTICLE_KIND_TEXT, type PublicArticleKind } from './article-kinds.ts';

function ListHeader({ kind }: { kind: PublicArticleKind }) {
  const text = ARTICLE_KIND_TEXT[kind];
  return (
    <>
      <Title order={1} mb="xs">
        {text.listTitle}
      </Title>
      <Text c="dimmed" size="lg" mb="xl">
        {text.listIntro}
      </Text>
    </>
  );
}

function PostCard({ post, first }: { post: BlogPostSummaryDto; first: boolean }) {
  const id = `article-${post.slug}`;
  return (
    <Card component="li" withBorder padding="lg" radius="md">
      <article aria-labelledby={id}>
        {post.coverImageUrl && (
          <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
            {/* The post's cover, as on its page; the first is above the fold on a laptop. */}
            <ResponsiveImage src={post.coverImageUrl} alt={post.title} width={720} height={300} sizes="(max-width: 768px) 100vw, 720px" priority={first} radius={8} />
          </div>
        )}
        <Text size="sm" c="dimmed" component="time" dateTime={post.publishedAt} display="block" mb={4}>
          {formatArticleDate(post.publishedAt)}
        </Text>
        <Title order={2} size="h3" id={id} mb="xs">
          <Anchor renderRoot={(props) => <Link {...props} to="/blog/$slug" params={{ slug: post.slug }} />} inherit>
            {post.title}
          </Anchor>
        </Title>
        <Text>{post.summary}</Text>
      </article>
    </Card>
  );
}

export function BlogList({ page, tag }: { page: number; tag?: string }) {
  const { data } = useSuspenseQuery(trpc.articles.blogList.queryOptions({ page, tag }));
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Container size="md" py="xl">
      <ListHeader kind="blog" />
      {data.tags.length > 0 && (
        <Group component="nav" aria-label="Filter posts by tag" gap="xs" mb="lg">
          <Badge variant={tag ? 'outline' : 'filled'} renderRoot={(props) => <Link {...props} to="/blog" search={{}} aria-current={tag ? undefined : 'page'} />}>
            All posts
          </Badge>
          {data.tags.map((t) => (
            <Badge key={t} variant={t === tag ? 'filled' : 'outline'} renderRoot={(props) => <Link {...props} to="/blog" search={{ tag: t }} aria-current={t === tag ? 'page' : undefined} />}>
              {t}
            </Badge>
          ))}
        </Group>
      )}
      {data.items.length === 0 ? (
        <Text>{ARTICLE_KIND_TEXT.blog.empty}</Text>
      ) : (
        <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.items.map((post, i) => (
            <PostCard key={post.slug} post={post} first={i === 0} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Group component="nav" aria-label="Blog pages" justify="space-between" mt="xl">
          {page > 1 ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/blog" search={{ tag, page: page - 1 > 1 ? page - 1 : undefined }} />}>
              ← Newer posts
            </Anchor>
          ) : (
            <span />
          )}
          <Text c="dimmed">
            Page {page} of {pages}
          </Text>
          {page < pages ? (
            <Anchor renderRoot={(props) => <Link {...props} to="/blog" search={{ tag, page: page + 1 }} />}>
              Older posts →
            </Anchor>
          ) : (
            <span />
          )}
        </Group>
      )}
    </Container>
  );
}

function GuideCard({ guide }: { guide: ResourceSummaryDto }) {
  const id = `article-${guide.id}`;
  return (
    <Card component="li" withBorder padding="lg" radius="md">
      <article aria-labelledby={id}>
        <Title order={3} id={id} mb="xs">
          <Anchor renderRoot={(props) => <Link {...props} to="/resources/$id" params={{ id: guide.id }} />} inherit>
            {guide.title}
          </Anchor>
        </Title>
        <Text>{guide.summary}</Text>
      </article>
    </Card>
  );
}

export function ResourceList() {
  const { data } = useSuspenseQuery(trpc.articles.resources.queryOptions());
  const groups = RESOURCE_CATEGORIES.map((category) => ({ category, guides: data.filter((g) => g.category === category) })).filter((g) => g.guides.length > 0);
  return (
    <Container size="md" py="xl">
      <ListHeader kind="resource" />
      {groups.length === 0 && <Text>{ARTICLE_KIND_TEXT.resource.empty}</Text>}
      {groups.map(({ category, guides }) => (
        <section key={category} aria-labelledby={`category-${category}`}>
          <Title order={2} id={`category-${category}`} mt="lg" mb="md">
            {RESOURCE_CATEGORY_LABELS[category]}
          </Title>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }}>
            {guides.map((guide) => (
              <GuideCard key={guide.id} guide={guide} />
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Container>
  );
}
