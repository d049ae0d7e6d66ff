import { describe, expect, it } from 'vitest';
import type { TRPCError } from '@trpc/server';
import argon2 from 'argon2';
import { useTestApp, TEST_ORIGIN } from '../../../server/testing/test-app.ts';
import { signIn } from '../../../server/testing/auth.ts';
import { LAST_ADMIN_MESSAGE } from '../auth.schema.ts';
import { Session, User } from './user.entity.ts';

describe('admin.users', () => {
  const t = useTestApp();

  it('lists users (admins first), promotes and demotes, but never the last admin (409)', async () => {
    const boss = await signIn(t.orm, { username: 'boss', isAdmin: true });
    const fan = await signIn(t.orm, { username: 'fan', isAdmin: false });
    const as = () => t.caller(boss.user);

    const list = await as().admin.users.list({});
    expect(list.items.map((u) => [u.username, u.isAdmin])).toEqual([
      ['boss', true],
      ['fan', false],
    ]);
    expect(list.items[0]).not.toHaveProperty('passwordHash');

    const last = (await as()
      .admin.users.setAdmin({ id: boss.user.id, isAdmin: false })
      .catch((e: unknown) => e)) as TRPCError;
    expect(last.code).toBe('CONFLICT');
    expect(last.message).toBe(LAST_ADMIN_MESSAGE);

    // The same over HTTP: 409 with the clear message.
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/admin.users.setAdmin',
      headers: { cookie: boss.cookie, 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify({ id: boss.user.id, isAdmin: false }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(LAST_ADMIN_MESSAGE);

    expect((await as().admin.users.setAdmin({ id: fan.user.id, isAdmin: true })).isAdmin).toBe(true);
    // Now there are two: demoting oneself is allowed, and takes effect on the next request.
    expect((await as().admin.users.setAdmin({ id: boss.user.id, isAdmin: false })).isAdmin).toBe(false);
    const me = await t.app.inject({ method: 'GET', url: '/trpc/admin.users.list?input=%7B%7D', headers: { cookie: boss.cookie } });
    expect(me.statusCode).toBe(403);

    const stillOne = (await t
      .caller({ ...fan.user, isAdmin: true })
      .admin.users.setAdmin({ id: fan.user.id, isAdmin: false })
      .catch((e: unknown) => e)) as TRPCError;
    expect(stillOne.code).toBe('CONFLICT');
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await signIn(t.orm, { username: 'alpha', isAdmin: true });
    const b = await signIn(t.orm, { username: 'bravo', isAdmin: true });
    await t
      .caller(a.user)
      .admin.users.setAdmin({ id: (await t.orm.em.fork().findOneOrFail(User, { usernameKey: 'fan' })).id, isAdmin: false });
    const results = await Promise.allSettled([
      t.caller(a.user).admin.users.setAdmin({ id: b.user.id, isAdmin: false }),
      t.caller(b.user).admin.users.setAdmin({ id: a.user.id, isAdmin: false }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.orm.em.fork().count(User, { isAdmin: true })).toBe(1);
  });

  it('resets a password with argon2id and signs that user out everywhere', async () => {
    const em = t.orm.em.fork();
    const admin = await em.findOneOrFail(User, { isAdmin: true });
    const target = await signIn(t.orm, { username: 'forgetful', isAdmin: false });
    const short = (await t
      .caller({ id: admin.id, username: admin.username, isAdmin: true })
      .admin.users.resetPassword({ id: target.user.id, password: 'short' })
      .catch((e: unknown) => e)) as TRPCError;
    expect(short.code).toBe('BAD_REQUEST');

    await t.caller({ id: admin.id, username: admin.username, isAdmin: true }).admin.users.resetPassword({
      id: target.user.id,
      password: 'a-brand-new-passphrase',
    });
    const row = await t.orm.em.fork().findOneOrFail(User, { id: target.user.id });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=[2-9]\$/);
    expect(await argon2.verify(row.passwordHash, 'a-brand-new-passphrase')).toBe(true);
    expect(await t.orm.em.fork().count(Session, { user: target.user.id })).toBe(0);
    const gone = await t.app.inject({ method: 'GET', url: '/trpc/admin.users.list?input=%7B%7D', headers: { cookie: target.cookie } });
    expect(gone.statusCode).toBe(401);
  });
});
