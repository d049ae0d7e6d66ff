// The puppies' health records in the full export (issue 49): health-records.csv (every vaccination, deworming,
// treatment, vet check, microchip and note), read a batch at a time by id.
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

const TEXT = ['product', 'manufacturer', 'lot_number', 'lot_expiry', 'dose_unit', 'given_by', 'next_due_on', 'findings', 'vet', 'clinic'];

export const healthRecordsExport: ExportTable = {
  file: 'health-records.csv',
  description: 'Each puppy’s care record: vaccinations, dewormings, treatments, vet checks, microchips and notes.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The record's number on this site." },
    { name: 'puppy_id', type: 'integer', meaning: 'The puppy (id in puppies.csv).' },
    { name: 'kind', type: 'text', meaning: 'vaccination, deworming, treatment, vet-check, microchip or note.' },
    { name: 'given_on', type: 'date', meaning: 'The day it was given or done (YYYY-MM-DD).' },
    { name: 'product', type: 'text', meaning: 'Vaccine, dewormer or medicine.' },
    { name: 'manufacturer', type: 'text', meaning: 'Its maker.' },
    { name: 'lot_number', type: 'text', meaning: 'Lot (batch) number.' },
    { name: 'lot_expiry', type: 'date', meaning: 'Lot expiry (YYYY-MM-DD).' },
    { name: 'dose', type: 'number', meaning: 'Dose given.' },
    { name: 'dose_unit', type: 'text', meaning: 'Unit of the dose.' },
    { name: 'given_by', type: 'text', meaning: 'Who gave it.' },
    { name: 'next_due_on', type: 'date', meaning: 'When the next one is due (YYYY-MM-DD).' },
    { name: 'findings', type: 'text', meaning: 'What a vet check found.' },
    { name: 'vet', type: 'text', meaning: 'Vet.' },
    { name: 'clinic', type: 'text', meaning: 'Clinic.' },
    { name: 'microchip', type: 'text', meaning: 'Microchip number (microchip records).' },
    { name: 'registry', type: 'text', meaning: 'Where the microchip is registered.' },
    { name: 'notes', type: 'text', meaning: 'Notes.' },
    {
      name: 'attachments',
      type: 'list',
      meaning: 'Files attached, separated by " ": /uploads/<id>.<ext> is media/<id>.<ext> in this zip.',
    },
    { name: 'created_at', type: 'timestamp', meaning: 'When it was entered (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(`select * from "health_care_items" where "id" > ? order by "id" limit ?`, [
      afterId(last),
      limit,
    ]);
    return rows.map((r): ExportRow => {
      const row: ExportRow = { id: Number(r.id), puppy_id: Number(r.puppy_id), kind: r.kind as string };
      row.given_on = r.given_on as string;
      for (const name of TEXT) row[name] = (r[name] as string | null | undefined) ?? null;
      const attachments = (typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments) as string[] | null;
      Object.assign(row, {
        dose: r.dose === null || r.dose === undefined ? null : Number(r.dose),
        microchip: (r.microchip as string | null) ?? null,
        registry: (r.registry as string | null) ?? null,
        notes: (r.notes as string | null) ?? null,
        attachments: (attachments ?? []).join(' '),
        created_at: isoInstant(r.created_at),
      });
      return row;
    });
  },
};
