// Care protocols: the suggested one written once, the breeder's protocols, which one each litter follows and its plan.
// The care records: recording for one puppy or a litter (one transaction), who may read a puppy's record, the
// record with what comes next, the breeder's list and protocol. Puppies, litters, pickups and weights belong to
// other features: they are read through those features' reads faces (issue 47).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { type PlanItem } from '../due.ts';
import {
  HEALTH_MESSAGES,
  type ScheduleItemDto,
  type ScheduleKind,
  SaveProtocolSchema,
  LitterProtocolsSchema,
  MAX_PROTOCOLS,
  SetLitterProtocolSchema,
  type LitterProtocolDto,
  type ProtocolDto,
} from '../health.schema.ts';
import type { z } from 'zod';
import { CareScheduleItem, HealthProtocol } from './health.entity.ts';
import { allLitterIds, litterPage, littersByIds } from '../../dogs/server/dogs.reads.ts';
import { fieldError } from './puppy-facts.ts';

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

export const toScheduleDto = (r: InstanceType<typeof CareScheduleItem.class>): ScheduleItemDto => ({
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

export async function makeDefault(tx: EntityManager, protocolId: number): Promise<void> {
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
