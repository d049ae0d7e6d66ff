// The visits in the full export (issue 49): bookings.csv, read a batch at a time by id. The family and the puppy are
// named by id here; src/server/export-sources.ts adds the family's e-mail and the puppy's name.
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

interface BookingRow {
  id: number;
  family_id: number | null;
  kind: string;
  status: string;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  note: string;
  breeder_message: string;
  puppy_id: number | null;
  cancelled_at: Date | null;
  created_at: Date;
}

export const bookingsExport: ExportTable = {
  file: 'bookings.csv',
  description: 'Every visit, pick-up and call booked with the breeder, kept or cancelled.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The booking's number on this site." },
    { name: 'kind', type: 'text', meaning: 'The kind of appointment (visit, pick-up, video call…).' },
    { name: 'status', type: 'text', meaning: 'confirmed or cancelled (and by whom).' },
    { name: 'starts_at', type: 'timestamp', meaning: 'Start (UTC).' },
    { name: 'ends_at', type: 'timestamp', meaning: 'End (UTC).' },
    { name: 'time_zone', type: 'text', meaning: 'The breeder’s time zone the slot was offered in (IANA name).' },
    { name: 'family_id', type: 'integer', meaning: 'The family that booked (id in families.csv).' },
    { name: 'puppy_id', type: 'integer', meaning: 'The puppy it is about (id in puppies.csv).' },
    { name: 'note', type: 'text', meaning: 'The family’s note.' },
    { name: 'breeder_message', type: 'text', meaning: 'The breeder’s message (e.g. why it was moved or cancelled).' },
    { name: 'cancelled_at', type: 'timestamp', meaning: 'When it was cancelled (UTC).' },
    { name: 'created_at', type: 'timestamp', meaning: 'When it was booked (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<BookingRow[]>(
      `select "id", "family_id", "kind", "status", "starts_at", "ends_at", "time_zone", "note", "breeder_message", "puppy_id",
              "cancelled_at", "created_at"
       from "bookings" where "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      kind: r.kind,
      status: r.status,
      starts_at: isoInstant(r.starts_at),
      ends_at: isoInstant(r.ends_at),
      time_zone: r.time_zone,
      family_id: r.family_id === null ? null : Number(r.family_id),
      puppy_id: r.puppy_id === null ? null : Number(r.puppy_id),
      note: r.note,
      breeder_message: r.breeder_message,
      cancelled_at: isoInstant(r.cancelled_at),
      created_at: isoInstant(r.created_at),
    }));
  },
};
