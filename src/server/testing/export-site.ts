// A small site's records for the full export's tests (issue 49): two families, three dogs (one the other two's pup)
// with health results, a litter of two puppies (one reserved by a family), three subscribers and a stored photo.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { signIn } from './auth.ts';
import { User } from '../../features/auth/server/user.entity.ts';
import { DogHealthTest, ParentDog } from '../../features/dogs/server/parent-dog.entity.ts';
import { Litter } from '../../features/dogs/server/litter.entity.ts';
import { Puppy } from '../../features/puppies/server/puppy.entity.ts';
import { Subscriber } from '../../features/subscribers/server/subscriber.entity.ts';
import { storeMedia } from '../../features/media/server/media-store.ts';
import { solidImage } from '../../features/media/server/media.test-helpers.ts';

export type Signed = Awaited<ReturnType<typeof signIn>>;

export interface ExportSite {
  admin: Signed;
  parkers: Signed;
  nguyens: Signed;
  photo: Buffer;
  photoUrl: string;
}

export async function seedExportSite(orm: MikroORM): Promise<ExportSite> {
  const admin = await signIn(orm, { isAdmin: true, username: 'breeder' });
  const parkers = await signIn(orm, { isAdmin: false, username: 'parkers', email: 'parkers@example.com' });
  const nguyens = await signIn(orm, { isAdmin: false, username: 'nguyens', email: 'nguyens@example.com' });
  const em = orm.em.fork();
  (await em.findOneOrFail(User, parkers.user.id)).displayName = 'Jamie Parker';
  (await em.findOneOrFail(User, nguyens.user.id)).displayName = 'An Nguyen';
  const photo = await solidImage(64, 48, 'jpeg');
  const stored = await storeMedia(em, { kind: 'image', mime: 'image/jpeg', ext: 'jpg', width: 64, height: 48, bytes: photo });
  const photoUrl = `/uploads/${stored.id}.jpg`;
  const now = new Date();
  const dog = (name: string, gender: 'male' | 'female', extra: object = {}) =>
    em.create(ParentDog, { name, gender, breed: 'Goldendoodle', color: 'red', createdAt: now, updatedAt: now, ...extra });
  const cooper = dog('Cooper', 'male', { registrationNumber: 'AKC-SR100', registry: 'AKC', birthDate: '2020-04-02', ours: true });
  const bella = dog('Bella', 'female', { birthDate: '2021-05-06', ours: true, imageUrl: photoUrl });
  await em.flush();
  dog('Rosie', 'female', { sire: cooper, dam: bella, birthDate: '2023-06-01', notes: '=HYPERLINK("http://evil.example")' });
  em.create(DogHealthTest, { dog: cooper, kind: 'ofa-hips', test: '', result: 'Good', position: 0 });
  em.create(DogHealthTest, { dog: cooper, kind: 'genetic-panel', test: 'PRA-prcd', result: 'Clear', position: 1 });
  const litter = em.create(Litter, {
    name: 'Spring 2026',
    motherName: 'Bella',
    fatherName: 'Cooper',
    sire: cooper,
    dam: bella,
    birthDate: '2026-03-01',
    puppyCount: 2,
    createdAt: now,
    updatedAt: now,
  });
  const puppy = (name: string, extra: object) =>
    em.create(Puppy, { name, gender: 'female', color: 'apricot', litter, createdAt: now, updatedAt: now, ...extra });
  puppy('Maple', { family: parkers.user.id, status: 'reserved', price: 3200 });
  puppy('Oak', { gender: 'male', color: 'red', status: 'available' });
  const subscriber = (email: string, status: 'active' | 'pending' | 'unsubscribed', name: string | null) =>
    em.create(Subscriber, {
      email,
      name,
      status,
      unsubscribeToken: createHash('sha256').update(email).digest('hex'),
      createdAt: new Date('2025-01-02T03:04:05Z'),
      updatedAt: new Date('2025-02-03T04:05:06Z'),
      pendingSince: status === 'pending' ? new Date('2025-01-02T03:04:05Z') : null,
      confirmedAt: status === 'pending' ? null : new Date('2025-01-02T03:10:00Z'),
    });
  subscriber('reader@example.com', 'active', 'Robin');
  subscriber('waiting@example.com', 'pending', null);
  subscriber('gone@example.com', 'unsubscribed', '@Gone');
  await em.flush();
  return { admin, parkers, nguyens, photo, photoUrl };
}
