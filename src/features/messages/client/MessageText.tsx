// A message's text as React text nodes, with web and mail links made clickable (never HTML from the message).
import { Anchor, Text } from '@mantine/core';
import { LinkifyIt } from 'linkify-it';
import { linkifyParts } from '../messages.schema.ts';

const linkify = new LinkifyIt();

export function MessageText({ text }: { text: string }) {
  if (!text) return null;
  const parts = linkifyParts(text, (t) => linkify.match(t));
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((p, i) =>
        p.href ? (
          <Anchor key={i} href={p.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {p.text}
          </Anchor>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </Text>
  );
}
