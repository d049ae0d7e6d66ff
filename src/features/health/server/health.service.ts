// The care records: recording for one puppy or a litter (one transaction), who may read a puppy's record, the
// record with what comes next, the breeder's list and protocol. Puppies, litters, pickups and weights belong to
// other features: they are read through those features' reads faces (issue 47).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { dueItems, type DoneItem, type PlanItem } from '../due.ts';
import {
  HEALTH_MESSAGES,
  checkMicrochip,
  doseWarning,
  privateMediaUrl,
  type CareItemDto,
  type CareKind,
  type DoseUnit,
  type HealthRecordDto,
  type RecordCareInput,
  type ScheduleItemDto,
  type ScheduleKind,
  RecordCareSchema,
  SaveProtocolSchema,
  CareListSchema,
  LitterProtocolsSchema,
  MAX_PROTOCOLS,
  SetLitterProtocolSchema,
  type LitterProtocolDto,
  type ProtocolDto,
} from '../health.schema.ts';
import type { z } from 'zod';
import { CareItem, CareRequest, CareScheduleItem, HealthFamilyPrefs, HealthProtocol, type ICareItem } from './health.entity.ts';
import { allLitterIds, latestBornLitters, litterPage, littersByIds } from '../../dogs/server/dogs.reads.ts';
import { privateUploads } from '../../media/server/media.reads.ts';
import { pickupTimes, weighings } from '../../portal/server/portal.reads.ts';
import {
  allPuppyIds,
  puppiesByIds,
  puppiesOfFamilies,
  puppiesOfLitters,
  puppyIdsNamed,
  type PuppyFact,
} from '../../puppies/server/puppies.reads.ts';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export interface PuppyFacts {
  id: number;
  name: string;
  familyId: number | null;
  litterId: number | null;
  litterName: string | null;
  birthDate: string | null;
  pickupAt: Date | null;
}

/** Puppies with their litter and pickup, in the order given by `puppies` (by id). */
async function withLitterAndPickup(em: EntityManager, puppies: PuppyFact[]): Promise<PuppyFacts[]> {
  const litterIds = [...new Set(puppies.map((p) => p.litterId).filter((id): id is number => id !== null))];
  const [litters, pickups] = await Promise.all([
    littersByIds(em, litterIds),
    pickupTimes(
      em,
      puppies.map((p) => p.id),
    ),
  ]);
  const byId = new Map(litters.map((l) => [l.id, l]));
  return puppies.map((p) => {
    const litter = p.litterId === null ? undefined : byId.get(p.litterId);
    return {
      id: p.id,
      name: p.name,
      familyId: p.familyId,
      litterId: litter?.id ?? null,
      litterName: litter?.name ?? null,
      birthDate: litter?.birthDate ?? null,
      pickupAt: pickups.get(p.id) ?? null,
    };
  });
}

export async function puppyFacts(em: EntityManager, ids: number[]): Promise<PuppyFacts[]> {
  if (!ids.length) return [];
  return withLitterAndPickup(em, await puppiesByIds(em, ids));
}

async function litterFacts(em: EntityManager, litterId: number): Promise<PuppyFacts[]> {
  return withLitterAndPickup(em, await puppiesOfLitters(em, [litterId]));
}

/**
 * The puppy, if this user may read its record: the breeder always; a family only for a puppy matched to it. This
 * mirrors the portal's rule (portal/server/portal-access.ts familyScope: puppies whose family is the user), in SQL.
 * Anyone else's puppy is as missing as one that does not exist.
 */
export async function readablePuppy(em: EntityManager, user: SessionUser, puppyId: number): Promise<PuppyFacts> {
  const [puppy] = await puppyFacts(em, [puppyId]);
  if (!puppy || (!user.isAdmin && puppy.familyId !== user.id)) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.puppyNotFound);
  return puppy;
}

