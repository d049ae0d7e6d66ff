// What is due for one puppy: its protocol items turned into dates from the litter's birth date. As ASM3's regimens
// do, a repeating item's next date counts from the day it was actually given, not from the plan.
import type { DueItemDto, ScheduleKind } from './health.schema.ts';

const DAY_MS = 86_400_000;
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface PlanItem {
  id: number;
  label: string;
  kind: ScheduleKind;
  startDay: number;
  everyDays: number | null;
  untilDay: number | null;
  afterGoHome: boolean;
}

/** What was done: care records (tied to a protocol item, or by kind) and weighings (kind 'weighing'). */
export interface DoneItem {
  scheduleItemId: number | null;
  kind: ScheduleKind;
  on: string;
  product?: string;
  nextDueOn?: string | null;
}

/** How long before an item's planned day a record of its kind not tied to an item still counts for it. */
const EARLY_DAYS = 7;

/**
 * Records of a kind not tied to a protocol item (a vaccination the vet gave, recorded as a vaccination) count for the
 * one-off items of that kind still open, in date order: each for the first open item whose day is at most a week
 * after it (issue 45: "Next for your vet" moved on once the vaccination was recorded). Item id → the day given.
 */
function looseRecords(birthDate: string, plan: PlanItem[], done: DoneItem[]): Map<number, string> {
  const claimed = new Map<number, string>();
  const open = plan
    .filter((i) => i.kind !== 'weighing' && !i.everyDays && !done.some((d) => d.scheduleItemId === i.id))
    .sort((a, b) => a.startDay - b.startDay);
  const loose = done.filter((d) => d.kind !== 'weighing' && d.scheduleItemId === null).sort((a, b) => a.on.localeCompare(b.on));
  for (const d of loose) {
    const item = open.find((i) => i.kind === d.kind && !claimed.has(i.id) && d.on >= addDays(birthDate, i.startDay - EARLY_DAYS));
    if (item) claimed.set(item.id, d.on);
  }
  return claimed;
}

export function dueItems(birthDate: string, plan: PlanItem[], done: DoneItem[], today: string): DueItemDto[] {
  const out: DueItemDto[] = [];
  const loose = looseRecords(birthDate, plan, done);
  for (const item of plan) {
    // Weighings are not tied to protocol items: any weighing counts.
    const given = done
      .filter((d) => (item.kind === 'weighing' ? d.kind === 'weighing' : d.scheduleItemId === item.id))
      .map((d) => d.on)
      .concat(loose.has(item.id) ? [loose.get(item.id)!] : [])
      .sort();
    const last = given.at(-1);
    const first = addDays(birthDate, item.startDay);
    let dueOn: string | null;
    if (!last) dueOn = first;
    else if (item.everyDays) {
      const next = addDays(last, item.everyDays);
      dueOn = next < first ? first : next;
    } else dueOn = null;
    if (dueOn && item.untilDay !== null && dueOn > addDays(birthDate, item.untilDay)) dueOn = null;
    if (dueOn)
      out.push({
        scheduleItemId: item.id,
        label: item.label,
        kind: item.kind,
        dueOn,
        afterGoHome: item.afterGoHome,
        overdue: dueOn < today,
      });
  }
  // A next date written on a record (a vaccine's booster) is due unless a later record of the same product came.
  const latestByProduct = new Map<string, DoneItem>();
  for (const d of done) {
    if (d.kind === 'weighing' || !d.nextDueOn) continue;
    const key = `${d.kind}:${(d.product ?? '').toLowerCase()}`;
    const prev = latestByProduct.get(key);
    if (!prev || prev.on < d.on) latestByProduct.set(key, d);
  }
  for (const d of latestByProduct.values()) {
    const later = done.some((x) => x.kind === d.kind && (x.product ?? '').toLowerCase() === (d.product ?? '').toLowerCase() && x.on > d.on);
    if (later || !d.nextDueOn) continue;
    out.push({
      scheduleItemId: null,
      label: `${d.product || d.kind}: next dose`,
      kind: d.kind,
      dueOn: d.nextDueOn,
      afterGoHome: false,
      overdue: d.nextDueOn < today,
    });
  }
  return out.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.label.localeCompare(b.label));
}
