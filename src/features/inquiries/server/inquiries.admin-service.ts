// The breeder's inbox: newest first, filters, unread count, read on open, status and private notes, CSV.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Inquiry, type IInquiry } from './inquiry.entity.ts';
import type { InquiryAdminDto, InquiryListSchema, InquiryUpdateSchema } from '../inquiries.schema.ts';
import type { Readable } from 'node:stream';
import { CSV_BATCH as SHARED_CSV_BATCH, csvStream, exportBatch } from '../../../lib/server/csv.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, NEWEST_FIRST as NEWEST_FIRST_KEYS } from '../../../lib/server/keyset.ts';
import type { Page } from '../../../lib/shared/paging.ts';
import { notFound } from '../../../lib/server/errors.ts';

type ListInput = z.output<typeof InquiryListSchema>;

export function toInquiryAdminDto(i: IInquiry): InquiryAdminDto {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    phone: i.phone ?? null,
    interest: i.interest,
    message: i.message,
    status: i.status,
    notes: i.notes,
    readAt: i.readAt ? i.readAt.toISOString() : null,
    createdAt: i.createdAt.toISOString(),
  };
}

function filterOf(input: Omit<ListInput, 'page' | 'after'>) {
  const where: Record<string, unknown> = {};
  if (input.status) where.status = input.status;
  if (input.interest) where.interest = input.interest;
  if (input.search) {
    Object.assign(where, searchAny(input.search, ['name', 'message'], [['email', 'email']]));
  }
  return where;
}

export async function listInquiries(em: EntityManager, input: ListInput): Promise<Page<InquiryAdminDto>> {
  const { rows, ...page } = await keysetPage(em, Inquiry, filterOf(input), NEWEST_FIRST_KEYS, input);
  return { ...page, items: rows.map(toInquiryAdminDto) };
}

/** Inquiries the breeder has not opened yet. */
export async function unreadInquiryCount(em: EntityManager): Promise<{ unread: number }> {
  return { unread: await em.count(Inquiry, { readAt: null }) };
}

async function findInquiry(em: EntityManager, id: number) {
  const inquiry = await em.findOne(Inquiry, { id });
  if (!inquiry) throw notFound('Inquiry');
  return inquiry;
}

export async function getInquiry(em: EntityManager, id: number): Promise<InquiryAdminDto> {
  return toInquiryAdminDto(await findInquiry(em, id));
}

/** Opening an inquiry marks it read (once; the first time is kept). */
export async function openInquiry(em: EntityManager, id: number): Promise<InquiryAdminDto> {
  const inquiry = await findInquiry(em, id);
  if (!inquiry.readAt) {
    inquiry.readAt = new Date();
    await em.flush();
  }
  return toInquiryAdminDto(inquiry);
}

export async function markInquiryUnread(em: EntityManager, id: number): Promise<InquiryAdminDto> {
  const inquiry = await findInquiry(em, id);
  inquiry.readAt = null;
  await em.flush();
  return toInquiryAdminDto(inquiry);
}

export async function updateInquiry(em: EntityManager, input: z.output<typeof InquiryUpdateSchema>): Promise<InquiryAdminDto> {
  const inquiry = await findInquiry(em, input.id);
  inquiry.status = input.status;
  inquiry.notes = input.notes;
  inquiry.readAt ??= new Date();
  await em.flush();
  return toInquiryAdminDto(inquiry);
}

export async function removeInquiry(em: EntityManager, id: number): Promise<{ ok: true }> {
  const inquiry = await findInquiry(em, id);
  em.remove(inquiry);
  await em.flush();
  return { ok: true };
}

export const INQUIRY_CSV_COLUMNS = ['id', 'received', 'name', 'email', 'phone', 'interest', 'status', 'read', 'message', 'notes'];

/** Rows read per query while an export streams: memory stays that of one batch, however many inquiries there are. */
export const CSV_BATCH = SHARED_CSV_BATCH;

const csvRecord = (i: IInquiry) => [
  i.id,
  i.createdAt.toISOString(),
  i.name,
  i.email,
  i.phone ?? '',
  i.interest,
  i.status,
  i.readAt ? 'yes' : 'no',
  i.message,
  i.notes,
];

/**
 * Every inquiry matching the filters, newest first, as CSV safe to open in a spreadsheet, streamed (issue 35): read
 * in batches after the last row sent (keyset on the list's order and index), each batch from a fresh unit of work,
 * written as it comes. The bytes are those of one toCsv() over every row.
 */
export function inquiriesCsv(em: EntityManager, input: Omit<ListInput, 'page' | 'after'>, batch = CSV_BATCH): Readable {
  const filter = filterOf(input);
  return csvStream(INQUIRY_CSV_COLUMNS, (last: IInquiry | null, limit) => exportBatch(em, Inquiry, filter, last, limit), csvRecord, batch);
}