/** A care record's files are served to the puppy's family and its vet links only: each must be a private upload. */
async function assertPrivateAttachments(em: EntityManager, urls: string[]) {
  if (!urls.length) return;
  const ok = await privateUploads(em, urls);
  if (urls.some((u) => !ok.has(u))) throw fieldError('attachments', HEALTH_MESSAGES.attachmentNotPrivate);
}

const attachmentKind = (url: string) => (url.endsWith('.pdf') ? ('pdf' as const) : ('photo' as const));

export function toCareItemDto(i: ICareItem, puppyName: string): CareItemDto {
  return {
    id: i.id,
    puppyId: i.puppyId,
    puppyName,
    kind: i.kind,
    givenOn: i.givenOn,
    product: i.product,
    manufacturer: i.manufacturer,
    lotNumber: i.lotNumber,
    lotExpiry: i.lotExpiry ?? null,
    dose: i.dose === null || i.dose === undefined ? null : Number(i.dose),
    doseUnit: i.doseUnit ?? null,
    givenBy: i.givenBy,
    nextDueOn: i.nextDueOn ?? null,
    findings: i.findings,
    vet: i.vet,
    clinic: i.clinic,
    microchip: i.microchip ?? null,
    registry: i.registry,
    notes: i.notes,
    attachments: (i.attachments ?? []).map((url) => ({ url: privateMediaUrl(url), kind: attachmentKind(url) })),
    scheduleItemId: i.scheduleItemId ?? null,
  };
}

/**
 * The suggested protocol (SPEC §9: no vaccinations before pickup at 8 weeks; what the family's vet is
 * recommended after go-home), written once, on the first read of the protocol: the health_settings row
 * and the items go in one statement, so two first reads at once write it once, and a protocol the breeder
 * later empties stays empty. Not a migration's rows: a backup restores into a freshly migrated database.
 */
export async function ensureProtocol(em: EntityManager): Promise<void> {
  await em.execute(`with started as (insert into "health_settings" ("id") values (1) on conflict ("id") do nothing returning "id"),
    made as (insert into "health_protocols" ("name", "is_default") select 'Natural start (no vaccinations before pickup)', true where exists (select 1 from started) returning "id")
    insert into "health_schedule_items" ("protocol_id", "protocol", "label", "kind", "start_day", "every_days", "until_day", "after_go_home", "position")
    select made."id", v.* from made cross join (values
      ('Before go-home', 'Daily weighing', 'weighing', 0, 1, 14, false, 0),
      ('Before go-home', 'Weekly weighing', 'weighing', 21, 7, 56, false, 1),
      ('Before go-home', 'Vet check', 'vet-check', 49, null::int, null::int, false, 2),
      ('Before go-home', 'Microchip', 'microchip', 50, null::int, null::int, false, 3),
      ('Recommended to your vet', 'First vaccination (DHPP)', 'vaccination', 63, null::int, null::int, true, 4),
      ('Recommended to your vet', 'Second vaccination (DHPP)', 'vaccination', 84, null::int, null::int, true, 5),
      ('Recommended to your vet', 'Third vaccination (DHPP) and rabies', 'vaccination', 112, null::int, null::int, true, 6)
    ) as v`);
}

/**
 * The protocol each of these litters follows: its own choice (a protocol, or none: null), else the default. One
 * query for the choices, one for the protocols' items.
 */
export async function protocolOfLitters(em: EntityManager, litterIds: number[]): Promise<Map<number, number | null>> {
  await ensureProtocol(em);
  const out = new Map<number, number | null>();
  if (!litterIds.length) return out;
  const existing = (await littersByIds(em, litterIds)).map((l) => l.id);
  if (!existing.length) return out;
  // The litter's own choice (a protocol, or none), else the default.
  const rows = await em.execute<{ litter_id: number; protocol_id: number | null }[]>(
    `select l."litter_id", case when c."litter_id" is null then d."id" else c."protocol_id" end as "protocol_id"
       from (values ${existing.map(() => '(?::int)').join(', ')}) as l("litter_id") left join "health_litter_protocols" c on c."litter_id" = l."litter_id"
       left join "health_protocols" d on d."is_default"`,
    existing,
  );
  for (const r of rows) out.set(Number(r.litter_id), r.protocol_id === null ? null : Number(r.protocol_id));
  return out;
}

