// Renders an article's blocks (blog post or owner guide): paragraphs, subheadings and bulleted lists.
import { List, Text, Title } from '@mantine/core';
import type { ArticleBlock } from '../articles.schema.ts';

export function ArticleBody({ blocks }: { blocks: ArticleBlock[] }) {
  return (
    <>
      {blocks.map((block, i) =>
        typeof block === 'string' ? (
          <Text key={i} size="lg" lh={1.7} mb="md">
            {block}
          </Text>
        ) : 'heading' in block ? (
          <Title key={i} order={2} size="h3" mt="xl" mb="sm">
            {block.heading}
          </Title>
        ) : (
          <List key={i} size="lg" spacing="xs" mb="md" withPadding>
            {block.list.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        ),
      )}
    </>
  );
}
