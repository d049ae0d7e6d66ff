// Demo portal content: a family matched to a reserved puppy, with updates (private photos), weights, a checklist and a pickup date.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../features/auth/server/user.entity.ts';
import { hashPassword } from '../../features/auth/server/password.ts';
import type { ILitter } from '../../features/dogs/server/litter.entity.ts';
import type { IPuppy } from '../../features/puppies/server/puppy.entity.ts';
import { mediaUrl, storeMedia } from '../../features/media/server/media-store.ts';
import { demoPhoto } from './demo-photos.ts';
import { ChecklistItem, PuppyPickup, PuppyUpdate, PuppyUpdatePhoto, PuppyWeight } from '../../features/portal/server/portal.entity.ts';

export const DEMO_FAMILY_USERNAME = 'parkers';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => isoDay(new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000));

/**
 * The demo family signs in with no known password (a random one, never shown): the breeder sets one
 * under Users to show the portal. So a seeded production site has no account anyone can guess.
 */
export async function seedDemoPortal(em: EntityManager, litter: ILitter, puppy: IPuppy, litterMates: IPuppy[]): Promise<void> {
  // A forced re-seed keeps the family it made the first time (usernames are unique).
  if ((await em.count(User, { usernameKey: DEMO_FAMILY_USERNAME })) > 0) return;
  const family = em.create(User, {
    username: DEMO_FAMILY_USERNAME,
    usernameKey: DEMO_FAMILY_USERNAME,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    // A verified demo address (decision 108): example.com never delivers, and the portal shows no warning.
    email: 'parkers@example.com',
    emailVerifiedAt: new Date(),
    pendingEmail: null,
    displayName: 'The Parkers',
    isAdmin: false,
    createdAt: new Date(),
  });
  puppy.family = family;
  const born = litter.birthDate ?? isoDay(new Date());
  const privatePhoto = async (index: number, caption: string) => {
    const bytes = await demoPhoto(index, caption);
    return mediaUrl(
      await storeMedia(em, { kind: 'image', mime: 'image/jpeg', ext: 'jpg', bytes, width: 1200, height: 900, private: true }),
    );
  };
  const posts: Array<{ day: number; to: 'litter' | 'puppy'; text: string; photo?: string; ounces?: number }> = [
    {
      day: 2,
      to: 'litter',
      text: 'All six puppies are nursing well and mom Maple is a natural. Welcome to the Autumn Litter!',
      photo: 'Day two',
    },
    {
      day: 14,
      to: 'puppy',
      text: `${puppy.name}'s eyes are open and he has found his voice.`,
      photo: `${puppy.name} at two weeks`,
      ounces: 24,
    },
    {
      day: 28,
      to: 'puppy',
      text: `${puppy.name} tried his first mush today and wore most of it.`,
      photo: `${puppy.name} at four weeks`,
      ounces: 44,
    },
    { day: 35, to: 'litter', text: 'Adventure-box week: tunnels, wobble boards and the vacuum cleaner. Everyone is brave.' },
  ];
  let index = 40;
  for (const post of posts) {
    const createdAt = new Date(Date.parse(`${addDays(born, post.day)}T18:00:00Z`));
    if (createdAt.getTime() > Date.now()) continue;
    const update = em.create(PuppyUpdate, {
      litter: post.to === 'litter' ? litter : null,
      puppy: post.to === 'puppy' ? puppy : null,
      text: post.text,
      createdAt,
    });
    if (post.photo) em.create(PuppyUpdatePhoto, { update, url: await privatePhoto(index++, post.photo), position: 0 });
    if (post.ounces) em.create(PuppyWeight, { puppy, update, ounces: post.ounces, measuredOn: addDays(born, post.day), createdAt });
  }
  // Litter-mates' weights, drawn faint behind the family's puppy.
  litterMates.slice(0, 3).forEach((mate, n) => {
    for (const [day, oz] of [
      [14, 20 + n * 3],
      [28, 38 + n * 4],
    ] as const) {
      if (Date.parse(`${addDays(born, day)}T12:00:00Z`) <= Date.now())
        em.create(PuppyWeight, { puppy: mate, update: null, ounces: oz, measuredOn: addDays(born, day), createdAt: new Date() });
    }
  });
  [
    'A crate sized for a 25 lb dog',
    'The puppy food we use (we send a starter bag)',
    'Vet appointment within 3 days of pickup',
    'Collar, leash and ID tag',
    'A soft toy to carry mom’s scent home',
  ].forEach((label, position) => em.create(ChecklistItem, { label, position }));
  em.create(PuppyPickup, { puppy, at: new Date(Date.parse(`${addDays(born, 56)}T17:00:00Z`)) });
}