/** The plan (protocol items) each litter follows; a litter with no protocol has none. */
export async function plansForLitters(em: EntityManager, litterIds: number[]): Promise<Map<number, PlanItem[]>> {
  const chosen = await protocolOfLitters(em, litterIds);
  const protocolIds = [...new Set([...chosen.values()].filter((id): id is number => id !== null))];
  const rows = protocolIds.length
    ? await em.find(CareScheduleItem, { protocolId: { $in: protocolIds } }, { orderBy: { position: 'asc', id: 'asc' } })
    : [];
  const out = new Map<number, PlanItem[]>();
  for (const litterId of litterIds) {
    const protocolId = chosen.get(litterId) ?? null;
    out.set(
      litterId,
      rows
        .filter((r) => r.protocolId === protocolId)
        .map((r) => ({
          id: r.id,
          label: r.label,
          kind: r.kind,
          startDay: r.startDay,
          everyDays: r.everyDays ?? null,
          untilDay: r.untilDay ?? null,
          afterGoHome: r.afterGoHome,
        })),
    );
  }
  return out;
}

/** Done items per puppy (care records and weighings) for the due computation. */
export async function doneByPuppy(em: EntityManager, puppyIds: number[]): Promise<Map<number, DoneItem[]>> {
  const out = new Map<number, DoneItem[]>(puppyIds.map((id) => [id, []]));
  if (!puppyIds.length) return out;
  const items = await em.find(
    CareItem,
    { puppyId: { $in: puppyIds } },
    { fields: ['puppyId', 'kind', 'givenOn', 'scheduleItemId', 'product', 'nextDueOn'] },
  );
  for (const i of items)
    out
      .get(i.puppyId)
      ?.push({ scheduleItemId: i.scheduleItemId ?? null, kind: i.kind, on: i.givenOn, product: i.product, nextDueOn: i.nextDueOn ?? null });
  for (const w of await weighings(em, puppyIds)) out.get(w.puppyId)?.push({ scheduleItemId: null, kind: 'weighing', on: w.date });
  return out;
}

export async function healthRecord(em: EntityManager, puppy: PuppyFacts, now = new Date()): Promise<HealthRecordDto> {
  const today = todayUtc(now);
  const items = await em.find(CareItem, { puppyId: puppy.id }, { orderBy: { givenOn: 'asc', id: 'asc' } });
  const weights = await weighings(em, [puppy.id]);
  const done = (await doneByPuppy(em, [puppy.id])).get(puppy.id) ?? [];
  const plan = puppy.litterId === null ? [] : ((await plansForLitters(em, [puppy.litterId])).get(puppy.litterId) ?? []);
  const due = puppy.birthDate ? dueItems(puppy.birthDate, plan, done, today) : [];
  const chip = [...items].reverse().find((i) => i.kind === 'microchip' && i.microchip);
  const goneHome = !!puppy.pickupAt && puppy.pickupAt <= now;
  return {
    puppy: {
      id: puppy.id,
      name: puppy.name,
      birthDate: puppy.birthDate,
      litterName: puppy.litterName,
      pickupAt: puppy.pickupAt?.toISOString() ?? null,
      goneHome,
    },
    microchip: chip
      ? {
          number: chip.microchip!,
          registry: chip.registry,
          warning: (() => {
            const c = checkMicrochip(chip.microchip!);
            return c.ok ? c.warning : null;
          })(),
          on: chip.givenOn,
        }
      : null,
    items: items.map((i) => toCareItemDto(i, puppy.name)),
    weights: weights.map((w) => ({ date: w.date, ounces: w.ounces })),
    // Once home, the breeder's own items are behind it: what is left is for the family's vet.
    due: goneHome ? due.filter((d) => d.afterGoHome || d.scheduleItemId === null) : due,
    // Once home, a next dose the vet wrote on a record is for the vet too (whichever comes first).
    nextAfterGoHome: due.find((d) => d.afterGoHome || (goneHome && d.scheduleItemId === null)) ?? null,
  };
}

