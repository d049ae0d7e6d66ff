// The puppies in the full export (issue 49): puppies.csv, read a batch at a time by id. Its litter and family are named
// by id here; src/server/export-sources.ts adds their keys (litter name and birth date, the family's e-mail).
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const TRAITS = ['energy_level', 'confidence', 'independence', 'sociability', 'food_motivation', 'toy_drive', 'biddability'] as const;
const NOTES = [
  'handling_response',
  'sound_sensitivity',
  'visual_sensitivity',
  'personality_notes',
  'training_progress',
  'ideal_home',
] as const;

export const puppiesExport: ExportTable = {
  file: 'puppies.csv',
  description: 'Every puppy, with its litter, the family it went to, its price and its temperament assessment.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The puppy's number on this site; other files name a puppy by it (puppy_id)." },
    { name: 'name', type: 'text', meaning: "The puppy's name." },
    { name: 'gender', type: 'text', meaning: 'female or male.' },
    { name: 'color', type: 'text', meaning: 'Coat colour.' },
    { name: 'litter_id', type: 'integer', meaning: 'Its litter (id in litters.csv); empty when none.' },
    { name: 'status', type: 'text', meaning: 'available, reserved or sold (as on the public site).' },
    { name: 'family_id', type: 'integer', meaning: 'The family it went to or is reserved for (id in families.csv).' },
    { name: 'price', type: 'integer', meaning: 'Public price in whole US dollars; empty or 0: contact for pricing.' },
    { name: 'generation', type: 'text', meaning: 'Generation (F1, F1B…).' },
    { name: 'weight', type: 'number', meaning: 'Expected adult weight in pounds.' },
    { name: 'visible', type: 'boolean', meaning: 'yes when shown on the public site.' },
    { name: 'description', type: 'text', meaning: 'Public description (Markdown).' },
    { name: 'image_url', type: 'file', meaning: 'Main photo: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    { name: 'video_url', type: 'file', meaning: 'Video: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    { name: 'assessment_complete', type: 'boolean', meaning: 'yes once the temperament assessment is complete.' },
    ...TRAITS.map((name) => ({
      name,
      type: 'text' as const,
      meaning: `Temperament: ${name.replace(/_/g, ' ')} (a level, or unassessed).`,
    })),
    ...NOTES.map((name) => ({ name, type: 'text' as const, meaning: `Temperament notes: ${name.replace(/_/g, ' ')}.` })),
    { name: 'created_at', type: 'timestamp', meaning: 'When the puppy was added (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(`select * from "puppies" where "id" > ? order by "id" limit ?`, [
      afterId(last),
      limit,
    ]);
    return rows.map((r): ExportRow => {
      const row: ExportRow = {
        id: Number(r.id),
        name: r.name as string,
        gender: r.gender as string,
        color: r.color as string,
        litter_id: r.litter_id === null ? null : Number(r.litter_id),
        status: r.status as string,
        family_id: r.family_id === null ? null : Number(r.family_id),
        price: r.price === null ? null : Number(r.price),
        generation: (r.generation as string | null) ?? null,
        weight: r.weight === null ? null : Number(r.weight),
        visible: yesNo(Boolean(r.visible)),
        description: r.description as string,
        image_url: (r.image_url as string | null) ?? null,
        video_url: (r.video_url as string | null) ?? null,
        assessment_complete: yesNo(Boolean(r.assessment_complete)),
        created_at: isoInstant(r.created_at),
      };
      for (const name of [...TRAITS, ...NOTES]) row[name] = (r[name] as string | null | undefined) ?? null;
      return row;
    });
  },
};
