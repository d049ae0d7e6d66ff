// A small status label whose colours pass WCAG AA at badge size (Mantine's light badges don't).
import { Badge, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  green: ['#1b5e20', '#e8f5e9'],
  orange: ['#8a3a00', '#fff3e0'],
  gray: ['#343a40', '#f1f3f5'],
  blue: ['#0d47a1', '#e3f2fd'],
  pink: ['#880e4f', '#fce4ec'],
  teal: ['#00574b', '#e0f2f1'],
  yellow: ['#6d4c00', '#fff8e1'],
  red: ['#b71c1c', '#ffebee'],
} as const;

export type Tone = keyof typeof TONES;

export function ToneBadge({ tone, children, size, tt }: { tone: Tone; children: ReactNode; size?: MantineSize; tt?: 'none' }) {
  const [color, background] = TONES[tone];
  return (
    <Badge variant="light" size={size} tt={tt} style={{ color, background }}>
      {children}
    </Badge>
  );
}