export async function recordFor(em: EntityManager, user: SessionUser, puppyId: number): Promise<HealthRecordDto> {
  return healthRecord(em, await readablePuppy(em, user, puppyId));
}

const fieldError = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: [message] });

/** Records one care item for one puppy, several, or a whole litter: all stored in one transaction, or none. */
export async function recordCare(em: EntityManager, raw: RecordCareInput): Promise<RecordCareResult> {
  const input = RecordCareSchema.parse(raw);
  const key = input.idempotencyKey;
  // A replay of a record already stored (the offline queue sending it again) answers with what was stored.
  if (key) {
    const stored = await storedRecord(em, key);
    if (stored) return stored;
  }
  let puppies: PuppyFacts[];
  if (input.litterId !== null) {
    const [litter] = await littersByIds(em, [input.litterId]);
    if (!litter) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.litterNotFound);
    puppies = await litterFacts(em, input.litterId);
    if (input.puppyIds.length) {
      const chosen = new Set(input.puppyIds);
      if (input.puppyIds.some((id) => !puppies.some((p) => p.id === id))) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.puppyNotFound);
      puppies = puppies.filter((p) => chosen.has(p.id));
    }
    if (!puppies.length) throw fieldError('puppyIds', HEALTH_MESSAGES.targetRequired);
  } else {
    const ids = [...new Set(input.puppyIds)];
    puppies = await puppyFacts(em, ids);
    if (puppies.length !== ids.length) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.puppyNotFound);
  }
  if (puppies.length > 20) throw fieldError('puppyIds', HEALTH_MESSAGES.tooManyPuppies);
  for (const p of puppies) {
    if (p.birthDate && input.givenOn < p.birthDate)
      throw fieldError('givenOn', `${HEALTH_MESSAGES.dateBeforeBirth} (${p.name}: born ${p.birthDate})`);
  }
  const warnings: string[] = [];
  let microchip: string | null = null;
  if (input.kind === 'microchip') {
    if (puppies.length !== 1) throw fieldError('microchip', 'A microchip belongs to one puppy: record it for that puppy alone.');
    const chip = checkMicrochip(input.microchip);
    if (!chip.ok) throw fieldError('microchip', chip.message);
    if (chip.warning) warnings.push(chip.warning);
    microchip = chip.number;
    const holders = await em.execute<{ puppy_id: number }[]>(
      `select distinct "puppy_id" from "health_care_items" where "microchip" = ? and "puppy_id" <> ?`,
      [microchip, puppies[0]!.id],
    );
    const [taken] = await puppiesByIds(
      em,
      holders.map((h) => Number(h.puppy_id)),
    );
    if (taken)
      throw new AppError('CONFLICT', `That microchip number is already recorded for ${taken.name}.`, {
        microchip: [`Already recorded for ${taken.name}.`],
      });
  }
  await assertPrivateAttachments(em, input.attachments);
  const dose = doseWarning(input.dose, input.doseUnit);
  if (dose) warnings.push(dose);
  let scheduleItemId = input.scheduleItemId;
  await ensureProtocol(em);
  if (scheduleItemId !== null) {
    if (!(await em.count(CareScheduleItem, { id: scheduleItemId }))) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.scheduleItemNotFound);
  } else {
    // The one item of this kind before go-home in the protocol the puppies follow (when they all follow one).
    const protocols = new Set(
      (await protocolOfLitters(em, [...new Set(puppies.map((p) => p.litterId).filter((id): id is number => id !== null))])).values(),
    );
    const [protocolId] = [...protocols];
    if (protocols.size === 1 && protocolId !== null && protocolId !== undefined && puppies.every((p) => p.litterId !== null)) {
      const candidates = await em.find(CareScheduleItem, { protocolId, kind: input.kind, afterGoHome: false }, { fields: ['id'] });
      if (candidates.length === 1) scheduleItemId = candidates[0]!.id;
    }
  }
  let rows: ICareItem[];
  try {
    rows = await em.transactional(async (tx) => {
      // The key's row first: a second request with the same key waits here for this one's commit, then fails.
      const [request] = key
        ? await tx.execute<{ id: number }[]>(
            `insert into "health_care_requests" ("idempotency_key", "created_at") values (?, now()) returning "id"`,
            [key],
          )
        : [];
      const created = puppies.map((p) =>
        tx.create(CareItem, {
          puppyId: p.id,
          kind: input.kind,
          givenOn: input.givenOn,
          product: input.product,
          manufacturer: input.manufacturer,
          lotNumber: input.lotNumber,
          lotExpiry: input.lotExpiry,
          dose: input.dose,
          doseUnit: input.doseUnit,
          givenBy: input.givenBy,
          nextDueOn: input.nextDueOn,
          findings: input.findings,
          vet: input.vet,
          clinic: input.clinic,
          microchip,
          registry: input.kind === 'microchip' ? input.registry : '',
          notes: input.notes,
          attachments: input.attachments,
          scheduleItemId,
          requestId: request ? Number(request.id) : null,
          createdAt: new Date(),
        }),
      );
      await tx.flush();
      return created;
    });
  } catch (error) {
    // The same key sent twice at once: the other request stored it (its key and its rows in one transaction).
    if (!(error instanceof UniqueConstraintViolationException) || !key) throw error;
    const stored = await storedRecord(em.fork(), key);
    if (!stored) throw error;
    return stored;
  }
  return { count: rows.length, ids: rows.map((r) => r.id), warnings };
}

