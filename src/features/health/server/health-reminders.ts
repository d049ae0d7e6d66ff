// Reminder e-mails to families: a week before each item recommended after go-home (the first vaccination…), once per
// puppy, item and date, to the family's verified address, unless the family turned them off.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailOutbox } from '../../../lib/server/mail.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';
import { addDays, dueItems } from '../due.ts';
import { REMINDER_SUBJECT } from '../health.schema.ts';
import { accountsByIds } from '../../auth/server/auth.reads.ts';
import { littersByIds } from '../../dogs/server/dogs.reads.ts';
import { pickupsUpTo } from '../../portal/server/portal.reads.ts';
import { puppiesByIds } from '../../puppies/server/puppies.reads.ts';
import { HealthReminder } from './health.entity.ts';
import { doneByPuppy, todayUtc } from './health.service.ts';
import { plansForLitters } from './protocols.service.ts';
import { formatDay } from '../../../lib/shared/format.ts';

export const REMIND_DAYS_BEFORE = 7;

interface HomePuppy {
  id: number;
  name: string;
  litter_id: number;
  birth_date: string;
  email: string;
  greeting: string;
}

/**
 * Puppies home (their pickup has come) with a family that has a verified address (users.email holds only verified
 * ones, decision 108) and has not turned reminders off, from a litter with a birth date: by id, at most 1000.
 */
async function homePuppies(em: EntityManager, now: Date): Promise<HomePuppy[]> {
  const home = await pickupsUpTo(em, now);
  const puppies = (
    await puppiesByIds(
      em,
      home.map((k) => k.puppyId),
    )
  ).filter((p) => p.familyId !== null && p.litterId !== null);
  const litters = new Map((await littersByIds(em, [...new Set(puppies.map((p) => p.litterId!))])).map((l) => [l.id, l]));
  const families = await accountsByIds(em, [...new Set(puppies.map((p) => p.familyId!))]);
  const familyIds = [...families.keys()];
  const off = familyIds.length
    ? await em.execute<{ family_id: number }[]>(
        `select "family_id" from "health_family_prefs" where not "reminders_enabled" and "family_id" in (${familyIds.map(() => '?').join(', ')})`,
        familyIds,
      )
    : [];
  const quiet = new Set(off.map((f) => Number(f.family_id)));
  const out: HomePuppy[] = [];
  for (const p of puppies) {
    const litter = litters.get(p.litterId!);
    const family = families.get(p.familyId!);
    if (!litter?.birthDate || !family?.email || quiet.has(family.id)) continue;
    out.push({
      id: p.id,
      name: p.name,
      litter_id: litter.id,
      birth_date: litter.birthDate,
      email: family.email,
      greeting: family.greeting,
    });
    if (out.length === 1000) break;
  }
  return out;
}

export async function runHealthReminders(em: EntityManager, mail: MailOutbox, appOrigin: string, now = new Date()): Promise<number> {
  const today = todayUtc(now);
  // Puppies home with a family that has a verified address (users.email holds only verified ones, decision 108)
  // and has not turned reminders off.
  const puppies = await homePuppies(em, now);
  if (!puppies.length) return 0;
  // Each litter's own protocol (or none): its items for the family's vet.
  const plans = await plansForLitters(em, [...new Set(puppies.map((p) => Number(p.litter_id)))]);
  const BOOSTER = 0;
  const done = await doneByPuppy(
    em,
    puppies.map((p) => Number(p.id)),
  );
  const sent = await em.find(
    HealthReminder,
    { puppyId: { $in: puppies.map((p) => Number(p.id)) } },
    { fields: ['puppyId', 'scheduleItemId', 'dueOn'] },
  );
  const already = new Set(sent.map((s) => `${s.puppyId}:${s.scheduleItemId}:${s.dueOn}`));
  const { name: breederName } = await mail.breeder(em);
  let queued = 0;
  for (const p of puppies) {
    const items = (plans.get(Number(p.litter_id)) ?? []).filter((i) => i.afterGoHome);
    const due = dueItems(p.birth_date, items, done.get(Number(p.id)) ?? [], today).filter(
      // The protocol's items for the family's vet, and a next dose written on a record (a booster: item 0).
      (d) => (d.afterGoHome || d.scheduleItemId === null) && d.dueOn >= today && d.dueOn <= addDays(today, REMIND_DAYS_BEFORE),
    );
    for (const d of due) {
      const key = `${p.id}:${d.scheduleItemId ?? BOOSTER}:${d.dueOn}`;
      if (already.has(key)) continue;
      already.add(key);
      const link = `${appOrigin}/account`;
      mail.enqueue(em, {
        lane: 'notification',
        to: p.email,
        subject: REMINDER_SUBJECT(p.name),
        text:
          `Hello ${p.greeting},\n\n${p.name} is due for: ${d.label}, on ${formatDay(d.dueOn)}. Please book it with your vet; ` +
          `you can share ${p.name}'s health record with them from your family portal: ${link}\n\n` +
          `You can turn these reminders off there.\n\n${breederName}\n`,
        html:
          `<p>Hello ${escapeHtml(p.greeting)},</p><p>${escapeHtml(p.name)} is due for: <strong>${escapeHtml(d.label)}</strong>, on ${escapeHtml(formatDay(d.dueOn))}. ` +
          `Please book it with your vet; you can share ${escapeHtml(p.name)}'s health record with them from ` +
          `<a href="${escapeHtml(link)}">your family portal</a>.</p><p>You can turn these reminders off there.</p><p>${escapeHtml(breederName)}</p>`,
      });
      em.create(HealthReminder, { puppyId: Number(p.id), scheduleItemId: d.scheduleItemId ?? BOOSTER, dueOn: d.dueOn, sentAt: now });
      queued++;
    }
  }
  await em.flush();
  return queued;
}
