// The .env file as the CLIs read and write it: lines kept as they are, a value replaced in place, a missing key
// added at the end. Values are written in double quotes when they need them (spaces, #, quotes, newlines as \n).
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/;

function unquote(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2)
    return v.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1);
  const hash = v.indexOf(' #');
  return hash >= 0 ? v.slice(0, hash).trim() : v;
}

function quote(value: string): string {
  if (value === '' || /^[A-Za-z0-9_./:@+,=-]+$/.test(value)) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

export class EnvFile {
  readonly path: string;
  private lines: string[];

  private constructor(path: string, lines: string[]) {
    this.path = path;
    this.lines = lines;
  }

  /** The file, or `template`'s text (the documented .env.example) when there is none yet. */
  static read(path: string, template?: string): EnvFile {
    const text = existsSync(path) ? readFileSync(path, 'utf8') : (template ?? '');
    return new EnvFile(path, text.replace(/\n$/, '').split('\n'));
  }

  get exists(): boolean {
    return existsSync(this.path);
  }

  values(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const line of this.lines) {
      const m = LINE.exec(line);
      if (m && !line.trimStart().startsWith('#')) out[m[1]!] = unquote(m[2]!);
    }
    return out;
  }

  get(key: string): string | undefined {
    return this.values()[key];
  }

  set(key: string, value: string): void {
    const at = this.lines.findIndex((line) => !line.trimStart().startsWith('#') && LINE.exec(line)?.[1] === key);
    const line = `${key}=${quote(value)}`;
    if (at >= 0) this.lines[at] = line;
    else this.lines.push(line);
  }

  /** Written readable by its owner only (it holds passwords and keys). */
  write(): void {
    writeFileSync(this.path, `${this.lines.join('\n')}\n`, { mode: 0o600 });
    chmodSync(this.path, 0o600);
  }
}
