// Dates in the dashboard: a YYYY-MM-DD field, and a date written as the public site writes it.
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatLongDate } from '../../shared/format.ts';

/**
 * A year-month-day field: the browser's date picker where there is one; elsewhere a text field
 * that asks for YYYY-MM-DD. Either way the value is the YYYY-MM-DD string the schema checks.
 */
export function DateField(props: TextInputProps) {
  return <TextInput type="date" placeholder="YYYY-MM-DD" pattern="\d{4}-\d{2}-\d{2}" {...props} />;
}

/** "February 5, 2027" for people, the ISO value for machines. */
export function DateText({ iso, withTime }: { iso: string; withTime?: boolean }) {
  return <time dateTime={iso}>{formatLongDate(iso, { withTime })}</time>;
}
