// A decade of a busy breeder's records, N times over (issue 35): `npm run db:seed -- --scale N`. Deterministic
// (one seeded generator, a fixed calendar), fast (multi-row inserts in batches, ids given, sequences moved after).
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';

/** Rows per 1× of a decade; at N = 100: 100,000 inquiries, 50,000 subscribers, 10,000 dogs, … */
export const SCALE_PER_N = {
  inquiries: 1000,
  subscribers: 500,
  families: 200,
  applications: 100,
  dogs: 100,
  posts: 20,
  media: 500,
  outbox: 2000,
} as const;
export type ScaleTable = keyof typeof SCALE_PER_N;

/** The generations the registry spans: a 12-generation pedigree fits with room above it. */
export const SCALE_DOG_GENERATIONS = 16;

/**
 * One precomputed argon2id hash (of "scale-family-2026", fixed salt) for every seeded family: hashing 20,000
 * passwords would take half an hour and measure nothing the seed is for.
 */
export const SCALE_PASSWORD_HASH = '$argon2id$v=19$m=19456,p=1,t=3$aXNzdWUzNS1zY2FsZS1zZWVk$dkcaop+9oBFksjNpsm5EeV6W6fXvmnz5d5WVWr8MHKk';

/** The decade ends here, whatever day the seed runs: same N, same rows. */
const END = Date.UTC(2026, 10, 1);
const DECADE_MS = 10 * 365 * 86_400_000;

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    hex: (chars: number) => {
      let out = '';
      while (out.length < chars)
        out += Math.floor(next() * 4_294_967_296)
          .toString(16)
          .padStart(8, '0');
      return out.slice(0, chars);
    },
  };
}
type Rng = ReturnType<typeof generator>;

const FIRST = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Ethan',
  'Sophia',
  'Mason',
  'Isabella',
  'Lucas',
  'Mia',
  'Logan',
  'Amelia',
  'James',
  'Harper',
  'Aiden',
  'Ella',
  'Jacob',
  'Grace',
  'Henry',
  'Chloe',
  'Owen',
  'Lily',
  'Caleb',
  'Zoe',
  'Wyatt',
  'Nora',
  'Jack',
  'Hannah',
  'Levi',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
];
const TOWNS = [
  'Austin, TX',
  'Boise, ID',
  'Denver, CO',
  'Nashville, TN',
  'Raleigh, NC',
  'Portland, OR',
  'Madison, WI',
  'Columbus, OH',
  'Tulsa, OK',
  'Omaha, NE',
];
const DOG_NAMES = [
  'Maple',
  'Cooper',
  'Willow',
  'Bear',
  'Honey',
  'Teddy',
  'Rosie',
  'Milo',
  'Daisy',
  'Charlie',
  'Luna',
  'Biscuit',
  'Penny',
  'Murphy',
  'Hazel',
  'Finn',
  'Ginger',
  'Oscar',
  'Poppy',
  'Ollie',
];
const COLORS = ['cream', 'apricot', 'red', 'chocolate', 'black', 'parti'];
const WORDS = [
  'puppy',
  'doodle',
  'training',
  'grooming',
  'health',
  'family',
  'litter',
  'coat',
  'walk',
  'crate',
  'treats',
  'vet',
  'play',
  'socialising',
  'allergies',
  'nutrition',
  'sleep',
  'travel',
  'kids',
  'garden',
];

const sentence = (rng: Rng, words: number) => {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick(WORDS));
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
};
/** A moment of the decade, spread evenly by position (so ids and dates rise together, as they do on a real site). */
const at = (rng: Rng, i: number, n: number) => new Date(END - DECADE_MS + Math.floor(((i + rng.next()) / n) * DECADE_MS));

export interface ScaleSeedOptions {
  /** Multiples of a decade (1 = one busy decade; fractions seed a sample, e.g. for tests). */
  scale: number;
  /** Only these tables (default all). */
  tables?: readonly ScaleTable[];
  /** Progress lines (the CLI prints them). */
  log?: (line: string) => void;
}

export type ScaleSeedCounts = Record<ScaleTable, number>;

/** How many rows of each table a scale gives. */
export const scaleCounts = (scale: number): ScaleSeedCounts =>
  Object.fromEntries(Object.entries(SCALE_PER_N).map(([table, perN]) => [table, Math.max(1, Math.round(perN * scale))])) as ScaleSeedCounts;

