// Families and the waitlist from the breeder's spreadsheet. The e-mail address is the key. A family is an account
// (made without a password: the breeder sets one from Users when the family asks; its address is kept unverified, so
// the site writes to it only once the family proves it, decision 108) with a waitlisted application holding its
// preferences and place; a deposit paid before the site becomes the first payment in the payments ledger, with its
// receipt (decision 141's ledger), never e-mailed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '../../auth/server/user.entity.ts';
import { USERNAME_MAX } from '../../auth/auth.schema.ts';
import { Application, ApplicationEvent, type IApplication } from '../../applications/server/application.entity.ts';
import { COLOR_CHOICES, GENDER_CHOICES } from '../../applications/applications.schema.ts';
import { placeOnWaitlists, type WaitlistPlacement } from '../../applications/server/applications.reads.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Payment } from '../../payments/server/payments.entity.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../payments/payments.schema.ts';
import { recordImportedPayment } from '../../payments/server/payments.reads.ts';
import { cell, changedFields, markDuplicates, RowCheck, snapshot, type ImportKindHandler, type Planned, type RowIn } from './kind.ts';
import { readCents, readChoice, readDay, readEmail, readText } from './import-values.ts';

type Gender = keyof typeof GENDER_CHOICES;
type Color = keyof typeof COLOR_CHOICES;

interface FamilyRow {
  name: string;
  email: string;
  phone: string | null;
  litterId: number | null;
  litterName: string | null;
  place: number | null;
  gender: Gender;
  color: Color;
  deposit: { cents: number; paidOn: string; method: PaymentMethod } | null;
  notes: string;
  user: IUser | null;
  application: IApplication | null;
  /** The deposit goes into the ledger (it has nothing for this family yet). */
  newDeposit: boolean;
}

export const USER_FIELDS = ['username', 'displayName', 'email', 'pendingEmail'] as const;
export const APPLICATION_FIELDS = ['name', 'email', 'phone', 'status', 'gender', 'color', 'waitlistLitter', 'notes'] as const;

const GENDER_WORDS: Record<string, Gender> = {
  f: 'female',
  girl: 'female',
  m: 'male',
  boy: 'male',
  either: 'any',
  none: 'any',
  noPreference: 'any',
};
const COLOR_WORDS: Record<string, Color> = {
  either: 'any',
  none: 'any',
  merle: 'parti',
  parti: 'parti',
  brown: 'chocolate',
  white: 'cream',
};
const METHOD_WORDS: Record<string, PaymentMethod> = {
  cheque: 'check',
  venmo: 'payment-link',
  zelle: 'bank-transfer',
  paypal: 'payment-link',
  wire: 'bank-transfer',
  transfer: 'bank-transfer',
  creditcard: 'card',
};

