// An ordered set of uploaded photos (a puppy's, a dog's): thumbnails with move up / down / remove,
// and a drop for several new photos at once, added at the end in the order dropped. The first
// photo is the one cards show.
import { useRef, type ReactNode } from 'react';
import { Group, Input, Paper, Stack, Text } from '@mantine/core';
import { MediaBatchDrop } from './MediaField.tsx';
import { MoveButtons } from './OrderedListField.tsx';
import { Thumb } from './Thumb.tsx';

export interface PhotoSetFieldProps {
  label: string;
  /** The photos' /uploads URLs in order. Fits `form.getInputProps(path)`. */
  value?: string[];
  onChange: (urls: string[]) => void;
  error?: ReactNode;
  max: number;
  /** What the first photo is used for, e.g. "shown on the puppy's card". */
  firstNote: string;
}

export function PhotoSetField({ label, value = [], onChange, error, max, firstNote }: PhotoSetFieldProps) {
  // Uploads finish one after another: each appends to the latest list, not the one it started with.
  const latest = useRef(value);
  latest.current = value;
  const set = (urls: string[]) => {
    latest.current = urls;
    onChange(urls);
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    set(next);
  };
  return (
    <Input.Wrapper label={label} error={error} labelElement="div" description={`Up to ${max} photos; the first is ${firstNote}.`}>
      <Stack gap="xs" mt={6}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            No photos yet.
          </Text>
        ) : (
          <Stack component="ol" gap={6} aria-label={`${label}: in order`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {value.map((url, i) => (
              <Paper component="li" key={url} withBorder p={6} radius="md">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <Thumb src={url} alt={`Photo ${i + 1}`} size={56} />
                    <Text size="sm">
                      Photo {i + 1}
                      {i === 0 && ` (${firstNote})`}
                    </Text>
                  </Group>
                  <MoveButtons
                    what={`photo ${i + 1}`}
                    first={i === 0}
                    last={i === value.length - 1}
                    onUp={() => move(i, i - 1)}
                    onDown={() => move(i, i + 1)}
                    onRemove={() => set(value.filter((_, k) => k !== i))}
                  />
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <MediaBatchDrop
          label="Add photos"
          kind="image"
          onStored={async (url) => {
            if (latest.current.length >= max) throw new Error(`At most ${max} photos: remove one first.`);
            set([...latest.current, url]);
          }}
        />
      </Stack>
    </Input.Wrapper>
  );
}
