// A segmented choice of a few options (the theme switch, the parent dogs' filter): native radio buttons
// styled as one pill, drawn entirely by CSS. Arrow keys move the choice and Tab leaves the group, as for
// any radio group; nothing is measured or animated by script, so it costs no layout work when a page
// hydrates (Mantine's SegmentedControl measures its floating indicator in an effect).
import { useId, type ReactNode } from 'react';
import classes from './SegmentedRadios.module.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

interface SegmentedRadiosProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<SegmentedOption<T>>;
  size?: 'xs' | 'sm';
  /** Extra classes for the compact theme switch's CSS tooltips. */
  classNames?: { root?: string; option?: string };
}

export function SegmentedRadios<T extends string>({ label, value, onChange, options, size = 'sm', classNames }: SegmentedRadiosProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={`${classes.root} ${classNames?.root ?? ''}`} data-size={size}>
      {options.map((option) => (
        <label key={option.value} className={`${classes.option} ${classNames?.option ?? ''}`}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
