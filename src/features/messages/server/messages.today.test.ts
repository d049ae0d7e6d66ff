// The messages' Today lines: one per conversation waiting for the breeder, oldest first, overdue after a day.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { messagesToday } from './messages.today.ts';

describe('messages on Today', () => {
  const t = useTestApp();

  it('lists conversations with unread family messages, not read ones, with where to answer', async () => {
    const admin = await signIn(t.orm, { isAdmin: true });
    const parkers = await signIn(t.orm, { isAdmin: false, username: 'today_parkers' });
    const lees = await signIn(t.orm, { isAdmin: false, username: 'today_lees' });
    expect(await messagesToday(t.orm.em.fork(), new Date())).toEqual([]);

    const a = await t.caller(parkers.user).messages.send({ text: 'Can we visit Saturday?' });
    await t.caller(parkers.user).messages.send({ text: 'Or Sunday?' });
    const b = await t.caller(lees.user).messages.send({ text: 'Thank you!' });
    await t.caller(admin.user).admin.messages.markRead({ conversationId: b.conversationId });

    const now = new Date(Date.now() + 2 * 86_400_000);
    const items = await messagesToday(t.orm.em.fork(), now);
    expect(items).toEqual([
      {
        group: 'action',
        source: 'messages',
        title: 'today_parkers wrote: Or Sunday? (2 unread)',
        at: expect.any(String),
        href: `/admin/messages?edit=${a.conversationId}`,
        overdue: true,
      },
    ]);
    expect((await messagesToday(t.orm.em.fork(), new Date()))[0]!.overdue).toBe(false);
  });
});
