// /blog/$slug and /resources/$id: one article, and the page for an address that has none.
import { Anchor, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { formatArticleDate, type Article, type ArticleKind } from '../articles.schema.ts';
import { ArticleBody } from './ArticleBody.tsx';
import { ARTICLE_KIND_TEXT } from './article-kinds.ts';

export function ArticlePage({ article }: { article: Article }) {
  const text = ARTICLE_KIND_TEXT[article.kind];
  useDocumentTitle(`${article.title}${text.documentSuffix}`);
  return (
    <Container size="sm" py="xl" component="article">
      <Anchor component={Link} to={text.listPath} size="sm">
        {text.backLink}
      </Anchor>
      <Title order={1} mt="md" mb="xs">
        {article.title}
      </Title>
      {article.date ? (
        <Text c="gray.7" mb="xl" component="time" dateTime={article.date} display="block">
          {formatArticleDate(article.date)}
        </Text>
      ) : (
        <Text c="gray.7" size="lg" mb="xl">
          {article.summary}
        </Text>
      )}
      <ArticleBody blocks={article.body} />
      <Text mt="xl">
        {text.closing.before}
        <Anchor component={Link} to="/" hash="contact">
          {text.closing.link}
        </Anchor>
        {text.closing.after}
      </Text>
    </Container>
  );
}

/** An unknown slug: the article may have been renamed or removed. */
export function ArticleNotFound({ kind }: { kind: ArticleKind }) {
  const text = ARTICLE_KIND_TEXT[kind].notFound;
  useDocumentTitle(text.documentTitle);
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
