// /admin/preview/$id: a draft (or any article) as the public page will show it, for admins only.
import { Alert, Anchor, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../../lib/client/trpc.ts';
import { QueryState } from '../../../../lib/client/admin/ListParts.tsx';
import type { ArticlePreviewDto } from '../../articles.schema.ts';
import { BlogPostView, ResourceView } from '../ArticlePage.tsx';
import { LegalView } from '../LegalPage.tsx';
import { KIND_TEXT, STATUS } from './ArticleStatus.tsx';

const SECTION_PATHS = { blog: '/admin/blog', resource: '/admin/resources', legal: '/admin/legal' } as const;

function View({ a }: { a: ArticlePreviewDto }) {
  const date = a.publishedAt ?? a.updatedAt;
  if (a.kind === 'blog') return <BlogPostView post={{ ...a, publishedAt: date, previous: null, next: null }} />;
  if (a.kind === 'resource') return <ResourceView resource={{ ...a, id: a.slug, category: a.category ?? 'go-home', order: a.sortOrder }} />;
  return (
    <LegalView
      legal={{ page: a.legalPage ?? 'privacy', title: a.title, html: a.html, updatedAt: date, versionId: 0, current: true, versions: [] }}
    />
  );
}

export function ArticlePreview({ id }: { id: number }) {
  // Always the saved article as it is now (an autosave may have changed it since the editor loaded it).
  const query = useQuery({ ...trpc.admin.articles.byId.queryOptions({ id }), staleTime: 0, refetchOnMount: 'always' });
  const a = query.data;
  return (
    <>
      <QueryState query={query} what="the article" />
      {a && (
        <>
          <Container size="sm">
            <Alert color="yellow" title={`Private preview: ${STATUS[a.status].label.toLowerCase()}`}>
              Only admins can open this page.{a.status !== 'published' && ' Visitors see nothing of it until it is published.'}{' '}
              <Anchor renderRoot={(props) => <Link {...props} to={SECTION_PATHS[a.kind]} search={{ edit: a.id }} />}>
                Back to editing this {KIND_TEXT[a.kind].one}
              </Anchor>
            </Alert>
          </Container>
          <View a={a} />
        </>
      )}
    </>
  );
}
