// A family's side of applications: submit (once per key), read its own, save a draft, withdraw; the
// e-mails every change sends; and anonymising a deleted account's applications.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import { AppError, notFound } from '../../../lib/server/errors.ts';
import type { AppServices, SessionUser } from '../../../lib/server/trpc.ts';
import { escapeHtml, oneLine, textToHtml } from '../../../lib/server/mail.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { familyMailAddress, User } from '../../auth/server/user.entity.ts';
import { verificationMail } from '../../../lib/server/email-verification.ts';
import { VERIFY_LINK_DAYS } from '../../auth/auth.schema.ts';
import { depositOf, ledgerDeposits } from './ledger-deposits.ts';
import { Application, ApplicationDraft, ApplicationEvent, type IApplication } from './application.entity.ts';
import { leaveList, lockWaitlists } from './waitlist-places.ts';
import {
  APPLICATION_MESSAGES,
  APPLICATION_STATUS_LABELS,
  MAX_APPLICATIONS_PER_DAY,
  MAX_OPEN_APPLICATIONS,
  WITHDRAWABLE,
  transitionRefused,
  waitlistPhrase,
  type ApplicationStatus,
  type ApplicationSubmitSchema,
  type DraftSchema,
  type DraftValues,
  type MyApplicationDto,
  type TimelineEntryDto,
  type WithdrawSchema,
} from '../applications.schema.ts';

type Mail = Pick<AppServices, 'mail' | 'env' | 'push'>;

/** Loads the timeline of these applications, oldest change first. */
export async function timelines(em: EntityManager, ids: number[]) {
  const events = ids.length
    ? await em.find(ApplicationEvent, { application: { $in: ids } }, { orderBy: { at: 'asc', id: 'asc' }, populate: ['actor'] })
    : [];
  const byApp = new Map<number, (typeof events)[number][]>();
  for (const e of events) {
    const key = typeof e.application === 'number' ? e.application : e.application.id;
    byApp.set(key, [...(byApp.get(key) ?? []), e]);
  }
  return byApp;
}

export const toTimelineEntry = (e: InstanceType<typeof ApplicationEvent.class>): TimelineEntryDto => ({
  at: e.at.toISOString(),
  status: e.status,
  by: e.byRole,
  message: e.message ?? null,
});

/** Records a change of status on the timeline (flushed with the caller's next flush). */
export function recordEvent(em: EntityManager, app: IApplication, status: ApplicationStatus, actor: SessionUser, message: string | null) {
  em.create(ApplicationEvent, {
    application: app,
    at: new Date(),
    actor: actor.id,
    byRole: actor.isAdmin ? 'breeder' : 'family',
    status,
    message: message || null,
  });
}

/**
 * The family's e-mail about a change of status, with the breeder's message when one was given (no recipient: see
 * queueFamilyMail). It ends with a button to where the family follows it (My Family once matched with a puppy,
 * the questionnaire before) and the breeder's sign-off.
 */
export function statusMail(
  app: IApplication,
  status: ApplicationStatus,
  message: string | null,
  appOrigin: string,
  extra: string | undefined,
  from: string,
) {
  const matched = status === 'matched';
  const link = matched
    ? { href: `${appOrigin}/account`, label: 'Open My Family' }
    : { href: `${appOrigin}/questionnaire`, label: 'See your application' };
  const body = [
    `Hello ${app.name},`,
    STATUS_SENTENCES[status],
    ...(extra ? [extra] : []),
    ...(message ? [`A message from us:\n${message}`] : []),
  ].join('\n\n');
  const follow = matched
    ? 'Your puppy, its updates and its go-home day are in My Family'
    : 'You can follow your application on our site (signed in)';
  const signOff = `Warm regards,\n${from}`;
  const text = `${body}\n\n${follow}: ${link.href}\n\n${signOff}`;
  const button = `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#7a4a24;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(link.label)}</a></p>`;
  const html = `${textToHtml(body)}\n<p>${escapeHtml(follow)}:</p>\n${button}\n${textToHtml(signOff)}`;
  return { subject: `Your puppy application: ${APPLICATION_STATUS_LABELS[status]}`, text, html };
}

const userIdOf = (app: IApplication) => (app.user == null ? null : typeof app.user === 'number' ? app.user : app.user.id);

/**
 * Queues an application's e-mail to the family: to the account's VERIFIED address, never to the address typed into
 * the questionnaire (issue 28: a form must not mail whatever address it is given). No verified address: nothing is sent.
 */
export async function queueFamilyMail(
  em: EntityManager,
  services: Pick<AppServices, 'mail'>,
  app: IApplication,
  mail: ReturnType<typeof statusMail>,
): Promise<boolean> {
  const to = await familyMailAddress(em, userIdOf(app));
  if (!to) return false;
  services.mail.enqueue(em, { lane: 'notification', to, ...mail });
  return true;
}

