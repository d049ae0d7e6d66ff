// The breeder's side: the applications list (filters, search, new count), one application as a
// document, private notes, status changes with a message, CSV; the waitlist (places, moves, deposits,
// matching a family to a puppy).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError, notFound } from '../../../lib/server/errors.ts';
import type { AppServices, SessionUser } from '../../../lib/server/trpc.ts';
import type { Readable } from 'node:stream';
import { csvStream, olderThan } from '../../../lib/server/csv.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, NEWEST_FIRST as NEWEST_FIRST_KEYS } from '../../../lib/server/keyset.ts';
import type { Page } from '../../../lib/shared/paging.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import { Application, type IApplication } from './application.entity.ts';
import { queueFamilyMail, recordEvent, statusMail, timelines, toTimelineEntry } from './applications.service.ts';
import { joinList, leaveList, listIds, lockWaitlists, moveTo } from './waitlist-places.ts';
import { depositOf, ledgerDeposits, userIdsOf } from './ledger-deposits.ts';
import {
  canBreederMove,
  transitionRefused,
  waitlistPhrase,
  type ApplicationAdminDto,
  type ApplicationListSchema,
  type DepositSchema,
  type MatchSchema,
  type MoveListSchema,
  type NotesSchema,
  type ReorderSchema,
  type StatusChangeSchema,
  type WaitlistEntryDto,
} from '../applications.schema.ts';

type Mail = Pick<AppServices, 'mail' | 'env'>;
type ListInput = z.output<typeof ApplicationListSchema>;

const POPULATE = ['user', 'litter', 'waitlistLitter', 'puppy'] as const;
const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

const answersOf = (a: IApplication) => ({
  name: a.name,
  email: a.email,
  phone: a.phone ?? '',
  location: a.location,
  household: a.household,
  children: a.children ?? undefined,
  activity: a.activity ?? undefined,
  otherPets: a.otherPets,
  allergies: a.allergies,
  allergyDetails: a.allergyDetails ?? undefined,
  homeType: a.homeType,
  ownership: a.ownership,
  yard: a.yard,
  fence: a.fence ?? undefined,
  hoursAlone: a.hoursAlone,
  experience: a.experience,
  experienceDetails: a.experienceDetails,
  size: a.size,
  gender: a.gender,
  color: a.color,
  timing: a.timing,
  litterId: a.litter?.id,
  heardAbout: a.heardAbout,
  notes: a.notes,
});

async function toAdminDtos(em: EntityManager, apps: IApplication[]): Promise<ApplicationAdminDto[]> {
  const events = await timelines(
    em,
    apps.map((a) => a.id),
  );
  const ledger = await ledgerDeposits(em, userIdsOf(apps));
  return apps.map((a) => ({
    id: a.id,
    status: a.status,
    answers: answersOf(a),
    username: a.user?.username ?? null,
    litterName: a.litter?.name ?? null,
    notes: a.adminNotes,
    readAt: a.readAt ? a.readAt.toISOString() : null,
    createdAt: a.createdAt.toISOString(),
    waitlist:
      a.waitlistPosition != null && a.waitlistPosition > 0
        ? { litterId: a.waitlistLitter?.id ?? null, litterName: a.waitlistLitter?.name ?? null, position: a.waitlistPosition }
        : null,
    deposit: depositOf(a, ledger),
    puppy: a.puppy ? { id: a.puppy.id, name: a.puppy.name } : null,
    timeline: (events.get(a.id) ?? []).map((e) => ({
      ...toTimelineEntry(e),
      actorName: e.actor ? e.actor.displayName?.trim() || e.actor.username : null,
    })),
  }));
}

function filterOf(input: Omit<ListInput, 'page'>) {
  const where: Record<string, unknown> = {};
  if (input.status) where.status = input.status;
  if (input.search) {
    Object.assign(where, searchAny(input.search, ['name', 'location'], [['email', 'email']]));
  }
  return where;
}

export async function listApplications(em: EntityManager, input: ListInput): Promise<Page<ApplicationAdminDto>> {
  const { rows, ...page } = await keysetPage(em, Application, filterOf(input), NEWEST_FIRST_KEYS, input, { populate: POPULATE });
  return { ...page, items: await toAdminDtos(em, rows) };
}

/** Applications the breeder has not opened yet (beside the inbox count). */
export async function newApplicationCount(em: EntityManager): Promise<{ unread: number }> {
  return { unread: await em.count(Application, { readAt: null, anonymisedAt: null }) };
}

