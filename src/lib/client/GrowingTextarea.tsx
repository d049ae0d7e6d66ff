// A Mantine Textarea that grows with its text, sized by the browser (CSS `field-sizing: content`) instead of
// Mantine's `autosize`, which measures every textarea in a layout effect when a page hydrates: six forced
// reflows made one of the questionnaire's long tasks on a phone. Browsers without field-sizing show
// `minRows` rows, scroll past them and can be resized by hand.
import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './GrowingTextarea.module.css';

type GrowingTextareaProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxRows' | 'rows' | 'classNames' | 'style'> & {
  minRows?: number;
  maxRows?: number;
};

export function GrowingTextarea({ minRows = 2, maxRows = 12, ...props }: GrowingTextareaProps) {
  const rows = { '--grow-min-rows': minRows, '--grow-max-rows': maxRows } as CSSProperties;
  return <Textarea {...props} rows={minRows} classNames={{ input: classes.input }} style={rows} />;
}