/** Adds the rows of `scale` decades to the database (on top of what is there); returns the counts added. */
export async function seedScale(em: EntityManager, options: ScaleSeedOptions): Promise<ScaleSeedCounts> {
  const counts = scaleCounts(options.scale);
  const wanted = new Set(options.tables ?? (Object.keys(SCALE_PER_N) as ScaleTable[]));
  // Every statement goes through the transaction's manager once it is open.
  let db = em;
  const exec = (sql: string, params: unknown[] = []) => db.execute(sql, params, 'run');
  const rows = (sql: string) => db.execute<Record<string, unknown>[]>(sql, [], 'all');
  const nextId = async (table: string) => Number((await rows(`select coalesce(max(id), 0) + 1 as n from "${table}"`))[0]!.n);

  /** Multi-row INSERTs of at most ~30,000 parameters each. */
  const insert = async (table: string, columns: string[], count: number, row: (i: number) => unknown[]) => {
    const started = performance.now();
    const per = Math.max(1, Math.floor(30_000 / columns.length));
    const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    for (let from = 0; from < count; from += per) {
      const n = Math.min(per, count - from);
      const params: unknown[] = [];
      for (let i = from; i < from + n; i++) params.push(...row(i));
      await exec(head + new Array<string>(n).fill(tuple).join(', '), params);
    }
    if (columns.includes('id') && table !== 'media')
      await exec(`select setval(pg_get_serial_sequence('"${table}"', 'id'), (select max(id) from "${table}"))`);
    options.log?.(`  ${table}: ${count.toLocaleString('en-US')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  const added: ScaleSeedCounts = { inquiries: 0, subscribers: 0, families: 0, applications: 0, dogs: 0, posts: 0, media: 0, outbox: 0 };
  await em.transactional(async (tx) => {
    db = tx;
    // Each table has its own generator, so seeding some tables gives the same rows as seeding all.
    if (wanted.has('inquiries')) {
      const rng = generator(1);
      const n = counts.inquiries;
      const interests = ['available', 'upcoming', 'waitlist', 'information'];
      await insert(
        'inquiries',
        ['name', 'email', 'phone', 'interest', 'message', 'status', 'notes', 'read_at', 'created_at', 'updated_at'],
        n,
        (i) => {
          const when = at(rng, i, n);
          const first = rng.pick(FIRST);
          const last = rng.pick(LAST);
          const old = i < n - 200;
          return [
            `${first} ${last}`,
            `${first}.${last}.${i}@example.com`.toLowerCase(),
            rng.next() < 0.5 ? `555-${String(rng.int(10_000)).padStart(4, '0')}` : null,
            rng.pick(interests),
            `Hello! ${sentence(rng, 12)} ${sentence(rng, 8)}`,
            old ? 'closed' : rng.pick(['new', 'in_progress', 'closed']),
            '',
            old ? when : null,
            when,
            when,
          ];
        },
      );
      added.inquiries = n;
    }
    if (wanted.has('subscribers')) {
      const rng = generator(2);
      const n = counts.subscribers;
      const offset = await nextId('subscribers');
      await insert(
        'subscribers',
        ['email', 'name', 'status', 'unsubscribe_token', 'created_at', 'updated_at', 'pending_since', 'confirmed_at'],
        n,
        (i) => {
          const when = at(rng, i, n);
          const r = rng.next();
          const status = r < 0.9 ? 'active' : r < 0.95 ? 'unsubscribed' : 'pending';
          return [
            `reader${offset + i}.${rng.hex(6)}@example.net`,
            rng.next() < 0.6 ? rng.pick(FIRST) : null,
            status,
            rng.hex(64),
            when,
            when,
            status === 'pending' ? when : null,
            status === 'pending' ? null : when,
          ];
        },
      );
      added.subscribers = n;
    }
    let familyIds: number[] = [];
    if (wanted.has('families') || wanted.has('applications')) {
      const rng = generator(3);
      const n = counts.families;
      const first = await nextId('users');
      familyIds = Array.from({ length: n }, (_, i) => first + i);
      await insert(
        'users',
        ['id', 'username', 'username_key', 'password_hash', 'is_admin', 'created_at', 'email', 'display_name', 'email_verified_at'],
        n,
        (i) => {
          const when = at(rng, i, n);
          const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
          const username = `family${first + i}`;
          return [first + i, username, username, SCALE_PASSWORD_HASH, false, when, `${username}@example.org`, name, when];
        },
      );
      added.families = n;
    }
    if (wanted.has('applications')) {
      const rng = generator(4);
      const n = counts.applications;
      const offset = await nextId('applications');
      let place = Number(
        (await rows(`select coalesce(max(waitlist_position), 0) as n from applications where waitlist_litter_id is null`))[0]!.n,
      );
      const statuses = ['submitted', 'in_review', 'approved', 'declined', 'waitlisted', 'matched', 'withdrawn'];
      const SETTLED = ['declined', 'matched', 'withdrawn'];
      const columns = [
        'user_id',
        'idempotency_key',
        'status',
        'name',
        'email',
        'phone',
        'location',
        'household',
        'other_pets',
        'allergies',
        'home_type',
        'ownership',
        'yard',
        'fence',
        'hours_alone',
        'experience',
        'experience_details',
        'size',
        'gender',
        'color',
        'timing',
        'heard_about',
        'notes',
        'admin_notes',
        'waitlist_position',
        'deposit_non_refundable',
        'deposit_notes',
        'created_at',
        'updated_at',
      ];
      await insert('applications', columns, n, (i) => {
        const when = at(rng, i, n);
        // Only this year's applicants still wait: older ones were matched, declined or withdrew long ago.
        const recent = i >= n - Math.ceil(n / 10);
        const status = recent ? rng.pick(statuses) : rng.pick(SETTLED);
        const userId = familyIds.length && rng.next() < 0.8 ? rng.pick(familyIds) : null;
        const yard = rng.pick(['yes', 'no']);
        return [
          userId,
          `scale-${offset + i}-${rng.hex(12)}`,
          status,
          `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
          `applicant${i}@example.com`,
          null,
          rng.pick(TOWNS),
          `${1 + rng.int(5)} people, ${sentence(rng, 5)}`,
          '',
          rng.pick(['no', 'yes', 'unsure']),
          rng.pick(['house', 'townhouse', 'apartment', 'acreage', 'other']),
          rng.pick(['own', 'rent']),
          yard,
          yard === 'yes' ? rng.pick(['full', 'partly', 'none']) : null,
          rng.pick(['under2', '2to4', '4to6', 'over6']),
          rng.pick(['first', 'before', 'now']),
          sentence(rng, 10),
          rng.pick(['toy', 'mini', 'medium', 'standard', 'any']),
          rng.pick(['female', 'male', 'any']),
          rng.pick(['cream', 'apricot', 'red', 'chocolate', 'black', 'parti', 'any']),
          rng.pick(['asap', 'within3', '3to6', '6to12', 'researching']),
          rng.pick(['friend', 'family', 'search', 'facebook', 'instagram', 'youtube', 'vet', 'other']),
          '',
          '',
          status === 'waitlisted' ? ++place : null,
          true,
          '',
          when,
          when,
        ];
      });
      added.applications = n;
    }
    if (wanted.has('dogs')) {
      // Generations of a closed breeding programme: each dog's parents come from the breeding stock (the first
      // dogs) of the one or two generations before it, so lines cross again and again (line-breeding loops).
      const rng = generator(5);
      const n = counts.dogs;
      const first = await nextId('parent_dogs');
      const perGeneration = 2 * Math.max(1, Math.ceil(n / (2 * SCALE_DOG_GENERATIONS)));
      const stock = Math.max(2, Math.min(perGeneration, 12 + Math.round(perGeneration / 40)));
      const generationOf = (i: number) => Math.floor(i / perGeneration);
      // Even places in a generation are sires, odd ones dams (a generation has an even number of places).
      const gender = (i: number) => ((i % perGeneration) % 2 === 0 ? 'male' : 'female');
      const parentFrom = (g: number, sex: number) => {
        const from = Math.max(0, g - (rng.next() < 0.7 ? 1 : 2));
        const k = rng.int(Math.ceil(stock / 2)) * 2 + sex;
        return first + from * perGeneration + Math.min(k, perGeneration - 2 + sex);
      };
      await insert(
        'parent_dogs',
        [
          'id',
          'name',
          'gender',
          'breed',
          'color',
          'birth_date',
          'registered_name',
          'registry',
          'registration_number',
          'generation',
          'sire_id',
          'dam_id',
          'ours',
          'featured',
          'retired',
          'created_at',
          'updated_at',
        ],
        n,
        (i) => {
          const g = generationOf(i);
          const born = new Date(END - DECADE_MS * 2 + Math.floor((g / SCALE_DOG_GENERATIONS) * DECADE_MS * 2));
          const sire = g === 0 ? null : parentFrom(g, 0);
          const dam = g === 0 ? null : parentFrom(g, 1);
          const name = `${rng.pick(DOG_NAMES)} ${i + 1}`;
          return [
            first + i,
            name,
            gender(i),
            'Mini Goldendoodle',
            rng.pick(COLORS),
            born.toISOString().slice(0, 10),
            `Meadow's ${name}`,
            'GANA',
            `GANA-${String(first + i).padStart(7, '0')}`,
            'F1B',
            sire,
            dam,
            false,
            false,
            g < SCALE_DOG_GENERATIONS - 3,
            born,
            born,
          ];
        },
      );
      added.dogs = n;
    }
    if (wanted.has('posts')) {
      const rng = generator(6);
      const n = counts.posts;
      const offset = await nextId('articles');
      await insert(
        'articles',
        ['kind', 'title', 'slug', 'summary', 'body', 'tags', 'author_name', 'status', 'published_at', 'created_at', 'updated_at'],
        n,
        (i) => {
          const when = at(rng, i, n);
          const title = `${sentence(rng, 4).slice(0, -1)} ${i + 1}`;
          const body = Array.from({ length: 6 }, () => sentence(rng, 24)).join('\n\n');
          return [
            'blog',
            title,
            `scale-post-${offset + i}`,
            sentence(rng, 16),
            `## ${title}\n\n${body}`,
            `{${rng.pick(WORDS)},${rng.pick(WORDS)}}`,
            'The breeder',
            'published',
            when,
            when,
            when,
          ];
        },
      );
      added.posts = n;
    }
    if (wanted.has('media')) {
      const rng = generator(7);
      const n = counts.media;
      const images = await smallImages();
      await insert(
        'media',
        ['id', 'kind', 'mime', 'ext', 'bytes', 'size', 'sha256', 'width', 'height', 'created_at', 'filename', 'private'],
        n,
        (i) => {
          const image = images[i % images.length]!;
          const h = rng.hex(32);
          const uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
          return [
            uuid,
            'image',
            'image/jpeg',
            'jpg',
            image.bytes,
            image.bytes.length,
            image.sha256,
            64,
            48,
            at(rng, i, n),
            `photo-${i + 1}.jpg`,
            false,
          ];
        },
      );
      added.media = n;
    }
    if (wanted.has('outbox')) {
      const rng = generator(8);
      const n = counts.outbox;
      await insert(
        'outbox_messages',
        ['to', 'subject', 'text', 'status', 'attempts', 'next_attempt_at', 'created_at', 'sent_at'],
        n,
        (i) => {
          const when = at(rng, i, n);
          return [
            `reader${rng.int(100_000)}@example.net`,
            `Puppy news: ${sentence(rng, 5)}`,
            `${sentence(rng, 20)}\n\n${sentence(rng, 20)}`,
            'sent',
            1,
            when,
            when,
            when,
          ];
        },
      );
      added.outbox = n;
    }
  });
  // The tables as autovacuum keeps them on a site that grew slowly: fresh statistics (without them a just-seeded table
  // looks empty to the planner), and the search indexes' pending lists merged. A GIN index takes a bulk insert into an
  // unsorted pending list that every search then reads whole: at N = 100, 7 ms for a search that finds nothing,
  // 0.07 ms once vacuumed (decision 133).
  for (const table of ['inquiries', 'subscribers', 'users', 'applications', 'parent_dogs', 'articles', 'media', 'outbox_messages'])
    await em.execute(`vacuum analyze "${table}"`);
  return added;
}

/** A handful of small real JPEGs (64 × 48, one colour each), the same bytes every run. */
async function smallImages() {
  const colours = [
    { r: 236, g: 200, b: 150 },
    { r: 200, g: 120, b: 70 },
    { r: 120, g: 70, b: 40 },
    { r: 250, g: 240, b: 220 },
    { r: 60, g: 50, b: 45 },
  ];
  return Promise.all(
    colours.map(async (background) => {
      const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .jpeg({ quality: 80 })
        .toBuffer();
      return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }),
  );
}
