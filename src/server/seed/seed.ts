// Demo content for an empty database: puppies, litters, parents, gallery, testimonials, settings, articles.
import type { EntityManager, EntityName } from '@mikro-orm/postgresql';
import { Litter } from '../../features/dogs/server/litter.entity.ts';
import { Puppy, PuppyPhoto } from '../../features/puppies/server/puppy.entity.ts';
import { DogHealthTest, ParentDog, ParentDogPhoto, type IParentDog } from '../../features/dogs/server/parent-dog.entity.ts';
import { GalleryImage } from '../../features/gallery/server/gallery-image.entity.ts';
import { Testimonial } from '../../features/testimonials/server/testimonial.entity.ts';
import { ensureSettings, SETTINGS_ID } from '../../features/settings/server/settings.service.ts';
import { SiteSettings } from '../../features/settings/server/site-settings.entity.ts';
import { mediaUrl, storeMedia } from '../../features/media/server/media-store.ts';
import { closeDemoPhotos, demoPhoto } from './demo-photos.ts';
import { Article, LegalVersion } from '../../features/articles/server/article.entity.ts';
import { DEMO_GUIDES, DEMO_POSTS } from './demo-articles.ts';
import { demoLegalPages } from './demo-legal.ts';
import { seedDemoPortal } from './demo-portal.ts';
import { seedDemoToday } from './demo-today.ts';
import { seedContractTemplate } from '../../features/contracts/server/contracts.seed.ts';

