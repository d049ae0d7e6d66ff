import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { hashToken, purgeExpiredSessions, resolveSession, TOUCH_INTERVAL_MS } from './session.service.ts';
import { Session } from './user.entity.ts';

const policy = { idleDays: 14, absoluteDays: 60, secureCookies: false };
const DAY = 86_400_000;

describe('sessions', () => {
  const t = useTestApp();

  it('stores only the sha256 of the token and resolves it to the user', async () => {
    const { token, user } = await signIn(t.orm, { isAdmin: true });
    const em = t.orm.em.fork();
    const row = await em.findOneOrFail(Session, { id: hashToken(token) });
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    expect(await em.count(Session, { id: token })).toBe(0);
    const found = await resolveSession(t.orm.em.fork(), token, policy);
    expect(found?.user).toEqual({ id: user.id, username: user.username, isAdmin: true, displayName: null });
    expect(found?.sessionId).toBe(row.id);
  });

  it('ignores malformed and unknown tokens', async () => {
    expect(await resolveSession(t.orm.em.fork(), 'nope', policy)).toBeNull();
    expect(await resolveSession(t.orm.em.fork(), 'A'.repeat(43), policy)).toBeNull();
  });

  it('expires after the idle limit and after the absolute limit, deleting the row', async () => {
    const { token } = await signIn(t.orm, { isAdmin: false });
    const start = new Date();
    // Active every 10 days: the idle limit never trips, the absolute one does at 60 days.
    for (let day = 10; day < 60; day += 10) {
      expect(await resolveSession(t.orm.em.fork(), token, policy, new Date(start.getTime() + day * DAY))).not.toBeNull();
    }
    expect(await resolveSession(t.orm.em.fork(), token, policy, new Date(start.getTime() + 60 * DAY + 1000))).toBeNull();
    expect(await t.orm.em.fork().count(Session, { id: hashToken(token) })).toBe(0);

    const idle = await signIn(t.orm, { isAdmin: false });
    expect(await resolveSession(t.orm.em.fork(), idle.token, policy, new Date(Date.now() + 14 * DAY + 1000))).toBeNull();
    expect(await t.orm.em.fork().count(Session, { id: hashToken(idle.token) })).toBe(0);
  });

  it('touches lastSeenAt at most once a minute', async () => {
    const { token } = await signIn(t.orm, { isAdmin: false });
    const id = hashToken(token);
    const before = (await t.orm.em.fork().findOneOrFail(Session, { id })).lastSeenAt.getTime();
    await resolveSession(t.orm.em.fork(), token, policy, new Date(before + TOUCH_INTERVAL_MS - 1000));
    expect((await t.orm.em.fork().findOneOrFail(Session, { id })).lastSeenAt.getTime()).toBe(before);
    await resolveSession(t.orm.em.fork(), token, policy, new Date(before + TOUCH_INTERVAL_MS + 1000));
    expect((await t.orm.em.fork().findOneOrFail(Session, { id })).lastSeenAt.getTime()).toBe(before + TOUCH_INTERVAL_MS + 1000);
  });

  it('purges expired rows and keeps live ones', async () => {
    const live = await signIn(t.orm, { isAdmin: false });
    await purgeExpiredSessions(t.orm.em.fork(), policy, new Date(Date.now() + 15 * DAY));
    expect(await t.orm.em.fork().count(Session, { id: hashToken(live.token) })).toBe(0);
    const again = await signIn(t.orm, { isAdmin: false });
    await purgeExpiredSessions(t.orm.em.fork(), policy);
    expect(await t.orm.em.fork().count(Session, { id: hashToken(again.token) })).toBe(1);
  });
});
