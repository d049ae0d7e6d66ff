// Mantine's parts are imported one by one (a page carries only the parts it shows), all in the `mantine`
// layer, where a later rule wins over an equal one. A component built on another (an Anchor is a Text)
// overrides it only when its rules come later, as in Mantine's own styles.css: every list of parts in
// the app keeps that order (an Anchor before the Text lost its underline on every page but home).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const MANTINE_STYLES = path.join(ROOT_DIR, 'node_modules/@mantine/core/styles');
const full = readFileSync(path.join(ROOT_DIR, 'node_modules/@mantine/core/styles.layer.css'), 'utf8');

/** Where a part's first class appears in Mantine's full sheet (parts without one, like the baseline, go first). */
function placeInFullSheet(part: string): number {
  const own = /\.(m_[0-9a-f]{6,8})\b/.exec(readFileSync(path.join(MANTINE_STYLES, `${part}.layer.css`), 'utf8'));
  return own ? full.indexOf(`.${own[1]}`) : -1;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("Mantine's parts", () => {
  const lists = sourceFiles(path.join(ROOT_DIR, 'src'))
    .map((file) => ({
      file: path.relative(ROOT_DIR, file),
      parts: [...readFileSync(file, 'utf8').matchAll(/^import '@mantine\/core\/styles\/(\w+)\.layer\.css';$/gm)].map((m) => m[1]!),
    }))
    .filter((list) => list.parts.length > 0);

  it('are imported in the order of Mantine’s own sheet, in every file that imports them', () => {
    expect(lists.map((l) => l.file)).toContain('src/client/layout/mantine-first-view.ts');
    expect(lists.map((l) => l.file)).toContain('src/client/layout/mantine-public-pages.ts');
    for (const { file, parts } of lists) {
      const placed = parts.filter((p) => placeInFullSheet(p) >= 0);
      expect(placed, file).toEqual([...placed].sort((a, b) => placeInFullSheet(a) - placeInFullSheet(b)));
    }
  });
});