function isoDaysAgo(days: number): string {
  const d = new Date(Date.now() - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

async function photo(em: EntityManager, index: number, caption: string) {
  const bytes = await demoPhoto(index, caption);
  const media = await storeMedia(em, { kind: 'image', mime: 'image/jpeg', ext: 'jpg', bytes, width: 1200, height: 900 });
  return mediaUrl(media);
}

/** Fills an empty database; returns false (and does nothing) when content already exists. */
export async function seedDemoContent(em: EntityManager, options: { force: boolean }): Promise<boolean> {
  try {
    return await fill(em, options);
  } finally {
    closeDemoPhotos();
  }
}

/**
 * Whether the site already has its settings, articles and puppies or litters: one plain query, so an
 * ordinary restart does not pay for the ORM's first reads of four tables before it is ready (about 40 ms).
 */
async function hasContent(em: EntityManager): Promise<boolean> {
  const table = <T extends object>(entity: EntityName<T>) => `"${em.getMetadata().get(entity).tableName}"`;
  const [facts] = await em
    .getConnection()
    .execute<{ filled: boolean }[]>(
      `select exists(select 1 from ${table(SiteSettings)} where id = ?) and exists(select 1 from ${table(Article)})` +
        ` and (exists(select 1 from ${table(Puppy)}) or exists(select 1 from ${table(Litter)})) as filled`,
      [SETTINGS_ID],
    );
  return facts?.filled === true;
}

async function fill(em: EntityManager, { force }: { force: boolean }): Promise<boolean> {
  if (!force && (await hasContent(em))) return false;
  const settings = await ensureSettings(em);
  // Apart from the rest: a site that had content before articles moved into the database gets them too.
  if (force || (await em.count(Article)) === 0) await seedArticles(em, settings);
  if (!force && (await em.count(Puppy)) + (await em.count(Litter)) > 0) return false;

  const now = new Date();
  const born = em.create(Litter, {
    name: 'Autumn Litter',
    description: 'Six cuddly apricot and red mini Goldendoodles, raised in our living room with the Puppy Culture program.',
    imageUrl: await photo(em, 0, 'Autumn Litter'),
    motherName: 'Maple',
    fatherName: 'Cooper',
    expectedDate: isoDaysAgo(40),
    birthDate: isoDaysAgo(38),
    puppyCount: 6,
    active: true,
    createdAt: now,
    updatedAt: now,
  });
  const expected = em.create(Litter, {
    name: 'Spring Litter',
    description: 'Willow is due any day now: our next litter of mini Goldendoodles. Join the waitlist to hear first.',
    imageUrl: await photo(em, 1, 'Spring Litter'),
    motherName: 'Willow',
    fatherName: 'Bear',
    // Due within two weeks: Today shows a litter due (issue 34).
    expectedDate: isoDaysAgo(-10),
    birthDate: null,
    puppyCount: null,
    active: true,
    createdAt: now,
    updatedAt: now,
  });

  const assessed = {
    assessmentComplete: true,
    handlingResponse: 'Relaxes quickly when held and enjoys gentle brushing.',
    soundSensitivity: 'Startles briefly at loud noises, recovers within seconds.',
    visualSensitivity: 'Curious about moving objects; follows toys with interest.',
  } as const;
  const puppies: Array<Record<string, unknown> & { name: string }> = [
    {
      name: 'Biscuit',
      gender: 'male',
      color: 'Apricot',
      status: 'available',
      price: 2800,
      weight: 6.5,
      generation: 'F1B',
      description: 'A happy-go-lucky boy who greets everyone with a wagging tail and loves to carry toys around.',
      energyLevel: 'medium',
      confidence: 'high',
      independence: 'medium',
      sociability: 'high',
      foodMotivation: 'high',
      toyDrive: 'high',
      biddability: 'high',
      personalityNotes: 'First to the door and first to the lap.',
      trainingProgress: 'Knows his name, comes when called, crate trained at night.',
      idealHome: 'An active family with kids who will include him in everything.',
      ...assessed,
    },
    {
      name: 'Honey',
      gender: 'female',
      color: 'Red',
      status: 'available',
      price: 3000,
      weight: 5.8,
      generation: 'F1B',
      description: 'A gentle, observant girl who loves quiet cuddles and watching the world from a sunny window.',
      energyLevel: 'low',
      confidence: 'medium',
      independence: 'low',
      sociability: 'high',
      foodMotivation: 'medium',
      toyDrive: 'medium',
      biddability: 'high',
      personalityNotes: 'Sweet and soft; thrives with a calm routine.',
      trainingProgress: 'Sits for treats and walks nicely on a leash in the yard.',
      idealHome: 'A calmer home, retirees or a family with older children.',
      ...assessed,
    },
    {
      name: 'Teddy',
      gender: 'male',
      color: 'Cream',
      status: 'reserved',
      price: 2500,
      weight: 7.1,
      generation: 'F1',
      description: 'A confident explorer who is always first to investigate a new toy or tunnel.',
      energyLevel: 'high',
      confidence: 'high',
      independence: 'high',
      sociability: 'medium',
      foodMotivation: 'high',
      toyDrive: 'high',
      biddability: 'medium',
      personalityNotes: 'Bold and busy; would love a job.',
      trainingProgress: 'Working on recall and settling on a mat.',
      idealHome: 'An outdoorsy family ready for hikes and training classes.',
      ...assessed,
    },
    {
      name: 'Clover',
      gender: 'female',
      color: 'Apricot and white parti',
      status: 'available',
      price: 0,
      weight: null,
      generation: 'F1B',
      description: 'A playful parti girl with a silly streak and a big heart.',
    },
    {
      name: 'Murphy',
      gender: 'male',
      color: 'Chocolate',
      status: 'available',
      price: null,
      weight: null,
      generation: null,
      description: 'A laid-back boy who loves belly rubs and afternoon naps.',
    },
    {
      name: 'Poppy',
      gender: 'female',
      color: 'Red',
      status: 'sold',
      price: 2800,
      weight: 6.0,
      generation: 'F1B',
      description: 'Poppy has found her forever family in Denver.',
    },
  ];
  let i = 2;
  let extra = 20;
  const created = [];
  for (const [n, p] of puppies.entries()) {
    // The first puppy shows a set of photos; the others one each.
    const photos = [await photo(em, i++, p.name)];
    if (n === 0) photos.push(await photo(em, extra++, `${p.name} at play`), await photo(em, extra++, `${p.name} napping`));
    const puppy = em.create(Puppy, {
      ...p,
      litter: born,
      imageUrl: photos[0],
      visible: true,
      createdAt: now,
      updatedAt: now,
    } as never);
    photos.forEach((url, position) => em.create(PuppyPhoto, { puppy, url, position }));
    created.push(puppy);
  }
  // The family portal: a family matched to the reserved puppy, with updates and weights.
  const matched = created.find((p) => p.status === 'reserved')!;
  await seedDemoPortal(
    em,
    born,
    matched,
    created.filter((p) => p !== matched && p.status !== 'sold'),
  );
  // The contract template (issue 31): a puppy sale agreement with a health guarantee.
  await seedContractTemplate(em);

  const parents = [
    {
      name: 'Maple',
      gender: 'female',
      breed: 'Mini Goldendoodle',
      color: 'Apricot',
      weight: 22,
      birthDate: isoDaysAgo(365 * 3 + 120),
      description: 'Our gentle matriarch: calm, affectionate and endlessly patient with puppies and kids alike.',
    },
    {
      name: 'Willow',
      gender: 'female',
      breed: 'Mini Goldendoodle',
      color: 'Red',
      weight: 19,
      birthDate: isoDaysAgo(300),
      description: 'Sweet, playful and always ready for a game of fetch in the meadow.',
    },
    {
      name: 'Cooper',
      gender: 'male',
      breed: 'Miniature Poodle',
      color: 'Red',
      weight: 14,
      birthDate: isoDaysAgo(365 * 4 + 30),
      description: 'A clever, low-shedding sire with a goofy sense of humour and perfect manners.',
    },
    {
      name: 'Bear',
      gender: 'male',
      breed: 'Mini Goldendoodle',
      color: 'Cream',
      weight: 24,
      birthDate: isoDaysAgo(365 * 2 + 200),
      description: 'Laid back and loyal; Bear has never met a stranger.',
    },
  ] as const;
  let order = 0;
  const ours = new Map<string, IParentDog>();
  for (const [n, d] of parents.entries()) {
    // The first dog shows a set of photos; the others one each.
    const photos = [await photo(em, i++, d.name)];
    if (n === 0) photos.push(await photo(em, extra++, `${d.name} in the meadow`));
    const dog = em.create(ParentDog, {
      ...d,
      imageUrl: photos[0],
      ours: true,
      featured: true,
      sortOrder: order++,
      createdAt: now,
      updatedAt: now,
    });
    photos.forEach((url, position) => em.create(ParentDogPhoto, { dog, url, position }));
    ours.set(d.name, dog);
  }
  await seedPedigrees(em, ours, now);
  born.dam = ours.get('Maple')!;
  born.sire = ours.get('Cooper')!;
  expected.dam = ours.get('Willow')!;
  expected.sire = ours.get('Bear')!;

  const gallery = [
    ['Morning cuddles', 'The Autumn Litter piled up for a nap after breakfast.'],
    ['First snow', 'Maple showing the puppies what snow is all about.'],
    ['Backyard play', 'Puppy Culture adventure-box time in the yard.'],
    ['Meet the kids', 'Gentle handling with our youngest.'],
    ['Trail day', 'Cooper and Bear on the trail above town.'],
    ['Bath time', 'Getting used to the grooming table early.'],
    ['Going home', 'Poppy meeting her new family.'],
    ['Sunset naps', 'Willow soaking up the last of the sun.'],
  ] as const;
  order = 0;
  for (const [title, description] of gallery) {
    em.create(GalleryImage, {
      title,
      description,
      imageUrl: await photo(em, i++, title),
      featured: order < 4,
      sortOrder: order++,
      createdAt: now,
    });
  }

  const testimonials = [
    [
      'The Martinez Family',
      'Denver, CO',
      'Our Biscuit-brother Milo is the best thing that ever happened to our family. He came home confident, crate trained and already knew his name!',
      5,
    ],
    [
      'Sarah K.',
      'Colorado Springs, CO',
      'From the first phone call to pickup day, everything was transparent and caring. You can tell these puppies are raised in a loving home.',
      5,
    ],
    ['The Nguyens', 'Boulder, CO', 'Rosie is calm, smart and so gentle with our toddler. The temperament matching was spot on.', 5],
    [
      'Jim and Linda P.',
      'Castle Rock, CO',
      'We were nervous first-time dog owners and got support every step of the way, even months later.',
      4,
    ],
    ['The O\u2019Briens', 'Fort Collins, CO', 'Healthy, happy and beautifully socialized. We are already on the waitlist for a second!', 5],
  ] as const;
  for (const [name, location, content, rating] of testimonials) {
    em.create(Testimonial, { name, location, content, rating, imageUrl: null, featured: true, createdAt: now });
  }
  await em.flush();
  // Today's lines (issue 34): families, a visit, money due, a contract to countersign, a failed e-mail… relative to now.
  await seedDemoToday(em, { born, sold: created.find((p) => p.status === 'sold')! }, settings);
  return true;
}

/** Ancestors of the parent dogs (two generations for Maple and Cooper) and some health results. */
async function seedPedigrees(em: EntityManager, ours: Map<string, IParentDog>, now: Date) {
  const dog = (
    name: string,
    gender: 'female' | 'male',
    breed: string,
    generation: string,
    extra: Partial<{
      registeredName: string;
      registry: string;
      registrationNumber: string;
      color: string;
      sire: IParentDog;
      dam: IParentDog;
    }> = {},
  ) =>
    em.create(ParentDog, {
      name,
      gender,
      breed,
      generation,
      color: '',
      imageUrl: null,
      ours: false,
      featured: false,
      createdAt: now,
      updatedAt: now,
      ...extra,
    });
  const gus = dog('Gus', 'male', 'Golden Retriever', 'Golden Retriever', {
    registeredName: 'Goldcrest Augustus',
    registry: 'AKC',
    color: 'Golden',
  });
  const sam = dog('Sam', 'male', 'Golden Retriever', 'Golden Retriever', {
    registeredName: 'Goldcrest Samson',
    registry: 'AKC',
    color: 'Golden',
    sire: gus,
  });
  const duke = dog('Duke', 'male', 'Golden Retriever', 'Golden Retriever', {
    registeredName: 'Goldcrest Duke of Aspen',
    registry: 'AKC',
    registrationNumber: 'SR90311201',
    color: 'Golden',
    sire: sam,
  });
  const pearl = dog('Pearl', 'female', 'Miniature Poodle', 'Poodle', {
    registeredName: 'Silverleaf Pearl',
    registry: 'AKC',
    color: 'Cream',
  });
  const honey = dog('Honey', 'female', 'Mini Goldendoodle', 'F1', { color: 'Apricot', sire: duke, dam: pearl });
  const rocky = dog('Rocky', 'male', 'Miniature Poodle', 'Poodle', {
    registeredName: "Rocky's Red Ember",
    registry: 'AKC',
    registrationNumber: 'PR22718805',
    color: 'Red',
  });
  const blaze = dog('Blaze', 'male', 'Miniature Poodle', 'Poodle', {
    registeredName: 'Blazing Star of Evergreen',
    registry: 'AKC',
    color: 'Red',
  });
  const ruby = dog('Ruby', 'female', 'Miniature Poodle', 'Poodle', {
    registeredName: 'Evergreen Ruby Slipper',
    registry: 'AKC',
    color: 'Apricot',
  });
  const maple = ours.get('Maple')!;
  const cooper = ours.get('Cooper')!;
  Object.assign(maple, { sire: rocky, dam: honey, generation: 'F1B', registeredName: 'Aspen Meadow Maple Leaf', registry: 'GANA' });
  Object.assign(cooper, { sire: blaze, dam: ruby, generation: 'Poodle', registeredName: 'Evergreen Copper Penny', registry: 'AKC' });
  Object.assign(ours.get('Willow')!, { generation: 'Multigen' });
  Object.assign(ours.get('Bear')!, { generation: 'F1B' });
  const test = (
    d: IParentDog,
    position: number,
    t: {
      kind: 'ofa-hips' | 'ofa-patella' | 'genetic-panel' | 'ofa-eyes';
      test?: string;
      result: string;
      date: string;
      verificationUrl?: string;
    },
  ) => em.create(DogHealthTest, { dog: d, position, test: '', verificationUrl: null, certificateUrl: null, ...t });
  test(maple, 0, { kind: 'ofa-hips', result: 'Good', date: '2024-05-10', verificationUrl: 'https://ofa.org/advanced-search/' });
  test(maple, 1, {
    kind: 'genetic-panel',
    test: 'Embark: PRA-prcd',
    result: 'Clear',
    date: '2023-08-02',
    verificationUrl: 'https://embarkvet.com/',
  });
  test(maple, 2, { kind: 'ofa-eyes', result: 'Normal', date: '2025-03-18' });
  test(cooper, 0, { kind: 'ofa-patella', result: 'Normal', date: '2024-01-22', verificationUrl: 'https://ofa.org/advanced-search/' });
  test(cooper, 1, { kind: 'genetic-panel', test: 'PawPrint: DM', result: 'Clear', date: '2023-11-05' });
}

const DAY = 86_400_000;

/** The blog posts (plus one draft and one scheduled for next week), the owner guides and both legal pages. */
async function seedArticles(em: EntityManager, site: { breederName: string; town: string; email: string }) {
  const now = new Date();
  const authorName = site.breederName;
  let i = 20;
  for (const post of DEMO_POSTS) {
    const { date, ...rest } = post;
    const publishedAt = new Date(`${date}T12:00:00Z`);
    em.create(Article, {
      kind: 'blog',
      ...rest,
      authorName,
      coverImageUrl: await photo(em, i++, post.title),
      status: 'published',
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
  }
  em.create(Article, {
    kind: 'blog',
    title: 'Meet the Spring Litter',
    slug: 'meet-the-spring-litter',
    tags: ['litters'],
    authorName,
    status: 'draft',
    publishedAt: null,
    summary: 'Willow and Bear are expecting! A first look at what to expect from our spring puppies.',
    body: 'Our spring litter is on its way. We will share photos here as soon as the puppies arrive.\n\n## What to expect\n\n- Apricot, red and cream coats\n- Mini size, 15 to 25 lbs grown',
    createdAt: now,
    updatedAt: now,
  });
  const nextWeek = new Date(now.getTime() + 7 * DAY);
  em.create(Article, {
    kind: 'blog',
    title: 'Winter Walks With a Young Puppy',
    slug: 'winter-walks-with-a-young-puppy',
    tags: ['training'],
    authorName,
    status: 'scheduled',
    publishedAt: nextWeek,
    summary: 'Snow, salt and short days: how we keep winter walks safe and fun for puppies.',
    body: 'Cold weather does not have to mean a bored puppy.\n\n## Short and often\n\nFive-minute outings several times a day beat one long walk.\n\n## Paws first\n\nRinse salt off paws when you come home.',
    createdAt: now,
    updatedAt: now,
  });
  let order = 0;
  for (const guide of DEMO_GUIDES) {
    em.create(Article, {
      kind: 'resource',
      ...guide,
      sortOrder: order++,
      status: 'published',
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }
  const legalDate = new Date('2026-11-01T12:00:00Z');
  for (const { page, ...legal } of demoLegalPages(site)) {
    const article = em.create(Article, {
      kind: 'legal',
      legalPage: page,
      ...legal,
      status: 'published',
      publishedAt: legalDate,
      createdAt: legalDate,
      updatedAt: legalDate,
    });
    em.create(LegalVersion, { article, title: legal.title, body: legal.body, publishedAt: legalDate });
  }
  await em.flush();
}
