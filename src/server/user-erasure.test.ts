// Deleting an account reaches every feature's data about the family: the portal's, and its applications
// (kept for the breeder's records, without the family's answers or contact details).
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestApp } from './testing/test-app.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';
import { Application } from '../features/applications/server/application.entity.ts';
import { User } from '../features/auth/server/user.entity.ts';

describe('account deletion across features', () => {
  const t = useTestApp();

  it('anonymises the family’s applications and keeps their timeline; other families are untouched', async () => {
    const family = await signIn(t.orm, { isAdmin: false });
    const other = await signIn(t.orm, { isAdmin: false });
    const submit = (cookie: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
        payload: JSON.stringify({ ...ANSWERS, idempotencyKey: key }),
      });
    const mine = await submit(family.cookie, 'erase-key-1');
    expect(mine.statusCode).toBe(201);
    expect((await submit(other.cookie, 'erase-key-2')).statusCode).toBe(201);

    await t.caller(family.user).auth.deleteAccount({ currentPassword: TEST_PASSWORD, confirm: 'DELETE' });

    const em = t.orm.em.fork();
    expect(await em.findOne(User, { id: family.user.id })).toBeNull();
    const kept = await em.findOneOrFail(Application, { id: (mine.json() as { id: number }).id }, { populate: ['*'] });
    expect(kept.user).toBeNull();
    expect(kept.email).toBe('');
    expect(kept.name).toBe('Deleted family');
    expect(kept.status).toBe('withdrawn');
    const others = await em.find(Application, { user: other.user.id });
    expect(others).toHaveLength(1);
    expect(others[0]!.email).toBe(ANSWERS.email);
  });
});
