import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a same-origin path with its search and hash', () => {
    expect(safeRedirect('/admin')).toBe('/admin');
    expect(safeRedirect('/admin/puppies?edit=12')).toBe('/admin/puppies?edit=12');
    expect(safeRedirect('/blog/first-week#sleep')).toBe('/blog/first-week#sleep');
  });

  it.each([
    ['protocol-relative', '//evil.example/admin'],
    ['backslash', '/\\evil.example'],
    ['tab smuggled into //', '/\t/evil.example'],
    ['newline smuggled into //', '/\n/evil.example'],
    ['absolute https', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'admin'],
    ['empty', ''],
    ['not a string', 42],
    ['missing', undefined],
    ['the sign-in page itself', '/auth?redirect=/admin'],
  ])('sends %s to the fallback', (_name, value) => {
    expect(safeRedirect(value)).toBe('/');
    expect(safeRedirect(value, '/home')).toBe('/home');
  });
});
