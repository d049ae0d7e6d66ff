// A small square preview in admin lists.
import { Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { imageUrl } from '../../shared/format.ts';

/** A small square preview in admin lists (a placeholder when there is no image). */
export function Thumb({ src, alt, size = 64 }: { src: string | null | undefined; alt: string; size?: number }) {
  if (!src) {
    return (
      <Center w={size} h={size} bg="gray.1" style={{ borderRadius: 8, flexShrink: 0 }} aria-hidden>
        <IconPhoto size={24} color="var(--mantine-color-gray-6)" />
      </Center>
    );
  }
  return (
    <img
      src={imageUrl(src, 160)}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      style={{ width: size, height: size, objectFit: 'cover', borderRadius: 8, flexShrink: 0, background: 'var(--mantine-color-gray-1)' }}
    />
  );
}
