// An ordered set of uploaded photos (a puppy's, a dog's): thumbnails with move up / down / remove,
// and a drop for several new photos at once, added at the end in the order dropped. The first
// photo is the one cards show.
import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { OrderedUploads } from './OrderedUploads.tsx';
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
  return (
    <OrderedUploads
      label={label}
      description={`Up to ${max} photos; the first is ${firstNote}.`}
      error={error}
      value={value}
      onChange={onChange}
      keyOf={(url) => url}
      noun="photo"
      max={max}
      listLabel={`${label}: in order`}
      empty="No photos yet."
      drop={{ label: 'Add photos', kind: 'image', toItem: (url) => url }}
    >
      {(url, i) => (
        <Group gap="sm" wrap="nowrap">
          <Thumb src={url} alt={`Photo ${i + 1}`} size={56} />
          <Text size="sm">
            Photo {i + 1}
            {i === 0 && ` (${firstNote})`}
          </Text>
        </Group>
      )}
    </OrderedUploads>
  );
}
