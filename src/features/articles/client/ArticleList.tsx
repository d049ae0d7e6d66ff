// /blog (newest first, a page at a time, filtered by tag) and /resources (guides grouped by category), each with a
// search box: `?q=` lists what the server finds (title, summary or text), a page at a time.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import { formatArticleDate, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS } from '../article-labels.ts';
import { ARTICLE_SEARCH_TOO_LONG, type BlogPostSummaryDto, type ResourceSummaryDto } from '../articles.schema.ts';
import { ARTICLE_KIND_TEXT, searchTooLong, type PublicArticleKind } from './article-kinds.ts';

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

/**
 * The search box: a plain GET form to the list (so that it works before the page's code has loaded), which the
 * router takes over once it has: Enter or the button lists what the server finds for `?q=`.
 */
function ArticleSearch({ kind, q }: { kind: PublicArticleKind; q?: string }) {
  const text = ARTICLE_KIND_TEXT[kind];
  const navigate = useNavigate();
  const [value, setValue] = useState(q ?? '');
  useEffect(() => setValue(q ?? ''), [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    const search = next ? { q: next } : {};
    void (kind === 'blog' ? navigate({ to: '/blog', search }) : navigate({ to: '/resources', search }));
  };
  return (
    <form role="search" aria-label={text.search.label} action={text.listPath} method="get" onSubmit={submit}>
      <Group align="flex-end" gap="xs" mb="lg" wrap="nowrap">
        <TextInput
          type="search"
          name="q"
          label={text.search.label}
          placeholder={text.search.placeholder}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}

/** What a search found, said once (a live region, so that a screen reader hears the new result), or why it was not run. */
function SearchSummary({ kind, q, total }: { kind: PublicArticleKind; q: string; total: number }) {
  const text = ARTICLE_KIND_TEXT[kind].search;
  return (
    <Group role="status" gap="xs" mb="lg">
      <Text>{total === 0 ? text.none(q) : text.found(total, q)}</Text>
      <Anchor renderRoot={(props) => <Link {...props} to={ARTICLE_KIND_TEXT[kind].listPath} search={{}} />}>{text.all}</Anchor>
    </Group>
  );
}

function TooLong({ kind, q }: { kind: PublicArticleKind; q: string }) {
  return (
    <Container size="md" py="xl">
      <ListHeader kind={kind} />
      <ArticleSearch kind={kind} q={q} />
      <Alert color="red" role="alert" title="Search too long">
        {ARTICLE_SEARCH_TOO_LONG}
      </Alert>
    </Container>
  );
}

/** Previous and next pages of a list or of search results. */
function PageLinks({
  label,
  page,
  pages,
  link,
  newer,
  older,
}: {
  label: string;
  page: number;
  pages: number;
  link: (page: number) => { to: '/blog' | '/resources'; search: object };
  newer: string;
  older: string;
}) {
  if (pages <= 1) return null;
  const to = (p: number) => {
    const target = link(p);
    return (props: object) => <Link {...props} to={target.to} search={target.search as never} />;
  };
  return (
    <Group component="nav" aria-label={label} justify="space-between" mt="xl">
      {page > 1 ? <Anchor renderRoot={to(page - 1)}>{newer}</Anchor> : <span />}
      <Text c="dimmed">
        Page {page} of {pages}
      </Text>
      {page < pages ? <Anchor renderRoot={to(page + 1)}>{older}</Anchor> : <span />}
    </Group>
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
            <ResponsiveImage
              src={post.coverImageUrl}
              alt={post.title}
              width={720}
              height={300}
              sizes="(max-width: 768px) 100vw, 720px"
              priority={first}
              radius={8}
            />
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

export function BlogList({ page, tag, q }: { page: number; tag?: string; q?: string }) {
  if (q && searchTooLong(q)) return <TooLong kind="blog" q={q} />;
  return <BlogListFound page={page} tag={tag} q={q} />;
}

function BlogListFound({ page, tag, q }: { page: number; tag?: string; q?: string }) {
  const { data } = useSuspenseQuery(trpc.articles.blogList.queryOptions({ page, tag, q }));
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Container size="md" py="xl">
      <ListHeader kind="blog" />
      <ArticleSearch kind="blog" q={q} />
      {data.tags.length > 0 && !q && (
        <Group component="nav" aria-label="Filter posts by tag" gap="xs" mb="lg">
          <Badge
            variant={tag ? 'outline' : 'filled'}
            renderRoot={(props) => <Link {...props} to="/blog" search={{}} aria-current={tag ? undefined : 'page'} />}
          >
            All posts
          </Badge>
          {data.tags.map((t) => (
            <Badge
              key={t}
              variant={t === tag ? 'filled' : 'outline'}
              renderRoot={(props) => <Link {...props} to="/blog" search={{ tag: t }} aria-current={t === tag ? 'page' : undefined} />}
            >
              {t}
            </Badge>
          ))}
        </Group>
      )}
      {q && <SearchSummary kind="blog" q={q} total={data.total} />}
      {data.items.length === 0 ? (
        !q && <Text>{ARTICLE_KIND_TEXT.blog.empty}</Text>
      ) : (
        <Stack component="ul" gap="lg" p={0} m={0} style={{ listStyle: 'none' }} aria-label={q ? 'Search results' : undefined}>
          {data.items.map((post, i) => (
            <PostCard key={post.slug} post={post} first={i === 0} />
          ))}
        </Stack>
      )}
      <PageLinks
        label="Blog pages"
        page={page}
        pages={pages}
        link={(p) => ({ to: '/blog', search: { tag, q, page: p > 1 ? p : undefined } })}
        newer="← Newer posts"
        older="Older posts →"
      />
    </Container>
  );
}

function GuideCard({ guide, order = 3 }: { guide: ResourceSummaryDto; order?: 2 | 3 }) {
  const id = `article-${guide.id}`;
  return (
    <Card component="li" withBorder padding="lg" radius="md">
      <article aria-labelledby={id}>
        <Title order={order} size="h3" id={id} mb="xs">
          <Anchor renderRoot={(props) => <Link {...props} to="/resources/$id" params={{ id: guide.id }} />} inherit>
            {guide.title}
          </Anchor>
        </Title>
        <Text>{guide.summary}</Text>
      </article>
    </Card>
  );
}

export function ResourceList({ q, page = 1 }: { q?: string; page?: number }) {
  if (q && searchTooLong(q)) return <TooLong kind="resource" q={q} />;
  if (q) return <ResourceSearchResults q={q} page={page} />;
  return <AllResources />;
}

function ResourceSearchResults({ q, page }: { q: string; page: number }) {
  const { data } = useSuspenseQuery(trpc.articles.resourceSearch.queryOptions({ q, page }));
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Container size="md" py="xl">
      <ListHeader kind="resource" />
      <ArticleSearch kind="resource" q={q} />
      <SearchSummary kind="resource" q={q} total={data.total} />
      {data.items.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2 }}
          spacing="lg"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Search results"
        >
          {data.items.map((guide) => (
            <GuideCard key={guide.id} guide={guide} order={2} />
          ))}
        </SimpleGrid>
      )}
      <PageLinks
        label="Search result pages"
        page={page}
        pages={pages}
        link={(p) => ({ to: '/resources', search: { q, page: p > 1 ? p : undefined } })}
        newer="← Previous page"
        older="Next page →"
      />
    </Container>
  );
}

function AllResources() {
  const { data } = useSuspenseQuery(trpc.articles.resources.queryOptions());
  const groups = RESOURCE_CATEGORIES.map((category) => ({ category, guides: data.filter((g) => g.category === category) })).filter(
    (g) => g.guides.length > 0,
  );
  return (
    <Container size="md" py="xl">
      <ListHeader kind="resource" />
      <ArticleSearch kind="resource" />
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
