// The access matrix of every procedure outside appRouter.admin, found by walking the router (so a new one
// cannot skip it): each is classified in procedure-access.ts and its middleware chain agrees, on access and
// on rate limits (every mutation has a limit or a recorded reason why not); a visitor
// gets 401 from every procedure that is not public; and every family procedure that takes an id is called
// by family B with family A's id, and must refuse (403 or 404) with nothing changed, in the database and
// in everything A reads back. The admin procedures' own matrix is features/auth/server/admin-authorization.test.ts.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTestApp, TEST_ORIGIN } from './testing/test-app.ts';
import { signIn } from './testing/auth.ts';
import { multipartBody, pdfPart, tinyPdf } from './testing/uploads.ts';
import { appRouter } from './router.ts';
import { adminProcedure, authedProcedure, isHandlerRateLimit, publicProcedure, rateLimitOf } from '../lib/server/trpc.ts';
import { PROCEDURE_ACCESS, PROCEDURES, type ProcedureAccess } from './procedure-access.ts';
import { ANSWERS } from '../features/applications/server/applications.test-fixtures.ts';

type ProcedureType = 'query' | 'mutation' | 'subscription';
type Access = ProcedureAccess | 'admin';
interface ProcedureDef {
  _def: { type: ProcedureType; middlewares: unknown[]; inputs: unknown[] };
}
interface Procedure {
  path: string;
  type: ProcedureType;
  middlewares: unknown[];
  inputs: unknown[];
}

function allProcedures(): Procedure[] {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
  return Object.entries(procedures).map(([path, p]) => ({
    path,
    type: p._def.type,
    middlewares: p._def.middlewares,
    inputs: p._def.inputs,
  }));
}

/** What the procedure must be: admin.* is the breeder's; anything else is what procedure-access.ts says (undefined: unclassified). */
const declaredAccess = (path: string): Access | undefined => (path.startsWith('admin.') ? 'admin' : PROCEDURE_ACCESS[path]);

const chainOf = (builder: unknown) => (builder as ProcedureDef)._def.middlewares;
const startsWith = (middlewares: unknown[], prefix: unknown[]) => prefix.every((m, i) => middlewares[i] === m);

/** What the procedure's middleware chain makes it: the most guarded builder whose middlewares it starts with. */
function chainAccess(p: Procedure): Access | 'none' {
  if (startsWith(p.middlewares, chainOf(adminProcedure))) return 'admin';
  if (startsWith(p.middlewares, chainOf(authedProcedure))) return 'family';
  if (startsWith(p.middlewares, chainOf(publicProcedure))) return 'public';
  return 'none';
}

/** Field names that carry the id of a record: id, ids, puppyId, itemIds… */
const ID_LIKE = /^ids?$|[a-z\d](?:Id|Ids|ID|IDs)$/;
const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success'];
const LEAVES = [
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'symbol',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'nan',
  'file',
  'template_literal',
  'custom',
  'transform',
];
type ZodDef = Record<string, unknown> & { type: string };
const defOf = (schema: unknown, at: string): ZodDef => {
  const def = (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def;
  // A parser this walk cannot read would hide its ids: it fails instead.
  if (!def) throw new Error(`the input at "${at || '(root)'}" is not a Zod schema: teach idFields to read it`);
  return def;
};

/** The paths of every id-like field in a Zod input schema (nested objects, arrays, records' keys, unions, pipes…). */
function idFields(schema: unknown, at = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema, at);
  const child = (key: string) => (at ? `${at}.${key}` : key);
  const walk = (inner: unknown, path = at) => idFields(inner, path, seen);
  if (WRAPPERS.includes(def.type)) return walk(def.innerType);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, inner]) => [
        ...(ID_LIKE.test(key) ? [child(key)] : []),
        ...walk(inner, child(key)),
      ]);
    case 'record': {
      const keyDef = defOf(def.keyType, at);
      const keys =
        keyDef.type === 'enum'
          ? Object.values(keyDef.entries as Record<string, unknown>).filter((k): k is string => typeof k === 'string')
          : [];
      return [...keys.filter((k) => ID_LIKE.test(k)).map(child), ...walk(def.valueType, child('*'))];
    }
    case 'map':
      return [...walk(def.keyType, child('(key)')), ...walk(def.valueType, child('*'))];
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'set':
      return walk(def.valueType, `${at}[]`);
    case 'tuple':
      return [...(def.items as unknown[]).flatMap((item, i) => walk(item, `${at}[${i}]`)), ...(def.rest ? walk(def.rest, `${at}[]`) : [])];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      return [...walk(def.in), ...walk(def.out)];
    case 'lazy':
      return walk((def.getter as () => unknown)());
    default:
      if (LEAVES.includes(def.type)) return [];
      throw new Error(`idFields does not know Zod's "${def.type}" (at "${at || '(root)'}"): teach it, or it could miss an id`);
  }
}
const idFieldsOf = (p: Procedure) => [...new Set(p.inputs.flatMap((schema) => idFields(schema)))].sort();