async function findApplication(em: EntityManager, id: number) {
  const app = await em.findOne(Application, { id }, { populate: POPULATE, refresh: true });
  if (!app) throw notFound('Application');
  return app;
}

export async function getApplication(em: EntityManager, id: number): Promise<ApplicationAdminDto> {
  const [dto] = await toAdminDtos(em, [await findApplication(em, id)]);
  return dto!;
}

/** Opening an application marks it read (the first time is kept). */
export async function openApplication(em: EntityManager, id: number): Promise<ApplicationAdminDto> {
  const app = await findApplication(em, id);
  if (!app.readAt) {
    app.readAt = new Date();
    await em.flush();
  }
  return getApplication(em, id);
}

export async function setApplicationNotes(em: EntityManager, input: z.output<typeof NotesSchema>): Promise<ApplicationAdminDto> {
  const app = await findApplication(em, input.id);
  app.adminNotes = input.notes;
  await em.flush();
  return getApplication(em, input.id);
}

async function litterOrNull(em: EntityManager, litterId: number | null) {
  if (litterId === null) return null;
  const litter = await em.findOne(Litter, { id: litterId });
  if (!litter) throw new AppError('BAD_REQUEST', 'That litter does not exist.', { litterId: ['That litter does not exist.'] });
  return litter;
}

export async function changeStatus(em: EntityManager, actor: SessionUser, input: z.output<typeof StatusChangeSchema>, services: Mail) {
  await em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const app = await findApplication(tx, input.id);
    if (app.anonymisedAt) throw new AppError('CONFLICT', 'This family deleted its account.');
    if (!canBreederMove(app.status, input.status)) throw new AppError('CONFLICT', transitionRefused(app.status, input.status));
    const litter = input.status === 'waitlisted' ? await litterOrNull(tx, input.litterId) : null;
    const leaving = app.status === 'waitlisted';
    app.status = input.status;
    app.readAt ??= new Date();
    recordEvent(tx, app, input.status, actor, input.message || null);
    await tx.flush();
    if (input.status === 'waitlisted') await joinList(tx, app.id, litter?.id ?? null);
    if (leaving) await leaveList(tx, app.id);
    const position = input.status === 'waitlisted' ? (await listIds(tx, litter?.id ?? null)).length : 0;
    const extra = input.status === 'waitlisted' ? `You are ${waitlistPhrase(position, litter?.name ?? null)}.` : undefined;
    await queueFamilyMail(
      tx,
      services,
      app,
      statusMail(app, input.status, input.message || null, services.env.appOrigin, extra, (await services.mail.breeder(tx)).name),
    );
    await tx.flush();
  });
  return getApplication(em.fork(), input.id);
}

export async function listWaitlist(em: EntityManager, litterId: number | null): Promise<WaitlistEntryDto[]> {
  const rows = await em.find(
    Application,
    { waitlistPosition: { $gt: 0 }, waitlistLitter: litterId },
    { orderBy: { waitlistPosition: 'asc' }, refresh: true },
  );
  const ledger = await ledgerDeposits(em, userIdsOf(rows));
  return rows.map((a) => ({
    id: a.id,
    position: a.waitlistPosition!,
    name: a.name,
    email: a.email,
    preferences: { size: a.size, gender: a.gender, color: a.color, timing: a.timing },
    deposit: depositOf(a, ledger),
    waitingSince: a.createdAt.toISOString(),
  }));
}

async function onWaitlist(em: EntityManager, id: number) {
  const app = await em.findOne(Application, { id }, { refresh: true });
  if (!app) throw notFound('Application');
  if (app.status !== 'waitlisted' || app.waitlistPosition == null) throw new AppError('CONFLICT', 'This family is not on the waitlist.');
  return app;
}

export async function reorderWaitlist(em: EntityManager, input: z.output<typeof ReorderSchema>) {
  const litterId = await em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const app = await onWaitlist(tx, input.id);
    const litter = app.waitlistLitter ? (typeof app.waitlistLitter === 'number' ? app.waitlistLitter : app.waitlistLitter.id) : null;
    await moveTo(tx, app.id, litter, input.position);
    return litter;
  });
  return listWaitlist(em.fork(), litterId);
}

