// The one rule every transport applies to request input: no NUL characters, no prototype-poisoning keys.
import { FORBIDDEN_KEY_MESSAGE, NUL_MESSAGE } from './errors.ts';

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * Why `value` must be refused, or null when it may pass. PostgreSQL text cannot hold NUL (it would
 * fail deep inside a query); `__proto__` and `constructor.prototype` keys are what prototype
 * pollution is made of, and no input of ours has them. Walks every object's own
 * enumerable keys (what zod reads), arrays included.
 */
export function refusedInput(value: unknown): string | null {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return NUL_MESSAGE;
      continue;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      stack.push(...v);
      continue;
    }
    if (hasOwn(v, '__proto__')) return FORBIDDEN_KEY_MESSAGE;
    for (const key of Object.keys(v)) {
      if (key.includes('\0')) return NUL_MESSAGE;
      const child = (v as Record<string, unknown>)[key];
      if (key === 'constructor' && child !== null && typeof child === 'object' && hasOwn(child, 'prototype')) {
        return FORBIDDEN_KEY_MESSAGE;
      }
      stack.push(child);
    }
  }
  return null;
}