export interface RecordCareResult {
  count: number;
  ids: number[];
  warnings: string[];
}

/** What a recording request with this key stored, with the warnings it was answered with; null if none did. */
async function storedRecord(em: EntityManager, key: string): Promise<RecordCareResult | null> {
  const request = await em.findOne(CareRequest, { idempotencyKey: key });
  if (!request) return null;
  const items = await em.find(CareItem, { requestId: request.id }, { orderBy: { id: 'asc' } });
  const warnings = new Set<string>();
  for (const i of items) {
    const chip = i.microchip ? checkMicrochip(i.microchip) : null;
    if (chip?.ok && chip.warning) warnings.add(chip.warning);
    const dose = doseWarning(i.dose === null || i.dose === undefined ? null : Number(i.dose), i.doseUnit);
    if (dose) warnings.add(dose);
  }
  return { count: items.length, ids: items.map((i) => i.id), warnings: [...warnings] };
}

export async function removeCareItem(em: EntityManager, id: number): Promise<{ ok: true }> {
  const item = await em.findOne(CareItem, id);
  if (!item) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.itemNotFound);
  await em.remove(item).flush();
  return { ok: true };
}

/** The breeder's list of care records: newest first, a page at a time, searched on the server. */
export async function careList(em: EntityManager, raw: z.input<typeof CareListSchema>): Promise<Page<CareItemDto>> {
  const input = CareListSchema.parse(raw);
  // The records of puppies that exist (of the litter, when one is chosen); a search matches the puppy's name too.
  const ofPuppies = input.litterId !== null ? (await puppiesOfLitters(em, [input.litterId])).map((p) => p.id) : await allPuppyIds(em);
  const params: unknown[] = [...ofPuppies];
  const where = [inList('c."puppy_id"', ofPuppies)];
  if (input.search) {
    const like = likePattern(input.search);
    const named = await puppyIdsNamed(em, like);
    where.push(
      `(${inList('c."puppy_id"', named)} or c."product" ilike ? or c."kind" ilike ? or c."notes" ilike ? or c."findings" ilike ? or coalesce(c."microchip", '') ilike ?)`,
    );
    params.push(...named, like, like, like, like, like);
  }
  const clause = `where ${where.join(' and ')}`;
  const [{ total }] = (await em.execute<{ total: string | number }[]>(
    `select count(*) as "total" from "health_care_items" c ${clause}`,
    params,
  )) as [{ total: string | number }];
  const rows = await em.execute<{ id: number; puppy_id: number }[]>(
    `select c."id", c."puppy_id" from "health_care_items" c ${clause} order by c."given_on" desc, c."id" desc limit ? offset ?`,
    [...params, PAGE_SIZE, (input.page - 1) * PAGE_SIZE],
  );
  const items = await em.find(CareItem, { id: { $in: rows.map((r) => Number(r.id)) } });
  const byId = new Map(items.map((i) => [i.id, i]));
  const names = new Map((await puppiesByIds(em, [...new Set(rows.map((r) => Number(r.puppy_id)))])).map((p) => [p.id, p.name]));
  return {
    items: rows.map((r) => toCareItemDto(byId.get(Number(r.id))!, names.get(Number(r.puppy_id)) ?? '')),
    total: Number(total),
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}

/** `column in (?, …)` for these ids (their values go in the parameters), or false for none. */
const inList = (column: string, ids: readonly number[]) => (ids.length ? `${column} in (${ids.map(() => '?').join(', ')})` : 'false');

/** The pickers of the recording form: litters born in the last year with their puppies, newest first (bounded). */
export async function recordingOptions(
  em: EntityManager,
): Promise<{ litters: { id: number; name: string; birthDate: string; puppies: { id: number; name: string }[] }[] }> {
  const latest = await latestBornLitters(em, 12);
  const puppies = await puppiesOfLitters(
    em,
    latest.map((l) => l.id),
  );
  const litters = latest.map((l) => ({
    id: l.id,
    name: l.name,
    birthDate: l.birthDate!,
    puppies: puppies.filter((p) => p.litterId === l.id).map((p) => ({ id: p.id, name: p.name })),
  }));
  return { litters };
}

const toScheduleDto = (r: InstanceType<typeof CareScheduleItem.class>): ScheduleItemDto => ({
  id: r.id,
  protocol: r.protocol,
  label: r.label,
  kind: r.kind as ScheduleKind,
  startDay: r.startDay,
  everyDays: r.everyDays ?? null,
  untilDay: r.untilDay ?? null,
  afterGoHome: r.afterGoHome,
});

/** Every protocol with its items, the default first (at most MAX_PROTOCOLS: a bounded list). */
export async function protocols(em: EntityManager): Promise<ProtocolDto[]> {
  await ensureProtocol(em);
  const rows = await em.find(HealthProtocol, {}, { orderBy: { isDefault: 'desc', name: 'asc', id: 'asc' }, limit: MAX_PROTOCOLS });
  const items = rows.length
    ? await em.find(CareScheduleItem, { protocolId: { $in: rows.map((r) => r.id) } }, { orderBy: { position: 'asc', id: 'asc' } })
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isDefault: r.isDefault,
    items: items.filter((i) => i.protocolId === r.id).map(toScheduleDto),
  }));
}

