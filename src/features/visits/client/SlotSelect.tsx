// A free time of one kind in the next 30 days (from the first day the family may book it), each labelled in the breeder's zone and (when different) the viewer's own.
import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { formatInZone, type AppointmentKind } from '../visits.schema.ts';

/** The days the picker offers. */
const PICK_DAYS = 30;

export function ownZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Sat, Dec 5, 10:00 AM MST (breeder’s time) · 6:00 PM GMT (your time)"; one label when the zones agree. */
export function bothZones(iso: string, breederZone: string, familyZone: string): string {
  const breeder = formatInZone(iso, breederZone);
  const family = formatInZone(iso, familyZone);
  return breeder === family ? `${breeder} (breeder’s time and yours)` : `${breeder} (breeder’s time) · ${family} (your time)`;
}

/** The free times grouped by the breeder's day ("Saturday, December 5"), so a month of times reads as days, not one list. */
export function byDay(slots: ReadonlyArray<{ startsAt: string }>, breederZone: string, familyZone: string) {
  const dayOf = new Intl.DateTimeFormat('en-US', { timeZone: breederZone, weekday: 'long', month: 'long', day: 'numeric' });
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of slots) {
    const day = dayOf.format(new Date(s.startsAt));
    const items = groups.get(day) ?? [];
    items.push({ value: s.startsAt, label: bothZones(s.startsAt, breederZone, familyZone) });
    groups.set(day, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

export function SlotSelect({
  kind,
  breederZone,
  value,
  onChange,
  label = 'Time',
  from: earliest,
}: {
  kind: AppointmentKind;
  breederZone: string;
  value: string | null;
  onChange: (v: string | null) => void;
  label?: string;
  /** The first instant this family may book the kind (a pickup before its puppy's age): the days offered start there. */
  from?: string;
}) {
  const familyZone = useMemo(ownZone, []);
  const range = useMemo(() => {
    const from = new Date(Math.max(Date.now(), earliest ? Date.parse(earliest) : 0));
    return { from: from.toISOString(), to: new Date(from.getTime() + PICK_DAYS * 86_400_000).toISOString() };
  }, [earliest]);
  const slots = useQuery(trpc.visits.availability.queryOptions({ kind, ...range }));
  const data = useMemo(() => byDay(slots.data ?? [], breederZone, familyZone), [slots.data, breederZone, familyZone]);
  return (
    <Select
      label={label}
      placeholder={slots.isLoading ? 'Loading free times…' : data.length ? 'Pick a free time' : 'No free times in the next 30 days'}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      nothingFoundMessage="No free time matches"
      disabled={!data.length}
      maxDropdownHeight={360}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
