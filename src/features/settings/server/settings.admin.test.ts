import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import { useTestApp } from '../../../server/testing/test-app.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';

const admin: SessionUser = { id: 1, username: 'breeder', isAdmin: true };

describe('admin.settings', () => {
  const t = useTestApp();
  const as = () => t.caller(admin);

  it('reads the settings and replaces them all; the public settings change at once, FAQ in the given order', async () => {
    expect(await as().admin.settings.get()).toEqual(DEFAULT_SETTINGS);
    const next = {
      ...DEFAULT_SETTINGS,
      phone: '(719) 555-0199',
      town: 'Palmer Lake, Colorado',
      heroImageUrl: '/uploads/hero.jpg',
      healthPoints: ['Only one point now'],
      faq: [DEFAULT_SETTINGS.faq[2]!, DEFAULT_SETTINGS.faq[0]!, { question: 'New question?', answer: 'New answer.' }],
    };
    expect(await as().admin.settings.update(next)).toEqual(next);
    expect(await t.caller().settings.get()).toEqual(next);
    const api = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(api.json().phone).toBe('(719) 555-0199');
    expect(api.json().faq.map((f: { question: string }) => f.question)).toEqual([
      DEFAULT_SETTINGS.faq[2]!.question,
      DEFAULT_SETTINGS.faq[0]!.question,
      'New question?',
    ]);
  });

  it('rejects invalid settings with field paths', async () => {
    const error = (await as()
      .admin.settings.update({ ...DEFAULT_SETTINGS, email: 'not-an-email', processBlocks: DEFAULT_SETTINGS.processBlocks.slice(0, 3) })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe('BAD_REQUEST');
    expect((await t.caller().settings.get()).phone).toBe('(719) 555-0199');
  });
});
