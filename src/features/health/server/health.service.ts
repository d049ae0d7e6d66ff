// The care records: recording for one puppy or a litter (one transaction), the record with what comes next, the
// breeder's list. Which puppies and who may read them: puppy-facts.ts; the protocols: protocols.service.ts. Puppies,
// litters, pickups and weights belong to other features: they are read through their reads faces (issue 47).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { dueItems, type DoneItem } from '../due.ts';
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
  RecordCareSchema,
  CareListSchema,
} from '../health.schema.ts';
import type { z } from 'zod';
import { CareItem, CareRequest, CareScheduleItem, HealthFamilyPrefs, type ICareItem } from './health.entity.ts';
import { latestBornLitters, littersByIds } from '../../dogs/server/dogs.reads.ts';
import { privateUploads } from '../../media/server/media.reads.ts';
import { weighings } from '../../portal/server/portal.reads.ts';
import { type PuppyFacts, puppyFacts, litterFacts, readablePuppy, inList, fieldError } from './puppy-facts.ts';
import { ensureProtocol, protocolOfLitters, plansForLitters } from './protocols.service.ts';
import { allPuppyIds, puppiesByIds, puppiesOfFamilies, puppiesOfLitters, puppyIdsNamed } from '../../puppies/server/puppies.reads.ts';

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

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
