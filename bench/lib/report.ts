// Printing helpers for the benchmark report: headings, aligned rows, figures and target verdicts.
// Benchmarks never assert: a missed target prints MISSED and the run goes on.

export function heading(title: string) {
  console.log(`\n== ${title} ${'='.repeat(Math.max(3, 76 - title.length))}`);
}

export function note(text: string) {
  console.log(`   note: ${text}`);
}

/** Prints rows as aligned columns (first row is the header when `header` is true). */
export function table(rows: string[][], { header = true, indent = 3 }: { header?: boolean; indent?: number } = {}) {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const pad = ' '.repeat(indent);
  rows.forEach((row, r) => {
    const line = row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
    console.log(pad + line.trimEnd());
    if (header && r === 0) console.log(pad + widths.map((w) => '-'.repeat(w)).join('  '));
  });
}

export interface TargetResult {
  label: string;
  value: string;
  target: string;
  ok: boolean;
}

const targets: TargetResult[] = [];

/**
 * Records a figure against its target and returns the text to print next to it,
 * e.g. check('startup', '0.92 s', true, '< 1.5 s') → 'target < 1.5 s: ok' (or '…: MISSED').
 */
export function check(label: string, value: string, ok: boolean, target: string) {
  targets.push({ label, value, target, ok });
  return `target ${target}: ${ok ? 'ok' : 'MISSED'}`;
}

/** Every target checked so far (run.ts prints them as the closing summary). */
export function checkedTargets(): readonly TargetResult[] {
  return targets;
}

export function ms(value: number, digits = 0) {
  return `${value.toFixed(digits)} ms`;
}

export function seconds(valueMs: number, digits = 2) {
  return `${(valueMs / 1000).toFixed(digits)} s`;
}

export function int(value: number) {
  return Math.round(value).toLocaleString('en-US');
}

export function bytes(value: number) {
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(2)} MB`;
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The whole message of an error (several lines when it carries a server's output). */
export function message(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

/** First line of an error, for one-line explanations. */
export function reason(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