/** Two families with real data, made through the real procedures (see the first test). */
interface Family {
  cookie: string;
  userId: number;
  /** Submitted, so still withdrawable: a withdraw that skipped the ownership check would change it. */
  openApplicationId: number;
  /** Matched to puppyId. */
  matchedApplicationId: number;
  puppyId: number;
  /** Checklist items this family ticked and did not tick. */
  tickedItemId: number;
  untickedItemId: number;
  /** A vet share link of the family's puppy's health record. */
  shareLinkId: number;
  /** A video call this family booked, and a free time to move it to. */
  bookingId: number;
  freeStartsAt: string;
  /** A contract sent to this family (issue 31), opened once so that reading it again writes nothing. */
  contractId: number;
}

/**
 * Every family procedure whose input has an id-like field, and what that id is:
 * - owned: the id of something a family owns; family B sending family A's gets 403 or 404 and changes nothing.
 * - shared: the id of something every family shares (one checklist); B's call is its own, A's data stays as it was.
 * - none: the field names no family's record (why says what it is).
 * A new family procedure with an id-like field fails the matrix until it is added here.
 */
type ForeignId =
  | { kind: 'owned'; what: string; input: (owner: Family) => unknown }
  | { kind: 'shared'; what: string; inputs: (owner: Family) => unknown[] }
  | { kind: 'none'; why: string };

const FOREIGN_IDS: Record<string, ForeignId> = {
  'applications.withdraw': {
    kind: 'owned',
    what: 'application',
    input: (a) => ({ id: a.openApplicationId, message: 'Not ours to withdraw.' }),
  },
  'portal.growth': { kind: 'owned', what: 'puppy', input: (a) => ({ puppyId: a.puppyId }) },
  'health.record': { kind: 'owned', what: 'puppy', input: (a) => ({ puppyId: a.puppyId }) },
  'health.shareLinks': { kind: 'owned', what: 'puppy', input: (a) => ({ puppyId: a.puppyId }) },
  'health.createShareLink': { kind: 'owned', what: 'puppy', input: (a) => ({ puppyId: a.puppyId, days: 7 }) },
  'health.revokeShareLink': { kind: 'owned', what: 'vet share link', input: (a) => ({ id: a.shareLinkId }) },
  'portal.tick': {
    kind: 'shared',
    what: 'checklist item (one list for every family, each family ticks its own)',
    inputs: (a) => [
      { itemId: a.tickedItemId, done: false },
      { itemId: a.untickedItemId, done: true },
    ],
  },
  // In this order: A's own reschedule and cancel (which must work) come after the download.
  'visits.ics': { kind: 'owned', what: 'booking', input: (a) => ({ id: a.bookingId }) },
  'visits.reschedule': { kind: 'owned', what: 'booking', input: (a) => ({ id: a.bookingId, startsAt: a.freeStartsAt }) },
  'visits.cancel': { kind: 'owned', what: 'booking', input: (a) => ({ id: a.bookingId }) },
  'contracts.byId': { kind: 'owned', what: 'contract', input: (a) => ({ id: a.contractId }) },
  'contracts.sign': { kind: 'owned', what: 'contract', input: (a) => ({ id: a.contractId, fullName: 'Signer Name', consent: true }) },
  'applications.submit': { kind: 'none', why: 'litterId names a public litter (litters.active), which anyone may apply for' },
  'applications.saveDraft': { kind: 'none', why: 'values.litterId is draft text kept for its author; nothing reads a record by it' },
  // Pick day (issue 50): the ids name a litter and its puppies (public); what is read or written is the caller's own
  // place in that litter's order, found by the caller's account, and a family not in it gets 404 (picks.test.ts).
  'picks.answer': { kind: 'none', why: 'litterId names a public litter; the answer is the caller’s own entry in its order' },
  'picks.choose': { kind: 'none', why: 'litterId and puppyId name a public litter and puppy; only the caller’s own turn can take one' },
  'picks.pass': { kind: 'none', why: 'litterId names a public litter; only the caller’s own turn can be passed' },
  'picks.respond': { kind: 'none', why: 'litterId names a public litter; only the caller’s own turn can accept or decline' },
};

