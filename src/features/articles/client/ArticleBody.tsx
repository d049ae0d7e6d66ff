// An article's body: HTML the server rendered from Markdown and sanitised (the only place it is inserted).
import '@mantine/core/styles/Typography.layer.css';
import { Typography } from '@mantine/core';

export function ArticleBody({ html }: { html: string }) {
  return <Typography fz="lg" lh={1.7} dangerouslySetInnerHTML={{ __html: html }} />;
}