export async function moveToList(em: EntityManager, input: z.output<typeof MoveListSchema>) {
  await em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const app = await onWaitlist(tx, input.id);
    await litterOrNull(tx, input.litterId);
    await joinList(tx, app.id, input.litterId);
  });
  return listWaitlist(em.fork(), input.litterId);
}

export async function setDeposit(em: EntityManager, input: z.output<typeof DepositSchema>): Promise<ApplicationAdminDto> {
  const app = await findApplication(em, input.id);
  if (!['approved', 'waitlisted', 'matched'].includes(app.status)) {
    throw new AppError('CONFLICT', 'A deposit is recorded for an approved family.');
  }
  Object.assign(app, {
    depositAmount: input.amount,
    depositReceivedOn: input.receivedOn,
    depositMethod: input.method,
    depositNonRefundable: input.nonRefundable,
    depositNotes: input.notes,
    depositRefundedOn: input.refundedOn,
    depositRefundAmount: input.refundAmount,
  });
  await em.flush();
  return getApplication(em, input.id);
}

/** The puppy becomes reserved for the family's account; the family leaves the waitlist. */
export async function matchPuppy(em: EntityManager, actor: SessionUser, input: z.output<typeof MatchSchema>, services: Mail) {
  await em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const app = await onWaitlist(tx, input.id);
    if (!app.user) throw new AppError('CONFLICT', 'This family deleted its account.');
    const puppy = await tx.findOne(Puppy, { id: input.puppyId });
    if (!puppy) throw new AppError('BAD_REQUEST', 'That puppy does not exist.', { puppyId: ['That puppy does not exist.'] });
    if (puppy.status !== 'available') {
      throw new AppError('CONFLICT', `${puppy.name} is already ${puppy.status}.`, {
        puppyId: [`${puppy.name} is already ${puppy.status}.`],
      });
    }
    puppy.status = 'reserved';
    puppy.family = app.user;
    app.puppy = puppy;
    app.status = 'matched';
    recordEvent(tx, app, 'matched', actor, input.message || null);
    await queueFamilyMail(
      tx,
      services,
      app,
      statusMail(
        app,
        'matched',
        input.message || null,
        services.env.appOrigin,
        `Your puppy: ${puppy.name}.`,
        (await services.mail.breeder(tx)).name,
      ),
    );
    await tx.flush();
    await leaveList(tx, app.id);
  });
  return getApplication(em.fork(), input.id);
}

export const APPLICATION_CSV_COLUMNS = [
  'id',
  'received',
  'status',
  'name',
  'email',
  'phone',
  'location',
  'household',
  'other pets',
  'allergies',
  'allergy details',
  'home',
  'own or rent',
  'yard',
  'fence',
  'hours alone',
  'experience',
  'experience details',
  'size',
  'gender',
  'colour',
  'timing',
  'litter',
  'heard about us',
  'anything else',
  'waitlist',
  'deposit',
  'deposit received',
  'puppy',
  'private notes',
  'children at home',
  'household pace',
];

/** Every application matching the filters, newest first, as CSV safe to open in a spreadsheet, streamed a batch at a time (issue 35). */
export function applicationsCsv(em: EntityManager, input: Omit<ListInput, 'page'>, batch?: number): Readable {
  const filter = filterOf(input);
  return csvStream(
    APPLICATION_CSV_COLUMNS,
    (last: IApplication | null, limit) =>
      em.fork().find(Application, { $and: [filter, olderThan(last)] }, { orderBy: NEWEST_FIRST, populate: POPULATE, limit }),
    (a) => [
      a.id,
      a.createdAt.toISOString(),
      a.status,
      a.name,
      a.email,
      a.phone ?? '',
      a.location,
      a.household,
      a.otherPets,
      a.allergies,
      a.allergyDetails ?? '',
      a.homeType,
      a.ownership,
      a.yard,
      a.fence ?? '',
      a.hoursAlone,
      a.experience,
      a.experienceDetails,
      a.size,
      a.gender,
      a.color,
      a.timing,
      a.litter?.name ?? '',
      a.heardAbout,
      a.notes,
      a.waitlistPosition ? waitlistPhrase(a.waitlistPosition, a.waitlistLitter?.name ?? null) : '',
      a.depositAmount ?? '',
      a.depositReceivedOn ?? '',
      a.puppy?.name ?? '',
      a.adminNotes,
      a.children ?? '',
      a.activity ?? '',
    ],
    batch,
  );
}
