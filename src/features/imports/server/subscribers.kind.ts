// Newsletter subscribers from a list kept elsewhere (Mailchimp's export, a spreadsheet). The address is the key. An
// address is imported as confirmed only when the file says it opted in (with when and how, as the file says);
// an address the file says left the list (unsubscribed, or cleaned after bounces) is kept as unsubscribed and gets
// nothing, here too; every other address is pending and gets the confirmation e-mail, in the newsletter lane. An
// address that unsubscribed here stays unsubscribed, whatever the file says.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Subscriber, type ISubscriber } from '../../subscribers/server/subscriber.entity.ts';
import { queueConfirmations } from '../../subscribers/server/subscribers.reads.ts';
import { cell, changedFields, markDuplicates, RowCheck, snapshot, type ImportKindHandler, type Planned, type RowIn } from './kind.ts';
import { readEmail, readInstant, readText, readYesNo } from './import-values.ts';

interface SubscriberRow {
  email: string;
  name: string | null;
  optedIn: boolean;
  /** The file says this address left the list: it is never written to. */
  left: boolean;
  consentAt: Date | null;
  consentSource: string | null;
  existing: ISubscriber | null;
}

export const SUBSCRIBER_FIELDS = ['email', 'name', 'status', 'confirmedAt', 'consentSource'] as const;

function parse(row: RowIn): Planned<SubscriberRow> & { key: string | null } {
  const check = new RowCheck(row.line);
  const email = check.take('email', readEmail(cell(row, 'email')));
  const name = check.take('name', readText(cell(row, 'name'), 100, 'The name'));
  const left = LEFT_LIST.has(cell(row, 'optedIn').toLowerCase());
  const optedIn = left ? false : (check.take('optedIn', readYesNo(cell(row, 'optedIn'))) ?? false);
  const consentText = cell(row, 'consentDate');
  const consentAt = consentText ? (check.take('consentDate', readInstant(consentText)) ?? null) : null;
  const consentSource = check.take('consentSource', readText(cell(row, 'consentSource'), 200, 'How they consented'));
  const value =
    email !== undefined && name !== undefined && consentSource !== undefined
      ? { email, name: name || null, optedIn, left, consentAt, consentSource: consentSource || null, existing: null }
      : undefined;
  return { line: row.line, key: email ?? null, errors: check.errors, shown: {}, ...(value ? { value } : {}) };
}

/** What the opted-in column says of an address that left the list (this site's export, Mailchimp's statuses). */
const LEFT_LIST = new Set(['unsubscribed', 'unsubscribe', 'opted out', 'optedout', 'opt-out', 'cleaned', 'left']);

function target(v: SubscriberRow, now: Date) {
  const e = v.existing;
  if (e?.status === 'unsubscribed') return null;
  if (v.left)
    return {
      email: v.email,
      name: v.name ?? e?.name ?? null,
      status: 'unsubscribed' as const,
      confirmedAt: e?.confirmedAt ?? v.consentAt ?? null,
      consentSource: v.consentSource ?? e?.consentSource ?? null,
    };
  const active = v.optedIn || e?.status === 'active';
  return {
    email: v.email,
    name: v.name ?? e?.name ?? null,
    status: active ? ('active' as const) : ('pending' as const),
    confirmedAt: active ? (e?.status === 'active' ? e.confirmedAt : (v.consentAt ?? now)) : null,
    consentSource: v.consentSource ?? e?.consentSource ?? null,
  };
}

export const subscribersKind: ImportKindHandler<SubscriberRow> = {
  async plan(em: EntityManager, rows: RowIn[]) {
    const planned = rows.map(parse);
    markDuplicates(
      planned,
      (p) => p.key,
      'email',
      (k) => `The address ${k}`,
    );
    const emails = planned.flatMap((p) => (p.value ? [p.value.email] : []));
    const existing = new Map<string, ISubscriber>();
    for (let i = 0; i < emails.length; i += 1000) {
      for (const s of await em.find(Subscriber, { email: { $in: emails.slice(i, i + 1000) } })) existing.set(s.email, s);
    }
    const now = new Date();
    for (const p of planned) {
      if (!p.value) continue;
      p.value.existing = existing.get(p.value.email) ?? null;
      const t = target(p.value, now);
      if (!t) {
        p.action = 'skip';
        p.errors.push({ row: p.line, field: 'email', message: `${p.value.email} unsubscribed here, so it stays unsubscribed.` });
        continue;
      }
      const e = p.value.existing;
      const changed = e
        ? changedFields(snapshot(e, SUBSCRIBER_FIELDS), snapshot(t, SUBSCRIBER_FIELDS)).filter((f) => f !== 'confirmedAt')
        : [];
      p.action = !e ? 'create' : changed.length ? 'update' : 'unchanged';
      p.shown = {
        email: t.email,
        name: t.name ?? '',
        optedIn:
          t.status === 'active'
            ? 'confirmed'
            : t.status === 'unsubscribed'
              ? 'unsubscribed: gets no e-mail'
              : 'gets the confirmation e-mail',
        consentDate: t.confirmedAt ? t.confirmedAt.toISOString().slice(0, 10) : '',
        consentSource: t.consentSource ?? '',
      };
    }
    return planned;
  },

  async write(ctx, rows) {
    const now = new Date();
    const confirmations: Array<{ email: string; name: string | null; pendingSince: Date }> = [];
    const written: Array<{ row: ISubscriber; before: Record<string, unknown> | null }> = [];
    for (const p of rows) {
      const v = p.value!;
      const t = target(v, now)!;
      if (v.existing) {
        const before = snapshot(v.existing, SUBSCRIBER_FIELDS);
        Object.assign(v.existing, t);
        if (t.status !== 'pending') v.existing.pendingSince = null;
        written.push({ row: v.existing, before });
      } else {
        const row = ctx.em.create(Subscriber, {
          ...t,
          unsubscribeToken: randomBytes(32).toString('base64url'),
          pendingSince: t.status === 'pending' ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        if (t.status === 'pending') confirmations.push({ email: t.email, name: t.name, pendingSince: now });
        written.push({ row, before: null });
      }
    }
    await queueConfirmations(ctx.em, ctx.services, confirmations);
    await ctx.em.flush();
    for (const w of written) {
      ctx.record('Subscriber', w.row.id, w.before ? 'updated' : 'created', snapshot(w.row, SUBSCRIBER_FIELDS), w.before ?? undefined);
    }
    ctx.progress(rows.length);
  },
};
