// The dashboard's newsletter list: paged with status and search, remove, CSV export.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Subscriber, type ISubscriber } from './subscriber.entity.ts';
import type { SubscriberAdminDto, SubscriberListSchema } from '../subscribers.schema.ts';
import type { Readable } from 'node:stream';
import { csvStream, exportBatch } from '../../../lib/server/csv.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, NEWEST_FIRST as NEWEST_FIRST_KEYS } from '../../../lib/server/keyset.ts';
import type { Page } from '../../../lib/shared/paging.ts';
import { notFound } from '../../../lib/server/errors.ts';

type ListInput = z.output<typeof SubscriberListSchema>;

export function toSubscriberAdminDto(s: ISubscriber): SubscriberAdminDto {
  return { id: s.id, email: s.email, name: s.name ?? null, status: s.status, createdAt: s.createdAt.toISOString() };
}

function filterOf(input: Omit<ListInput, 'page'>) {
  const where: Record<string, unknown> = {};
  if (input.status) where.status = input.status;
  if (input.search) Object.assign(where, searchAny(input.search, ['name'], [['email', 'email']]));
  return where;
}

export async function listSubscribers(em: EntityManager, input: ListInput): Promise<Page<SubscriberAdminDto>> {
  const { rows, ...page } = await keysetPage(em, Subscriber, filterOf(input), NEWEST_FIRST_KEYS, input);
  return { ...page, items: rows.map(toSubscriberAdminDto) };
}

export async function removeSubscriber(em: EntityManager, id: number): Promise<{ ok: true }> {
  const row = await em.findOne(Subscriber, { id });
  if (!row) throw notFound('Subscriber');
  em.remove(row);
  await em.flush();
  return { ok: true };
}

export const SUBSCRIBER_CSV_COLUMNS = ['email', 'name', 'status', 'subscribed'];

/** Every subscriber matching the filters, newest first, streamed a batch at a time (issue 35), each batch from a fresh unit of work. */
export function subscribersCsv(em: EntityManager, input: Omit<ListInput, 'page'>, batch?: number): Readable {
  const filter = filterOf(input);
  return csvStream(
    SUBSCRIBER_CSV_COLUMNS,
    (last: ISubscriber | null, limit) => exportBatch(em, Subscriber, filter, last, limit),
    (s) => [s.email, s.name ?? '', s.status, s.createdAt.toISOString()],
    batch,
  );
}