const STATUS_SENTENCES: Record<ApplicationStatus, string> = {
  submitted: 'Thank you for your application. We have received it and will read it carefully; we usually reply within a few days.',
  in_review: 'We are reviewing your application now.',
  approved: 'Good news: your application is approved. A $500 non-refundable deposit reserves your place on our waitlist.',
  declined: 'After careful thought we are not able to offer you a puppy at this time.',
  waitlisted: 'You are on our waitlist.',
  matched: 'You have been matched with a puppy!',
  withdrawn: 'Your application is withdrawn. You are welcome to apply again at any time.',
};

const SUBMIT_FIELDS = [
  'name',
  'email',
  'phone',
  'location',
  'household',
  'children',
  'activity',
  'otherPets',
  'allergies',
  'allergyDetails',
  'homeType',
  'ownership',
  'yard',
  'fence',
  'hoursAlone',
  'experience',
  'experienceDetails',
  'size',
  'gender',
  'color',
  'timing',
  'heardAbout',
  'notes',
] as const;

export async function submitApplication(
  em: EntityManager,
  user: SessionUser,
  input: z.output<typeof ApplicationSubmitSchema>,
  services: Mail,
): Promise<{ id: number; status: ApplicationStatus }> {
  const existing = await em.findOne(Application, { user: user.id, idempotencyKey: input.idempotencyKey });
  if (existing) return { id: existing.id, status: existing.status };
  // Per-account caps (issue 28): a few open applications at once, a few filed a day.
  const open = await em.count(Application, { user: user.id, status: { $in: [...WITHDRAWABLE] } });
  if (open >= MAX_OPEN_APPLICATIONS) throw new AppError('CONFLICT', APPLICATION_MESSAGES.tooManyOpen);
  const filedToday = await em.count(Application, { user: user.id, createdAt: { $gt: new Date(Date.now() - 86_400_000) } });
  if (filedToday >= MAX_APPLICATIONS_PER_DAY) throw new AppError('TOO_MANY_REQUESTS', APPLICATION_MESSAGES.tooManyToday);
  let litter = null;
  if (input.litterId !== undefined) {
    litter = await em.findOne(Litter, { id: input.litterId, active: true });
    if (!litter) throw new AppError('BAD_REQUEST', APPLICATION_MESSAGES.unknownLitter, { litterId: [APPLICATION_MESSAGES.unknownLitter] });
  }
  const breeder = await services.mail.breeder(em);
  const answers = Object.fromEntries(SUBMIT_FIELDS.map((k) => [k, input[k] ?? null])) as Record<(typeof SUBMIT_FIELDS)[number], never>;
  const now = new Date();
  const app = em.create(Application, {
    ...answers,
    otherPets: input.otherPets,
    notes: input.notes,
    phone: input.phone || null,
    user: user.id,
    idempotencyKey: input.idempotencyKey,
    status: 'submitted',
    litter,
    createdAt: now,
    updatedAt: now,
  });
  recordEvent(em, app, 'submitted', user, null);
  const draft = await em.findOne(ApplicationDraft, { user: user.id });
  if (draft) em.remove(draft);
  // The questionnaire's name and address fill the account where it has none (decision 108): the address waits,
  // pending, for its verification link, which is the only e-mail it gets until then.
  const account = await em.findOne(User, user.id);
  if (account && !account.displayName) account.displayName = input.name;
  if (account && !account.email && !account.pendingEmail) {
    account.pendingEmail = input.email;
    em.persist(account);
    services.mail.enqueue(
      em,
      await verificationMail(em, {
        userId: account.id,
        email: input.email,
        siteName: breeder.name,
        appOrigin: services.env.appOrigin,
        validDays: VERIFY_LINK_DAYS,
      }),
    );
  }
  if (account?.email) {
    services.mail.enqueue(em, {
      lane: 'notification',
      to: account.email,
      ...statusMail(
        app,
        'submitted',
        null,
        services.env.appOrigin,
        litter ? `You applied for the ${litter.name}.` : undefined,
        breeder.name,
      ),
    });
  }
  // The breeder's notice names the family and links to the dashboard; the answers stay in the dashboard.
  const notice = [
    `${input.name} (${input.location}) sent the Family Questionnaire${litter ? ` for the ${litter.name}` : ''}.`,
    `Read it in the dashboard: ${services.env.appOrigin}/admin/applications`,
  ].join('\n\n');
  services.mail.enqueue(em, {
    lane: 'notification',
    digest: 'application',
    to: breeder.email,
    replyTo: account?.email ?? input.email,
    subject: `New application from ${oneLine(input.name)}`,
    text: notice,
    html: textToHtml(notice),
  });
  try {
    await em.flush();
  } catch (error) {
    // Two submits with one key at once: the other one stored it.
    if (!(error instanceof UniqueConstraintViolationException)) throw error;
    const fork = em.fork();
    const first = await fork.findOneOrFail(Application, { user: user.id, idempotencyKey: input.idempotencyKey });
    return { id: first.id, status: first.status };
  }
  // The breeder's devices that chose it hear of it at once (a title and a link only).
  services.push.notify(
    em,
    'application',
    { title: `New application from ${oneLine(input.name)}`, url: `/admin/applications?edit=${app.id}` },
    { breeder: true },
  );
  return { id: app.id, status: app.status };
}

