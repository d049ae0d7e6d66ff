// /blog and /resources: the articles of one kind, each opening its own page (posts dated, in a column; guides in a grid).
import { Anchor, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { formatArticleDate, type ArticleKind } from '../articles.schema.ts';
import { listArticles } from '../articles.content.ts';
import { ARTICLE_KIND_TEXT } from './article-kinds.ts';

export function ArticleList({ kind }: { kind: ArticleKind }) {
  const text = ARTICLE_KIND_TEXT[kind];
  useDocumentTitle(text.listDocumentTitle);
  const articles = listArticles(kind);
  const List = kind === 'blog' ? Stack : SimpleGrid;
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {text.listTitle}
      </Title>
      <Text c="gray.7" size="lg" mb="xl">
        {text.listIntro}
      </Text>
      {articles.length === 0 ? (
        <Text>{text.empty}</Text>
      ) : (
        <List component="ul" gap="lg" cols={{ base: 1, sm: 2 }} spacing="lg" p={0} m={0} style={{ listStyle: 'none' }}>
          {articles.map((a) => (
            <Card component="li" key={a.slug} withBorder padding="lg" radius="md">
              <article aria-labelledby={`article-${a.slug}`}>
                {a.date && (
                  <Text size="sm" c="gray.7" component="time" dateTime={a.date} display="block" mb={4}>
                    {formatArticleDate(a.date)}
                  </Text>
                )}
                <Title order={2} size="h3" id={`article-${a.slug}`} mb="xs">
                  <Anchor renderRoot={(props) => <Link {...props} {...text.link(a.slug)} />} inherit>
                    {a.title}
                  </Anchor>
                </Title>
                <Text>{a.summary}</Text>
              </article>
            </Card>
          ))}
        </List>
      )}
    </Container>
  );
}
