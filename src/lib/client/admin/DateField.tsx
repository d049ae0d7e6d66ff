import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * A year-month-day field: the browser's date picker where there is one; elsewhere a text field
 * that asks for YYYY-MM-DD. Either way the value is the YYYY-MM-DD string the schema checks.
 */
export function DateField(props: TextInputProps) {
  return <TextInput type="date" placeholder="YYYY-MM-DD" pattern="\d{4}-\d{2}-\d{2}" {...props} />;
}
