// /privacy-policy and /terms-of-service: the version in force (or an earlier one), its date, and every version.
import { Alert, Anchor, Container, List, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';
import { formatArticleDate } from '../article-labels.ts';
import type { LegalPageDto, LegalPageName } from '../articles.schema.ts';
import { ArticleBody } from './ArticleBody.tsx';

const PATHS: Record<LegalPageName, '/privacy-policy' | '/terms-of-service'> = { privacy: '/privacy-policy', terms: '/terms-of-service' };

export function LegalView({ legal }: { legal: LegalPageDto }) {
  const path = PATHS[legal.page];
  const others = legal.versions.filter((v) => v.id !== legal.versionId);
  return (
    <Container size="sm" py="xl" component="article">
      <Title order={1} mb="xs">
        {legal.title}
      </Title>
      <Text c="dimmed" mb="xl">
        Last updated <time dateTime={legal.updatedAt}>{formatArticleDate(legal.updatedAt)}</time>
      </Text>
      {!legal.current && (
        <Alert color="yellow" mb="xl" title="An earlier version">
          You are reading the version published on {formatArticleDate(legal.updatedAt)}.{' '}
          <Anchor renderRoot={(props) => <Link {...props} to={path} search={{}} />}>Read the current version</Anchor>.
        </Alert>
      )}
      <ArticleBody html={legal.html} />
      {others.length > 0 && (
        <section aria-labelledby="legal-versions">
          <Title order={2} size="h4" id="legal-versions" mt="xl" mb="sm">
            {legal.current ? 'Earlier versions' : 'Other versions'}
          </Title>
          <List>
            {others.map((v) => (
              <List.Item key={v.id}>
                <Anchor
                  renderRoot={(props) => <Link {...props} to={path} search={v.id === legal.versions[0]?.id ? {} : { version: v.id }} />}
                >
                  Version of {formatArticleDate(v.publishedAt)}
                  {v.id === legal.versions[0]?.id ? ' (current)' : ''}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      )}
    </Container>
  );
}

export function LegalPage({ page, version }: { page: LegalPageName; version?: number }) {
  const { data } = useSuspenseQuery(trpc.articles.legal.queryOptions({ page, version }));
  return <LegalView legal={data} />;
}