/**
 * Saves one protocol (a new one when id is null): its name, whether it is the default, and its items (kept items
 * keep their id, so records stay tied to them). Making it the default first pins every litter that followed the old
 * default without choosing to that one: the default is for new litters.
 */
export async function saveProtocol(em: EntityManager, raw: z.input<typeof SaveProtocolSchema>): Promise<ProtocolDto[]> {
  const input = SaveProtocolSchema.parse(raw);
  await ensureProtocol(em);
  try {
    await em.transactional(async (tx) => {
      let row = input.id === null ? null : await tx.findOne(HealthProtocol, input.id);
      if (input.id !== null && !row) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.protocolNotFound);
      if (!row) {
        if ((await tx.count(HealthProtocol, {})) >= MAX_PROTOCOLS) throw new AppError('BAD_REQUEST', HEALTH_MESSAGES.tooManyProtocols);
        row = tx.create(HealthProtocol, { name: input.name, isDefault: false, createdAt: new Date() });
      }
      row.name = input.name;
      await tx.flush();
      if (input.isDefault && !row.isDefault) await makeDefault(tx, row.id);
      const existing = await tx.find(CareScheduleItem, { protocolId: row.id });
      const keep = new Set(input.items.map((i) => i.id).filter((id): id is number => id !== null));
      for (const id of keep) if (!existing.some((e) => e.id === id)) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.scheduleItemNotFound);
      for (const e of existing) if (!keep.has(e.id)) tx.remove(e);
      const protocolId = row.id;
      input.items.forEach((i, position) => {
        const item =
          i.id !== null ? existing.find((e) => e.id === i.id)! : tx.create(CareScheduleItem, { ...i, id: undefined, protocolId, position });
        Object.assign(item, {
          protocol: i.protocol,
          label: i.label,
          kind: i.kind,
          startDay: i.startDay,
          everyDays: i.everyDays,
          untilDay: i.untilDay,
          afterGoHome: i.afterGoHome,
          position,
        });
      });
      await tx.flush();
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw fieldError('name', HEALTH_MESSAGES.protocolNameTaken);
    throw error;
  }
  return protocols(em);
}

