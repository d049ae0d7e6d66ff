import { describe, expect, it } from 'vitest';
import { signInLanding } from './sign-in-landing.ts';

describe('where signing in lands', () => {
  it('follows a safe redirect, for anyone', () => {
    expect(signInLanding({ isAdmin: true }, '/admin/inbox', true)).toBe('/admin/inbox');
    expect(signInLanding({ isAdmin: false }, '/questionnaire', false)).toBe('/questionnaire');
  });
  it('sends an administrator to the dashboard when nothing else is asked, or the redirect is unsafe', () => {
    expect(signInLanding({ isAdmin: true }, undefined, true)).toBe('/admin');
    expect(signInLanding({ isAdmin: true }, '//evil.example/admin', false)).toBe('/admin');
  });
  it('sends a family back where it came from, or home', () => {
    expect(signInLanding({ isAdmin: false }, undefined, true)).toBe('back');
    expect(signInLanding({ isAdmin: false }, 'https://evil.example/', false)).toBe('/');
  });
});