/** The deposit as the family reads it (without the breeder's notes or the method). */
const familyDeposit = (d: ReturnType<typeof depositOf>) =>
  d
    ? { amount: d.amount, receivedOn: d.receivedOn, nonRefundable: d.nonRefundable, refundedOn: d.refundedOn, refundAmount: d.refundAmount }
    : null;

export async function myApplications(em: EntityManager, user: SessionUser): Promise<MyApplicationDto[]> {
  const apps = await em.find(
    Application,
    { user: user.id },
    { orderBy: { createdAt: 'desc', id: 'desc' }, populate: ['litter', 'waitlistLitter', 'puppy'] },
  );
  const events = await timelines(
    em,
    apps.map((a) => a.id),
  );
  // The deposit as the payments ledger has it (decision 141), else as recorded on the application before.
  const ledger = await ledgerDeposits(em, [user.id]);
  return apps.map((a) => ({
    id: a.id,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    litterName: a.litter?.name ?? null,
    waitlist:
      a.waitlistPosition != null && a.waitlistPosition > 0
        ? { position: a.waitlistPosition, litterName: a.waitlistLitter?.name ?? null }
        : null,
    puppyName: a.puppy?.name ?? null,
    deposit: familyDeposit(depositOf(a, ledger)),
    timeline: (events.get(a.id) ?? []).map(toTimelineEntry),
  }));
}

export async function getDraft(em: EntityManager, user: SessionUser): Promise<{ values: DraftValues | null; updatedAt: string | null }> {
  const draft = await em.findOne(ApplicationDraft, { user: user.id });
  return { values: draft ? (draft.values as DraftValues) : null, updatedAt: draft ? draft.updatedAt.toISOString() : null };
}

export async function saveDraft(em: EntityManager, user: SessionUser, input: z.output<typeof DraftSchema>): Promise<{ updatedAt: string }> {
  const values = Object.fromEntries(Object.entries(input.values).filter(([k]) => k !== 'website')) as Record<string, string>;
  const now = new Date();
  await em.upsert(ApplicationDraft, { user: user.id, values, updatedAt: now });
  return { updatedAt: now.toISOString() };
}

export async function withdrawApplication(em: EntityManager, user: SessionUser, input: z.output<typeof WithdrawSchema>, services: Mail) {
  await em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const app = await tx.findOne(Application, { id: input.id, user: user.id });
    if (!app) throw notFound('Application');
    if (!WITHDRAWABLE.includes(app.status)) throw new AppError('CONFLICT', transitionRefused(app.status, 'withdrawn'));
    app.status = 'withdrawn';
    recordEvent(tx, app, 'withdrawn', user, input.message || null);
    const breeder = await services.mail.breeder(tx);
    await queueFamilyMail(tx, services, app, statusMail(app, 'withdrawn', null, services.env.appOrigin, undefined, breeder.name));
    const text = `${app.name} withdrew their application.${input.message ? `\n\nTheir message:\n${input.message}` : ''}`;
    services.mail.enqueue(tx, {
      lane: 'notification',
      digest: 'application-withdrawn',
      to: breeder.email,
      subject: `Application withdrawn: ${oneLine(app.name)}`,
      text,
      html: textToHtml(text),
    });
    await tx.flush();
    await leaveList(tx, app.id);
  });
  return { ok: true as const };
}

/**
 * For account deletion: the user's applications lose every answer that identifies the family, leave
 * any waitlist, and keep their timeline (when and what changed) for the breeder's records.
 */
export async function anonymiseApplicationsOf(em: EntityManager, userId: number): Promise<{ anonymised: number }> {
  return em.transactional(async (tx) => {
    await lockWaitlists(tx);
    const apps = await tx.find(Application, { user: userId });
    const now = new Date();
    for (const app of apps) {
      if (WITHDRAWABLE.includes(app.status)) {
        app.status = 'withdrawn';
        tx.create(ApplicationEvent, {
          application: app,
          at: now,
          actor: null,
          byRole: 'family',
          status: 'withdrawn',
          message: 'Account deleted.',
        });
      }
      Object.assign(app, {
        name: 'Deleted family',
        email: '',
        phone: null,
        location: '',
        household: '',
        otherPets: '',
        allergyDetails: null,
        experienceDetails: '',
        notes: '',
        user: null,
        anonymisedAt: now,
      });
    }
    const draft = await tx.findOne(ApplicationDraft, { user: userId });
    if (draft) tx.remove(draft);
    await tx.flush();
    for (const app of apps) await leaveList(tx, app.id);
    return { anonymised: apps.length };
  });
}

/** The signed-in account, for its display name. */
export { waitlistPhrase };