async function makeDefault(tx: EntityManager, protocolId: number): Promise<void> {
  // Litters that followed the old default keep it; then the default moves.
  const litterIds = await allLitterIds(tx);
  if (litterIds.length)
    await tx.execute(
      `insert into "health_litter_protocols" ("litter_id", "protocol_id")
         select l."litter_id", d."id" from (values ${litterIds.map(() => '(?::int)').join(', ')}) as l("litter_id")
         cross join "health_protocols" d where d."is_default" on conflict ("litter_id") do nothing`,
      litterIds,
    );
  await tx.execute(`update "health_protocols" set "is_default" = false where "is_default"`);
  await tx.execute(`update "health_protocols" set "is_default" = true where "id" = ?`, [protocolId]);
}

/** Deletes a protocol that is not the default; litters that chose it then follow none. */
export async function removeProtocol(em: EntityManager, id: number): Promise<ProtocolDto[]> {
  const row = await em.findOne(HealthProtocol, id);
  if (!row) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.protocolNotFound);
  if (row.isDefault) throw new AppError('CONFLICT', HEALTH_MESSAGES.protocolIsDefault);
  await em.remove(row).flush();
  return protocols(em);
}

/** The litters with the protocol each follows: newest first, a page at a time, searched by name on the server. */
export async function litterProtocols(em: EntityManager, raw: z.input<typeof LitterProtocolsSchema>): Promise<Page<LitterProtocolDto>> {
  const input = LitterProtocolsSchema.parse(raw);
  await ensureProtocol(em);
  const page = await litterPage(em, {
    ...(input.search ? { like: likePattern(input.search) } : {}),
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  const total = page.total;
  const ids = page.items.map((l) => l.id);
  const choices = ids.length
    ? await em.execute<{ litter_id: number; chose: boolean; protocol_id: number | null; protocol_name: string | null }[]>(
        `select l."litter_id", c."litter_id" is not null as "chose", p."id" as "protocol_id", p."name" as "protocol_name"
           from (values ${ids.map(() => '(?::int)').join(', ')}) as l("litter_id") left join "health_litter_protocols" c on c."litter_id" = l."litter_id"
           left join "health_protocols" p on p."id" = case when c."litter_id" is null then (select "id" from "health_protocols" where "is_default") else c."protocol_id" end`,
        ids,
      )
    : [];
  const rows = page.items.map((l) => {
    const c = choices.find((x) => Number(x.litter_id) === l.id);
    return {
      id: l.id,
      name: l.name,
      birth_date: l.birthDate,
      chose: !!c?.chose,
      protocol_id: c?.protocol_id ?? null,
      protocol_name: c?.protocol_name ?? null,
    };
  });
  return {
    items: rows.map((r) => ({
      litterId: Number(r.id),
      litterName: r.name,
      birthDate: r.birth_date,
      protocolId: r.protocol_id === null ? null : Number(r.protocol_id),
      protocolName: r.protocol_name,
      byDefault: !r.chose,
    })),
    total: Number(total),
    page: input.page,
    pageSize: PAGE_SIZE,
  };
}

/** Sets which protocol a litter follows (null: none); what is due for it follows at once. */
export async function setLitterProtocol(em: EntityManager, raw: z.input<typeof SetLitterProtocolSchema>): Promise<{ ok: true }> {
  const input = SetLitterProtocolSchema.parse(raw);
  const [litter] = await littersByIds(em, [input.litterId]);
  if (!litter) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.litterNotFound);
  if (input.protocolId !== null && !(await em.count(HealthProtocol, { id: input.protocolId }))) {
    throw new AppError('NOT_FOUND', HEALTH_MESSAGES.protocolNotFound, { protocolId: [HEALTH_MESSAGES.protocolNotFound] });
  }
  await em.execute(
    `insert into "health_litter_protocols" ("litter_id", "protocol_id") values (?, ?) on conflict ("litter_id") do update set "protocol_id" = excluded."protocol_id"`,
    [input.litterId, input.protocolId],
  );
  return { ok: true };
}

export async function reminderPreference(em: EntityManager, userId: number): Promise<{ enabled: boolean }> {
  const prefs = await em.findOne(HealthFamilyPrefs, { familyId: userId });
  return { enabled: prefs?.remindersEnabled ?? true };
}

export async function setReminderPreference(em: EntityManager, userId: number, enabled: boolean): Promise<{ enabled: boolean }> {
  await em.execute(
    `insert into "health_family_prefs" ("family_id", "reminders_enabled") values (?, ?) on conflict ("family_id") do update set "reminders_enabled" = excluded."reminders_enabled"`,
    [userId, enabled],
  );
  return { enabled };
}

/** The family's puppies with a health record to show (the same matched puppies the portal shows). */
export async function myHealthPuppies(em: EntityManager, userId: number): Promise<{ id: number; name: string }[]> {
  return (await puppiesOfFamilies(em, [userId])).map((p) => ({ id: p.id, name: p.name }));
}

export type { CareKind, DoseUnit };

/**
 * The access check behind /private-media for care records' files (a vet certificate, a photo): admins see every
 * one; a family only those of a puppy matched to it (the portal's rule, as in readablePuppy).
 */
export async function canReadHealthUpload(em: EntityManager, user: SessionUser, uploadUrl: string): Promise<boolean> {
  if (user.isAdmin) return true;
  const mine = (await puppiesOfFamilies(em, [user.id])).map((p) => p.id);
  if (!mine.length) return false;
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as "one" from "health_care_items" c where ${inList('c."puppy_id"', mine)} and c."attachments" @> ?::jsonb limit 1`,
    [...mine, JSON.stringify([uploadUrl])],
  );
  return rows.length > 0;
}

/** Whether this upload is attached to one of this puppy's care records (what the vet's link may open). */
export async function isCareFileOf(em: EntityManager, puppyId: number, uploadUrl: string): Promise<boolean> {
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as "one" from "health_care_items" where "puppy_id" = ? and "attachments" @> ?::jsonb limit 1`,
    [puppyId, JSON.stringify([uploadUrl])],
  );
  return rows.length > 0;
}