const formatCents = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function parse(row: RowIn, litters: Map<string, { id: number; name: string }>): Planned<FamilyRow> & { key: string | null } {
  const c = new RowCheck(row.line);
  const name = c.take('name', readText(cell(row, 'name'), 100, 'The name'));
  if (name === '') c.fail('name', 'The name is missing.');
  const email = c.take('email', readEmail(cell(row, 'email')));
  const phone = c.take('phone', readText(cell(row, 'phone'), 30, 'The phone number'));
  const litterText = cell(row, 'litter');
  const general = !litterText || /^(general|any|none|-)$/i.test(litterText);
  const litter = general ? null : litters.get(litterText.toLowerCase());
  if (!general && !litter)
    c.fail('litter', `Unknown litter “${litterText}”: add the litter first, or leave it empty for the general waitlist.`);
  const placeText = cell(row, 'place').replace(/^#/, '');
  let place: number | null = null;
  if (placeText) {
    if (!/^\d{1,6}$/.test(placeText) || Number(placeText) < 1)
      c.fail('place', `“${cell(row, 'place')}” is not a place on the waitlist (1, 2, 3…).`);
    else place = Number(placeText);
  }
  const genderText = cell(row, 'gender');
  const gender = genderText ? c.take('gender', readChoice(genderText, GENDER_CHOICES, 'sex preference', GENDER_WORDS)) : 'any';
  const colorText = cell(row, 'color');
  const color = colorText ? c.take('color', readChoice(colorText, COLOR_CHOICES, 'colour preference', COLOR_WORDS)) : 'any';
  const amountText = cell(row, 'depositAmount');
  const dateText = cell(row, 'depositDate');
  let deposit: FamilyRow['deposit'] = null;
  if (amountText && !/^(0|0\.00|\$0(\.00)?|-)$/.test(amountText)) {
    const cents = c.take('depositAmount', readCents(amountText));
    const paidOn = dateText
      ? c.take('depositDate', readDay(dateText))
      : (c.fail('depositDate', 'A deposit needs the date it was paid.'), undefined);
    const methodText = cell(row, 'depositMethod');
    const method = methodText
      ? c.take('depositMethod', readChoice(methodText, PAYMENT_METHOD_LABELS, 'payment method', METHOD_WORDS))
      : 'cash';
    if (cents !== undefined && paidOn !== undefined && method !== undefined) deposit = { cents, paidOn, method };
  } else if (dateText) {
    c.take('depositDate', readDay(dateText));
  }
  const notes = c.take('notes', readText(cell(row, 'notes'), 1000, 'The notes'));
  const value =
    c.errors.length === 0
      ? {
          name: name!,
          email: email!,
          phone: phone || null,
          litterId: litter?.id ?? null,
          litterName: litter?.name ?? null,
          place,
          gender: gender!,
          color: color!,
          deposit,
          notes: notes ?? '',
          user: null,
          application: null,
          newDeposit: false,
        }
      : undefined;
  return { line: row.line, key: email ?? null, errors: c.errors, shown: {}, ...(value ? { value } : {}) };
}

function applicationTarget(v: FamilyRow) {
  return {
    name: v.name,
    email: v.email,
    phone: v.phone ?? v.application?.phone ?? null,
    status: 'waitlisted' as const,
    gender: v.gender,
    color: v.color,
    waitlistLitter: v.litterId,
    notes: v.notes || v.application?.notes || '',
  };
}

function usernameBase(email: string): string {
  const local = email
    .split('@')[0]!
    .replace(/[^A-Za-z0-9._-]+/g, '')
    .slice(0, USERNAME_MAX - 4);
  return local.length >= 3 ? local : `family-${local}`.slice(0, USERNAME_MAX - 4);
}

async function freeUsernames(em: EntityManager, emails: readonly string[]): Promise<Map<string, string>> {
  const bases = emails.map(usernameBase);
  const taken = new Set<string>();
  for (let i = 0; i < bases.length; i += 1000) {
    const keys = bases.slice(i, i + 1000).flatMap((b) => [b.toLowerCase()]);
    for (const u of await em.find(User, { usernameKey: { $in: keys } }, { fields: ['usernameKey'] })) taken.add(u.usernameKey);
  }
  const out = new Map<string, string>();
  for (const [i, email] of emails.entries()) {
    const base = bases[i]!;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    // A suffixed name may itself exist: checked once more, one at a time (rare).
    while (name !== base && (await em.count(User, { usernameKey: name.toLowerCase() })) > 0)
      name = `${base}-${Math.floor(Math.random() * 9000) + 1000}`;
    taken.add(name.toLowerCase());
    out.set(email, name);
  }
  return out;
}

export const familiesKind: ImportKindHandler<FamilyRow> = {
  async plan(em: EntityManager, rows: RowIn[]) {
    const litters = new Map<string, { id: number; name: string }>();
    for (const l of await em.find(Litter, {}, { fields: ['id', 'name'] }))
      litters.set(l.name.trim().toLowerCase(), { id: l.id, name: l.name });
    const planned = rows.map((r) => parse(r, litters));
    markDuplicates(
      planned,
      (p) => p.key,
      'email',
      (k) => `The address ${k}`,
    );
    const emails = planned.flatMap((p) => (p.value && !p.errors.length ? [p.value.email] : []));
    const users = new Map<string, IUser>();
    const applications = new Map<string, IApplication>();
    const paid = new Map<number, Array<{ amountCents: number; paidOn: string }>>();
    for (let i = 0; i < emails.length; i += 1000) {
      const some = emails.slice(i, i + 1000);
      for (const u of await em.find(User, { $or: [{ email: { $in: some } }, { pendingEmail: { $in: some } }] })) {
        for (const address of [u.email, u.pendingEmail])
          if (address && !users.has(address.toLowerCase())) users.set(address.toLowerCase(), u);
      }
      for (const a of await em.find(
        Application,
        { email: { $in: some }, anonymisedAt: null },
        { orderBy: { createdAt: 'desc', id: 'desc' } },
      )) {
        if (!applications.has(a.email.toLowerCase())) applications.set(a.email.toLowerCase(), a);
      }
    }
    const userIds = [...new Set([...users.values()].map((u) => u.id))];
    for (let i = 0; i < userIds.length; i += 1000) {
      for (const p of await em.find(
        Payment,
        { family: { $in: userIds.slice(i, i + 1000) } },
        { fields: ['family', 'amountCents', 'paidOn'] },
      )) {
        paid.set(p.family!.id, [...(paid.get(p.family!.id) ?? []), { amountCents: p.amountCents, paidOn: p.paidOn }]);
      }
    }
    for (const p of planned) {
      if (!p.value || p.errors.length) continue;
      const v = p.value;
      v.user = users.get(v.email) ?? null;
      v.application = applications.get(v.email) ?? null;
      if (v.user?.isAdmin) {
        p.errors.push({ row: p.line, field: 'email', message: `${v.email} is the address of an administrator’s account.` });
        continue;
      }
      const a = v.application;
      if (a && (a.status === 'matched' || a.status === 'declined' || a.status === 'withdrawn')) {
        p.action = 'skip';
        p.errors.push({
          row: p.line,
          field: 'email',
          message: `${v.email}’s application is ${a.status} here, so it is not put back on the waitlist.`,
        });
        continue;
      }
      if (v.deposit) {
        const ledger = v.user ? (paid.get(v.user.id) ?? []) : [];
        const same = ledger.some((x) => x.amountCents === v.deposit!.cents && x.paidOn === v.deposit!.paidOn);
        if (!same && ledger.length) {
          p.errors.push({
            row: p.line,
            field: 'depositAmount',
            message: `The ledger already has a payment from ${v.email}; payments are never edited, so correct it under Payments with a refund.`,
          });
          continue;
        }
        v.newDeposit = !same;
      }
      let action: Planned<FamilyRow>['action'] = a || v.user ? 'unchanged' : 'create';
      if (a && changedFields(snapshot(a, APPLICATION_FIELDS), snapshot(applicationTarget(v), APPLICATION_FIELDS)).length) action = 'update';
      if (a && v.place !== null && a.waitlistPosition !== v.place) action = 'update';
      if (!a || v.newDeposit) action = action === 'create' ? 'create' : 'update';
      p.action = action;
      p.shown = {
        name: v.name,
        email: v.email,
        phone: v.phone ?? a?.phone ?? '',
        litter: v.litterName ?? 'General waitlist',
        place: v.place === null ? (a?.waitlistPosition ? String(a.waitlistPosition) : 'at the end') : String(v.place),
        gender: GENDER_CHOICES[v.gender],
        color: COLOR_CHOICES[v.color],
        depositAmount: v.deposit ? formatCents(v.deposit.cents) : '',
        depositDate: v.deposit?.paidOn ?? '',
        depositMethod: v.deposit ? PAYMENT_METHOD_LABELS[v.deposit.method] : '',
        notes: v.notes,
      };
    }
    return planned;
  },

  async write(ctx, rows) {
    const { em } = ctx;
    const now = new Date();
    const placements = (ctx.state.placements ??= []) as WaitlistPlacement[];
    // The records a row updates, read again into this unit of work (an earlier slice's may have been cleared).
    const appIds = rows.flatMap((p) => (p.value!.application ? [p.value!.application.id] : []));
    const userIds = rows.flatMap((p) => (p.value!.user ? [p.value!.user.id] : []));
    const apps = new Map((appIds.length ? await em.find(Application, { id: { $in: appIds } }) : []).map((a) => [a.id, a]));
    const users = new Map((userIds.length ? await em.find(User, { id: { $in: userIds } }) : []).map((u) => [u.id, u]));
    for (const p of rows) {
      const v = p.value!;
      if (v.application) v.application = apps.get(v.application.id) ?? null;
      if (v.user) v.user = users.get(v.user.id) ?? null;
    }
    const names = await freeUsernames(
      em,
      rows.filter((p) => !p.value!.user).map((p) => p.value!.email),
    );
    const created: Array<{ user?: IUser; application?: IApplication; appBefore?: Record<string, unknown>; event?: object; line: number }> =
      [];
    for (const p of rows) {
      const v = p.value!;
      const entry: (typeof created)[number] = { line: p.line };
      if (!v.user) {
        const username = names.get(v.email)!;
        v.user = em.create(User, {
          username,
          usernameKey: username.toLowerCase(),
          // No password can match this: the breeder sets one from Users when the family asks.
          passwordHash: '!imported',
          email: null,
          emailVerifiedAt: null,
          pendingEmail: v.email,
          displayName: v.name,
          isAdmin: false,
          createdAt: now,
        });
        entry.user = v.user;
      }
      const t = applicationTarget(v);
      const litter = t.waitlistLitter === null ? null : em.getReference(Litter, t.waitlistLitter);
      if (v.application) {
        const a = v.application;
        const before = {
          ...snapshot(a, APPLICATION_FIELDS),
          waitlistPosition: a.waitlistPosition,
          waitlistLitterBefore: a.waitlistLitter?.id ?? null,
        };
        const statusChanged = a.status !== 'waitlisted';
        const listChanged = (a.waitlistLitter?.id ?? null) !== t.waitlistLitter || a.waitlistPosition === null;
        Object.assign(a, { ...t, waitlistLitter: litter });
        if (!a.user) a.user = v.user;
        entry.appBefore = before;
        entry.application = a;
        if (statusChanged)
          entry.event = em.create(ApplicationEvent, {
            application: a,
            at: now,
            actor: null,
            byRole: 'breeder',
            status: 'waitlisted',
            message: `Imported from ${ctx.fileName}.`,
          });
        if (listChanged || v.place !== null) placements.push({ id: a.id, litterId: t.waitlistLitter, place: v.place });
      } else {
        const a = em.create(Application, {
          user: v.user,
          idempotencyKey: `import-${ctx.batchId}-${p.line}`,
          ...t,
          waitlistLitter: litter,
          location: '',
          household: '',
          otherPets: '',
          allergies: 'unsure',
          allergyDetails: null,
          homeType: 'other',
          ownership: 'own',
          yard: 'no',
          fence: null,
          hoursAlone: 'under2',
          experience: 'before',
          experienceDetails: '',
          size: 'any',
          timing: 'asap',
          heardAbout: 'other',
          litter: null,
          adminNotes: `Imported from ${ctx.fileName} on ${now.toISOString().slice(0, 10)}: the questionnaire was not answered here, so its answers are placeholders.`,
          readAt: now,
          waitlistPosition: null,
          depositNonRefundable: true,
          depositNotes: '',
          createdAt: now,
          updatedAt: now,
        });
        entry.application = a;
        entry.event = em.create(ApplicationEvent, {
          application: a,
          at: now,
          actor: null,
          byRole: 'breeder',
          status: 'waitlisted',
          message: `Imported from ${ctx.fileName}.`,
        });
      }
      created.push(entry);
    }
    await em.flush();
    const payments: Array<{ id: number; after: Record<string, unknown> }> = [];
    for (const [i, p] of rows.entries()) {
      const v = p.value!;
      const entry = created[i]!;
      if (!entry.appBefore) placements.push({ id: entry.application!.id, litterId: v.litterId, place: v.place });
      if (v.deposit && v.newDeposit) {
        const payment = await recordImportedPayment(em, ctx.services, {
          familyId: v.user!.id,
          familyName: v.name,
          familyEmail: null,
          amountCents: v.deposit.cents,
          paidOn: v.deposit.paidOn,
          method: v.deposit.method,
          reason: `Deposit, imported from ${ctx.fileName}`.slice(0, 300),
        });
        payments.push({ id: payment.id, after: { amountCents: payment.amountCents, paidOn: payment.paidOn, family: v.user!.id } });
      }
      if (i % 200 === 199) ctx.progress(i + 1);
    }
    await em.flush();
    for (const entry of created) {
      if (entry.user) ctx.record('User', entry.user.id, 'created', snapshot(entry.user, USER_FIELDS));
      const a = entry.application!;
      ctx.record('Application', a.id, entry.appBefore ? 'updated' : 'created', snapshot(a, APPLICATION_FIELDS), entry.appBefore);
      if (entry.event) ctx.record('ApplicationEvent', (entry.event as { id: number }).id, 'created', {});
    }
    for (const pay of payments) ctx.record('Payment', pay.id, 'created', pay.after);
    ctx.progress(rows.length);
  },

  clearsBetweenSlices: true,

  async finish(ctx) {
    await placeOnWaitlists(ctx.em, (ctx.state.placements ?? []) as WaitlistPlacement[]);
  },
};