/** How many procedures each class has: a new one changes these on purpose (and is then covered by the walk). */
const PUBLIC_PROCEDURE_COUNT = 27;
const FAMILY_PROCEDURE_COUNT = 55;

/** Tables that a refused call may still write: the caller's session (last seen) and rate-limit counters. */
const BOOKKEEPING_TABLES = ['sessions', 'rate_limits'];

describe('every procedure outside the admin API is classified, and family procedures keep to their own family', () => {
  const t = useTestApp();
  const procedures = allProcedures();
  const byAccess = (access: Access) => procedures.filter((p) => declaredAccess(p.path) === access);

  async function call(path: string, type: ProcedureType, input?: unknown, cookie?: string) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
    if (type === 'subscription') {
      // Server-sent events: a refused subscription answers 200 with one serialized-error event and ends (an
      // accepted one stays open, so signed-in subscriptions are opened in-process: subscribeAs below).
      if (cookie) throw new Error(`open ${path} with subscribeAs`);
      const res = await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers });
      const error = /event: serialized-error\ndata: (.*)\n/.exec(res.body);
      const data = error ? (JSON.parse(error[1]!) as { data?: { code?: string; httpStatus?: number } }).data : undefined;
      return { status: data?.httpStatus ?? res.statusCode, code: data?.code, data: undefined, body: res.body };
    }
    const res =
      type === 'query'
        ? await t.app.inject({
            method: 'GET',
            url: `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            headers,
          })
        : await t.app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(input ?? {}),
          });
    const body = res.json() as { result?: { data?: unknown }; error?: { data?: { code?: string } } };
    return { status: res.statusCode, code: body.error?.data?.code, data: body.result?.data, body: res.body };
  }
  /** Opens a subscription in-process as this user and closes it at once: 'OK', or the refusal's code. */
  async function subscribeAs(user: Awaited<ReturnType<typeof signIn>>['user'], path: string): Promise<string> {
    const fn = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], t.caller(user)) as () => Promise<
      AsyncIterable<unknown>
    >;
    try {
      const iterable = await fn();
      await iterable[Symbol.asyncIterator]().return?.();
      return 'OK';
    } catch (e) {
      return (e as { code?: string }).code ?? String(e);
    }
  }
  async function ok(path: string, type: ProcedureType, input: unknown, cookie: string) {
    const res = await call(path, type, input, cookie);
    if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${res.body}`);
    return res.data as Record<string, unknown>;
  }

  /** One hash per table (bookkeeping tables aside) of every row: equal before and after means nothing was written. */
  async function databaseState(): Promise<Record<string, string>> {
    const em = t.orm.em.fork();
    const tables = await em.execute<Array<{ name: string }>>(
      "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
    );
    const state: Record<string, string> = {};
    for (const { name } of tables) {
      if (BOOKKEEPING_TABLES.includes(name)) continue;
      const [row] = await em.execute<Array<{ h: string }>>(
        `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from "${name}" t`,
      );
      state[name] = row!.h;
    }
    return state;
  }

  it('finds the procedures: every one classified, every classification a procedure (none missing, none stale)', () => {
    const paths = procedures.map((p) => p.path);
    const missing = paths.filter((path) => declaredAccess(path) === undefined);
    const stale = Object.keys(PROCEDURE_ACCESS).filter((path) => !paths.includes(path) || path.startsWith('admin.'));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    // Exact, so a router that went missing cannot make the matrix pass on nothing, and a new procedure is
    // counted on purpose (admin's own count: admin-authorization.test.ts).
    expect(byAccess('public').length).toBe(PUBLIC_PROCEDURE_COUNT);
    expect(byAccess('family').length).toBe(FAMILY_PROCEDURE_COUNT);
    expect(byAccess('admin').length).toBeGreaterThanOrEqual(94);
    for (const p of procedures) expect(['query', 'mutation', 'subscription']).toContain(p.type);
  });

  it("builds each procedure on its class's builder: public on publicProcedure, family on authedProcedure, admin on adminProcedure", () => {
    // Each builder adds to the one before, so the chains nest and a procedure's class is the longest it starts with.
    expect(chainOf(publicProcedure).length).toBeGreaterThan(0);
    expect(startsWith(chainOf(authedProcedure), chainOf(publicProcedure))).toBe(true);
    expect(chainOf(authedProcedure).length).toBeGreaterThan(chainOf(publicProcedure).length);
    expect(startsWith(chainOf(adminProcedure), chainOf(authedProcedure))).toBe(true);
    expect(chainOf(adminProcedure).length).toBeGreaterThan(chainOf(authedProcedure).length);
    const disagreeing = procedures
      .filter((p) => chainAccess(p) !== declaredAccess(p.path))
      .map((p) => `${p.path}: declared ${declaredAccess(p.path)}, built ${chainAccess(p)}`);
    expect(disagreeing).toEqual([]);
  });

  it('gives every mutation a visitor or a family can call a rate limit or a reason, and each limit is the one its chain applies', () => {
    const wrong: string[] = [];
    for (const p of procedures.filter((q) => !q.path.startsWith('admin.'))) {
      const declared = PROCEDURES[p.path]?.rateLimit;
      const applied = p.middlewares.flatMap((m) => rateLimitOf(m)?.name ?? []);
      if (applied.length > 1) wrong.push(`${p.path}: ${applied.length} rate limits in its chain (${applied.join(', ')})`);
      if (declared === undefined) {
        if (p.type === 'mutation') wrong.push(`${p.path}: a mutation with no rateLimit (a limit's name, { inHandler }, or { none: why })`);
        if (applied.length) wrong.push(`${p.path}: its chain applies ${applied[0]}, the classification says nothing`);
      } else if (typeof declared === 'string') {
        if (applied[0] !== declared) wrong.push(`${p.path}: declared ${declared}, its chain applies ${applied[0] ?? 'none'}`);
      } else if ('inHandler' in declared) {
        if (!isHandlerRateLimit(declared.inHandler)) wrong.push(`${p.path}: no handler counts a limit named ${declared.inHandler}`);
        if (applied.length)
          wrong.push(`${p.path}: its chain applies ${applied[0]} as well as ${declared.inHandler} in the handler: name the chain's`);
      } else {
        if (declared.none.trim().length < 20) wrong.push(`${p.path}: the reason for no limit says too little ("${declared.none}")`);
        if (applied.length) wrong.push(`${p.path}: declared none, its chain applies ${applied[0]}`);
      }
    }
    expect(wrong).toEqual([]);
    // The walk reads real limits: the ones issue 44 added are among them, counted per account.
    const limitOf = (path: string) =>
      procedures
        .find((p) => p.path === path)!
        .middlewares.map((m) => rateLimitOf(m))
        .find(Boolean);
    for (const path of ['messages.send', 'health.createShareLink', 'notifications.subscribe']) expect(limitOf(path)?.by).toBe('account');
    expect(limitOf('inquiries.create')?.by).toBe('address');
  });

  it('a visitor gets 401 from every procedure that is not public, and no public procedure asks a visitor to sign in', async () => {
    const guarded = procedures.filter((p) => declaredAccess(p.path) !== 'public');
    const open = byAccess('public');
    expect(guarded.length).toBeGreaterThan(0);
    expect(open.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const { path, type } of guarded) {
      const res = await call(path, type);
      if (res.status !== 401 || res.code !== 'UNAUTHORIZED') wrong.push(`${path} → ${res.status} ${res.code}`);
    }
    for (const { path, type } of open) {
      const res = await call(path, type);
      if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(`public ${path} → ${res.status} ${res.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in family gets past the guard of every family procedure', async () => {
    const family = await signIn(t.orm, { username: 'matrix_guard_family', isAdmin: false });
    const familyProcedures = byAccess('family');
    expect(familyProcedures.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const { path, type } of familyProcedures) {
      if (type === 'subscription') {
        const opened = await subscribeAs(family.user, path);
        if (opened !== 'OK') wrong.push(`${path} → ${opened}`);
        continue;
      }
      // An empty input: a mutation stops at its input check (400) or does what it does for the family's own account.
      const res = await call(path, type, undefined, family.cookie);
      if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(`${path} → ${res.status} ${res.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads the id-like fields of inputs: nested, in arrays, in a record of known keys, through pipes and refinements', () => {
    const examples = Object.fromEntries(
      [
        'applications.withdraw',
        'portal.growth',
        'portal.tick',
        'applications.saveDraft',
        'applications.submit',
        'admin.portal.saveChecklist',
        'admin.applications.match',
        'auth.updateProfile',
      ].map((path) => {
        const p = procedures.find((q) => q.path === path);
        if (!p) throw new Error(`${path} is missing`);
        return [path, idFieldsOf(p)];
      }),
    );
    expect(examples).toEqual({
      'applications.withdraw': ['id'],
      'portal.growth': ['puppyId'],
      'portal.tick': ['itemId'],
      'applications.saveDraft': ['values.litterId'],
      'applications.submit': ['litterId'],
      'admin.portal.saveChecklist': ['items[].id'],
      'admin.applications.match': ['id', 'puppyId'],
      'auth.updateProfile': [],
    });
  });

  it('lists every family procedure that takes an id in FOREIGN_IDS, and nothing else', () => {
    // Declared or built as one: a signed-in procedure missing from procedure-access.ts is checked here too.
    const family = procedures.filter((p) => declaredAccess(p.path) === 'family' || chainAccess(p) === 'family');
    const takingIds = family.filter((p) => idFieldsOf(p).length > 0).map((p) => p.path);
    expect(takingIds.length).toBeGreaterThan(0);
    const unlisted = takingIds
      .filter((path) => !(path in FOREIGN_IDS))
      .map((path) => `${path} (${idFieldsOf(family.find((p) => p.path === path)!).join(', ')})`);
    const stale = Object.keys(FOREIGN_IDS).filter((path) => !takingIds.includes(path));
    expect({ unlisted, stale }).toEqual({ unlisted: [], stale: [] });
    expect(Object.values(FOREIGN_IDS).filter((e) => e.kind === 'owned').length).toBeGreaterThanOrEqual(2);
  });

  describe('family B with family A’s ids', () => {
    const families: Record<'a' | 'b', Family> = {} as Record<'a' | 'b', Family>;
    /** Words only family A's data holds: none may appear in what B gets back. */
    const A_ONLY = ['Alderbrook', 'Aster', 'A-only update'];

    it('sets up two families with an application each, a matched puppy with updates, checklist ticks, a document, a draft', async () => {
      const admin = await signIn(t.orm, { username: 'matrix_breeder', isAdmin: true });
      const adminOk = (path: string, input: unknown) => ok(path, 'mutation', input, admin.cookie);
      const litter = await adminOk('admin.litters.create', {
        name: 'Matrix',
        motherName: 'Rosie',
        fatherName: 'Cooper',
        birthDate: '2026-10-01',
      });
      const items = (await adminOk('admin.portal.saveChecklist', {
        items: [{ label: 'Crate' }, { label: 'Food' }, { label: 'Vet' }],
      })) as unknown as Array<{ id: number }>;
      expect(items).toHaveLength(3);
      // The suggested care protocol is written on its first read (health.service.ts ensureProtocol): read it
      // now, so no call below is the one that writes it.
      await ok('admin.health.protocol', 'query', undefined, admin.cookie);
      // Hours every day, closed for the next 35 days (so visits.availability's default 30 days reads the same every time).
      const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
      await adminOk('admin.visits.saveSettings', {
        timeZone: 'America/Denver',
        cutoffHours: 0,
        kinds: {
          visit: { slotMinutes: 60, bufferMinutes: 15, enabled: true },
          pickup: { slotMinutes: 45, bufferMinutes: 15, enabled: true },
          video: { slotMinutes: 30, bufferMinutes: 0, enabled: true },
        },
        openings: Array.from({ length: 7 }, (_, weekday) => ({ weekday, start: '09:00', end: '17:00' })),
        closures: [{ startsOn: day(-1).slice(0, 10), endsOn: day(36).slice(0, 10), reason: 'Whelping' }],
      });
      const setUp = [
        { key: 'a', username: 'matrix_family_a', name: 'Alderbrook Family', puppy: 'Aster', ticked: items[0]!.id, unticked: items[1]!.id },
        // B ticks what A ticks: B unticking it and ticking what A left must change B's ticks only.
        { key: 'b', username: 'matrix_family_b', name: 'Birchwood Family', puppy: 'Bramble', ticked: items[0]!.id, unticked: items[1]!.id },
      ] as const;
      for (const f of setUp) {
        const signed = await signIn(t.orm, { username: f.username, isAdmin: false });
        const own = (path: string, input: unknown) => ok(path, 'mutation', input, signed.cookie);
        const puppy = await adminOk('admin.puppies.create', { name: f.puppy, gender: 'female', color: 'apricot', litterId: litter.id });
        const matched = await own('applications.submit', {
          ...ANSWERS,
          name: f.name,
          litterId: litter.id,
          idempotencyKey: `matrix-${f.key}-matched`,
        });
        await adminOk('admin.applications.changeStatus', { id: matched.id, status: 'approved' });
        await adminOk('admin.applications.changeStatus', { id: matched.id, status: 'waitlisted', litterId: litter.id });
        await adminOk('admin.applications.match', { id: matched.id, puppyId: puppy.id });
        const open = await own('applications.submit', { ...ANSWERS, name: f.name, idempotencyKey: `matrix-${f.key}-open` });
        await adminOk('admin.portal.postUpdate', {
          puppyId: puppy.id,
          text: `${f.key.toUpperCase()}-only update`,
          weight: { value: 20, unit: 'oz', date: '2026-10-15' },
        });
        await own('portal.tick', { itemId: f.ticked, done: true });
        await own('applications.saveDraft', { values: { household: `${f.name} draft`, litterId: String(litter.id) } });
        const { payload, headers } = multipartBody([
          { name: 'visibility', value: 'private' },
          { name: 'kind', value: 'document' },
          pdfPart(tinyPdf(f.name), 'contract.pdf'),
        ]);
        const uploaded = await t.app.inject({
          method: 'POST',
          url: '/api/admin/media',
          payload,
          headers: { ...headers, cookie: admin.cookie, origin: TEST_ORIGIN },
        });
        expect(uploaded.statusCode).toBe(201);
        await adminOk('admin.portal.shareDocument', { familyId: signed.user.id, title: `${f.name} contract`, url: uploaded.json().url });
        const link = await own('health.createShareLink', { puppyId: puppy.id, days: 7 });
        const slots = (await ok(
          'visits.availability',
          'query',
          { kind: 'video', from: day(40), to: day(42) },
          signed.cookie,
        )) as unknown as Array<{ startsAt: string }>;
        const pick = f.key === 'a' ? 0 : 2;
        const booking = await own('visits.book', { kind: 'video', startsAt: slots[pick]!.startsAt });
        families[f.key] = {
          shareLinkId: link.id as number,
          bookingId: booking.id as number,
          freeStartsAt: slots[pick + 1]!.startsAt,
          cookie: signed.cookie,
          userId: signed.user.id,
          openApplicationId: open.id as number,
          matchedApplicationId: matched.id as number,
          puppyId: puppy.id as number,
          tickedItemId: f.ticked,
          untickedItemId: f.unticked,
          contractId: 0,
        };
        const template = await adminOk('admin.contracts.saveTemplate', {
          name: `${f.key} template`,
          body: 'Sale of {{puppy.name}} to {{family.name}}.',
        });
        const contract = await adminOk('admin.contracts.prepare', { templateId: template.id, familyId: signed.user.id });
        await adminOk('admin.contracts.send', { id: contract.id });
        families[f.key].contractId = contract.id as number;
        await ok('contracts.byId', 'query', { id: contract.id }, signed.cookie);
      }
      await adminOk('admin.portal.postUpdate', { litterId: litter.id, text: 'The whole litter met the cat.' });
      // Each family sees its own, which is what the checks below compare.
      const a = families.a;
      const mine = (await ok('applications.mine', 'query', undefined, a.cookie)) as unknown as Array<{ id: number; status: string }>;
      expect(mine.map((x) => [x.id, x.status]).sort()).toEqual(
        [
          [a.matchedApplicationId, 'matched'],
          [a.openApplicationId, 'submitted'],
        ].sort(),
      );
      expect(((await ok('portal.puppies', 'query', undefined, a.cookie)) as unknown as Array<{ id: number }>).map((p) => p.id)).toEqual([
        a.puppyId,
      ]);
      expect(JSON.stringify(await ok('portal.updates', 'query', undefined, a.cookie))).toContain('A-only update');
      expect(JSON.stringify(await ok('portal.documents', 'query', undefined, a.cookie))).toContain('Alderbrook Family contract');
      expect(JSON.stringify(await ok('portal.updates', 'query', undefined, families.b.cookie))).not.toContain('A-only update');
    });

    /** Everything family A reads through its own queries (each family query, with A's own ids where it takes one). */
    async function viewOf(owner: Family): Promise<Record<string, unknown>> {
      const queries = byAccess('family').filter((p) => p.type === 'query');
      expect(queries.length).toBeGreaterThanOrEqual(8);
      const view: Record<string, unknown> = {};
      for (const { path } of queries) {
        const entry = FOREIGN_IDS[path];
        const res = await call(path, 'query', entry?.kind === 'owned' ? entry.input(owner) : undefined, owner.cookie);
        // A new family query that needs some other input answers 400 here: give it the owner's input above.
        expect([path, res.status]).toEqual([path, 200]);
        view[path] = res.data;
      }
      return view;
    }

    it('refuses B every id of A’s (403 or 404), leaves the database and all A reads unchanged, and A itself may use the id', async () => {
      const [a, b] = [families.a, families.b];
      expect(a?.puppyId).toBeGreaterThan(0);
      const owned = Object.entries(FOREIGN_IDS).flatMap(([path, e]) => (e.kind === 'owned' ? [{ path, ...e }] : []));
      expect(owned.length).toBeGreaterThanOrEqual(2);
      const wrong: string[] = [];
      for (const { path, what, input } of owned) {
        const type = procedures.find((p) => p.path === path)!.type;
        const dbBefore = await databaseState();
        const viewBefore = await viewOf(a);
        const res = await call(path, type, input(a), b.cookie);
        if (!((res.status === 403 && res.code === 'FORBIDDEN') || (res.status === 404 && res.code === 'NOT_FOUND'))) {
          wrong.push(`${path}: B with A's ${what} → ${res.status} ${res.code ?? ''} ${res.body.slice(0, 200)}`);
        }
        for (const word of A_ONLY) if (res.body.includes(word)) wrong.push(`${path}: B's answer names "${word}"`);
        const dbAfter = await databaseState();
        const changedTables = Object.keys(dbBefore).filter((table) => dbBefore[table] !== dbAfter[table]);
        if (changedTables.length) wrong.push(`${path}: B's call changed ${changedTables.join(', ')}`);
        const viewAfter = await viewOf(a);
        const changedReads = Object.keys(viewBefore).filter((query) => !isDeepStrictEqual(viewBefore[query], viewAfter[query]));
        if (changedReads.length) wrong.push(`${path}: B's call changed what A reads from ${changedReads.join(', ')}`);
        // The same input from A works: the refusal was about the owner, not a malformed call or a missing record.
        const own = await call(path, type, input(a), a.cookie);
        if (own.status !== 200) wrong.push(`${path}: A with its own ${what} → ${own.status} ${own.code}`);
      }
      expect(wrong).toEqual([]);
    });

    it('lets B use a shared id for itself only: A’s data reads back the same', async () => {
      const [a, b] = [families.a, families.b];
      const shared = Object.entries(FOREIGN_IDS).flatMap(([path, e]) => (e.kind === 'shared' ? [{ path, ...e }] : []));
      expect(shared.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const { path, inputs } of shared) {
        const type = procedures.find((p) => p.path === path)!.type;
        const viewBefore = await viewOf(a);
        const calls = inputs(a);
        expect(calls.length).toBeGreaterThan(0);
        for (const input of calls) {
          const res = await call(path, type, input, b.cookie);
          if (res.status !== 200) wrong.push(`${path}: B with ${JSON.stringify(input)} → ${res.status} ${res.code}`);
        }
        const viewAfter = await viewOf(a);
        const changedReads = Object.keys(viewBefore).filter((query) => !isDeepStrictEqual(viewBefore[query], viewAfter[query]));
        if (changedReads.length) wrong.push(`${path}: B's calls changed what A reads from ${changedReads.join(', ')}`);
      }
      expect(wrong).toEqual([]);
      // What B did shows in B's own data (so the calls above were not silently ignored).
      const ticks = (await ok('portal.checklist', 'query', undefined, b.cookie)) as unknown as Array<{ id: number; done: boolean }>;
      expect(ticks.find((i) => i.id === a.tickedItemId)?.done).toBe(false);
      expect(ticks.find((i) => i.id === a.untickedItemId)?.done).toBe(true);
    });
  });
});
