// Pick-day test set-ups: a litter with puppies, and waitlisted families with their deposits, written as the
// applications and puppies features store them (a real database, no shortcut through pick day's own tables).
import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Litter } from '../../features/dogs/server/litter.entity.ts';
import { Puppy } from '../../features/puppies/server/puppy.entity.ts';
import { Application } from '../../features/applications/server/application.entity.ts';
import { ANSWERS } from './applications.ts';
import { signIn } from './auth.ts';
import type { SessionUser } from '../../lib/server/trpc.ts';

export interface TestFamily {
  user: SessionUser;
  cookie: string;
  name: string;
  applicationId: number;
}

export async function makeLitter(
  orm: MikroORM,
  name: string,
  puppies: Array<{ name: string; gender: 'male' | 'female'; price?: number }>,
): Promise<{ litterId: number; puppyIds: number[] }> {
  const em = orm.em.fork();
  const litter = em.create(Litter, { name, motherName: 'Rosie', fatherName: 'Cooper', birthDate: '2026-10-01' } as never);
  await em.flush();
  const rows = puppies.map((p) =>
    em.create(Puppy, { name: p.name, gender: p.gender, color: 'Apricot', litter, price: p.price ?? 2800, status: 'available' } as never),
  );
  await em.flush();
  return { litterId: litter.id, puppyIds: rows.map((r) => r.id) };
}

/** Families on the general waitlist in this order, each with a deposit on the given day and a sex wanted. */
export async function makeFamilies(
  orm: MikroORM,
  specs: Array<{ name: string; depositOn: string; gender?: 'male' | 'female' | 'any'; litterId?: number }>,
): Promise<TestFamily[]> {
  const out: TestFamily[] = [];
  for (const spec of specs) {
    const tag = randomBytes(3).toString('hex');
    const signed = await signIn(orm, { username: `fam_${tag}`, isAdmin: false, email: `fam_${tag}@example.com` });
    const em = orm.em.fork();
    const litterId = spec.litterId ?? null;
    const [{ n }] = await em.execute<Array<{ n: number }>>(
      'select coalesce(max(waitlist_position), 0) + 1 as n from applications where coalesce(waitlist_litter_id, 0) = ?',
      [litterId ?? 0],
    );
    const app = em.create(Application, {
      ...ANSWERS,
      name: spec.name,
      email: `fam_${tag}@example.com`,
      gender: spec.gender ?? 'any',
      user: signed.user.id,
      idempotencyKey: randomBytes(32).toString('hex'),
      status: 'waitlisted',
      waitlistLitter: litterId,
      waitlistPosition: Number(n),
      depositAmount: 500,
      depositReceivedOn: spec.depositOn,
      depositMethod: 'card',
    } as never);
    await em.flush();
    out.push({ user: signed.user, cookie: signed.cookie, name: spec.name, applicationId: app.id });
  }
  return out;
}
