// The dogs and litters in the full export (issue 49): dogs.csv (with each parent named the way the import finds it),
// dog-health-tests.csv and litters.csv, each read a batch at a time by id.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';
import { healthTestLabel, type HealthTestKind } from '../dogs.schema.ts';

const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/** A parent as the import finds it: by registration number when it has one, else by name. */
const PARENT_KEY = (alias: string) => `coalesce(nullif(${alias}."registration_number", ''), ${alias}."name")`;

interface DogRow {
  id: number;
  name: string;
  gender: string;
  breed: string;
  color: string;
  weight: number | null;
  birth_date: string | null;
  registered_name: string;
  registry: string;
  registration_number: string;
  generation: string;
  breeder_owner: string;
  description: string;
  notes: string;
  sire_id: number | null;
  dam_id: number | null;
  sire: string | null;
  dam: string | null;
  ours: boolean;
  retired: boolean;
  featured: boolean;
  image_url: string | null;
  video_url: string | null;
  created_at: Date;
}

/** The health results of these dogs as the import reads them: "OFA hips: Good; Embark: PRA-prcd: Clear". */
async function healthOf(em: EntityManager, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const rows = await em.execute<{ dog_id: number; kind: HealthTestKind; test: string; result: string }[]>(
    `select "dog_id", "kind", "test", "result" from "dog_health_tests" where "dog_id" in (${ids.map(() => '?').join(', ')})
     order by "dog_id", "position", "id"`,
    ids,
  );
  for (const r of rows) {
    const id = Number(r.dog_id);
    const line = `${healthTestLabel(r)}: ${r.result}`;
    out.set(id, out.has(id) ? `${out.get(id)}; ${line}` : line);
  }
  return out;
}

export const dogsExport: ExportTable = {
  file: 'dogs.csv',
  description: 'Every dog in the registry: the breeding dogs and their ancestors, with sire, dam and health results.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The dog's number on this site; other files name a dog by it (sire_id, dam_id, dog_id)." },
    { name: 'name', type: 'text', meaning: 'Call name.' },
    { name: 'gender', type: 'text', meaning: 'female or male.' },
    { name: 'breed', type: 'text', meaning: 'Breed as written.' },
    { name: 'generation', type: 'text', meaning: 'Generation (F1, F1B, multigen…).' },
    { name: 'color', type: 'text', meaning: 'Coat colour.' },
    { name: 'birth_date', type: 'date', meaning: 'Birth date (YYYY-MM-DD).' },
    { name: 'registration_number', type: 'text', meaning: 'Registration number with its registry.' },
    { name: 'registry', type: 'text', meaning: 'The registry (AKC, ICA, ADBA…).' },
    { name: 'registered_name', type: 'text', meaning: 'Registered (official) name.' },
    { name: 'sire', type: 'text', meaning: "The sire's registration number, or its name when it has none; empty when unknown." },
    { name: 'dam', type: 'text', meaning: "The dam's registration number, or its name when it has none; empty when unknown." },
    { name: 'sire_id', type: 'integer', meaning: "The sire's id in this file." },
    { name: 'dam_id', type: 'integer', meaning: "The dam's id in this file." },
    { name: 'weight', type: 'number', meaning: 'Weight in pounds.' },
    { name: 'health', type: 'list', meaning: 'Health results as "test: result" separated by "; " (details in dog-health-tests.csv).' },
    { name: 'ours', type: 'boolean', meaning: 'yes for a dog of this programme (lives here), no for an ancestor or outside stud.' },
    { name: 'retired', type: 'boolean', meaning: 'yes for a retired breeding dog.' },
    { name: 'featured', type: 'boolean', meaning: 'yes when shown on the public parents page.' },
    { name: 'breeder_owner', type: 'text', meaning: 'Breeder or owner of an outside dog.' },
    { name: 'description', type: 'text', meaning: 'Public description (Markdown).' },
    { name: 'notes', type: 'text', meaning: 'Private notes.' },
    { name: 'image_url', type: 'file', meaning: 'Main photo: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    { name: 'video_url', type: 'file', meaning: 'Video: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    { name: 'created_at', type: 'timestamp', meaning: 'When the dog was added (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<DogRow[]>(
      `select d.*, ${PARENT_KEY('s')} as "sire", ${PARENT_KEY('m')} as "dam"
       from "parent_dogs" d left join "parent_dogs" s on s."id" = d."sire_id" left join "parent_dogs" m on m."id" = d."dam_id"
       where d."id" > ? order by d."id" limit ?`,
      [afterId(last), limit],
    );
    const health = await healthOf(
      em,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      name: r.name,
      gender: r.gender,
      breed: r.breed,
      generation: r.generation,
      color: r.color,
      birth_date: r.birth_date,
      registration_number: r.registration_number,
      registry: r.registry,
      registered_name: r.registered_name,
      sire: r.sire,
      dam: r.dam,
      sire_id: r.sire_id === null ? null : Number(r.sire_id),
      dam_id: r.dam_id === null ? null : Number(r.dam_id),
      weight: r.weight === null ? null : Number(r.weight),
      health: health.get(Number(r.id)) ?? '',
      ours: yesNo(r.ours),
      retired: yesNo(r.retired),
      featured: yesNo(r.featured),
      breeder_owner: r.breeder_owner,
      description: r.description,
      notes: r.notes,
      image_url: r.image_url,
      video_url: r.video_url,
      created_at: isoInstant(r.created_at),
    }));
  },
};

export const dogHealthTestsExport: ExportTable = {
  file: 'dog-health-tests.csv',
  description: "Each health result of each dog, with its date and where it can be verified (also summed up in dogs.csv's health).",
  columns: [
    { name: 'id', type: 'integer', meaning: 'The result’s number on this site.' },
    { name: 'dog_id', type: 'integer', meaning: 'The dog (id in dogs.csv).' },
    { name: 'kind', type: 'text', meaning: 'ofa-hips, ofa-elbows, ofa-cardiac, ofa-eyes, ofa-patella, pennhip, genetic-panel or other.' },
    { name: 'test', type: 'text', meaning: "The test's own name (a panel's test, or what 'other' was)." },
    { name: 'result', type: 'text', meaning: 'The result as the registry or lab gave it.' },
    { name: 'date', type: 'date', meaning: 'When it was tested (YYYY-MM-DD).' },
    { name: 'verification_url', type: 'url', meaning: "Where the result can be checked (the registry's page)." },
    { name: 'certificate_url', type: 'file', meaning: 'The certificate: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select "id", "dog_id", "kind", "test", "result", "date", "verification_url", "certificate_url"
       from "dog_health_tests" where "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r) => ({ ...(r as ExportRow), id: Number(r.id), dog_id: Number(r.dog_id) }));
  },
};

interface LitterRow {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  mother_name: string;
  father_name: string;
  sire_id: number | null;
  dam_id: number | null;
  sire: string | null;
  dam: string | null;
  expected_date: string | null;
  birth_date: string | null;
  puppy_count: number | null;
  active: boolean;
  created_at: Date;
}

export const littersExport: ExportTable = {
  file: 'litters.csv',
  description: 'Every litter, past and planned, with its parents.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The litter's number on this site; other files name a litter by it (litter_id)." },
    { name: 'litter', type: 'text', meaning: "The litter's name; with birth_date (or expected_date) it is the litter's key." },
    { name: 'birth_date', type: 'date', meaning: 'Birth date (YYYY-MM-DD); empty while expected.' },
    { name: 'expected_date', type: 'date', meaning: 'Expected date (YYYY-MM-DD) of a planned litter.' },
    { name: 'sire', type: 'text', meaning: "The sire's registration number, or its name (dogs.csv); empty when not in the registry." },
    { name: 'dam', type: 'text', meaning: "The dam's registration number, or its name (dogs.csv); empty when not in the registry." },
    { name: 'sire_id', type: 'integer', meaning: 'The sire (id in dogs.csv).' },
    { name: 'dam_id', type: 'integer', meaning: 'The dam (id in dogs.csv).' },
    { name: 'father_name', type: 'text', meaning: "The father's name as shown on the litter's page." },
    { name: 'mother_name', type: 'text', meaning: "The mother's name as shown on the litter's page." },
    { name: 'puppy_count', type: 'integer', meaning: 'Puppies born (or expected).' },
    { name: 'active', type: 'boolean', meaning: 'yes while the litter is shown on the public site.' },
    { name: 'description', type: 'text', meaning: 'Public description (Markdown).' },
    { name: 'image_url', type: 'file', meaning: 'Photo: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    { name: 'created_at', type: 'timestamp', meaning: 'When the litter was added (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<LitterRow[]>(
      `select l.*, ${PARENT_KEY('s')} as "sire", ${PARENT_KEY('m')} as "dam"
       from "litters" l left join "parent_dogs" s on s."id" = l."sire_id" left join "parent_dogs" m on m."id" = l."dam_id"
       where l."id" > ? order by l."id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      litter: r.name,
      birth_date: r.birth_date,
      expected_date: r.expected_date,
      sire: r.sire,
      dam: r.dam,
      sire_id: r.sire_id === null ? null : Number(r.sire_id),
      dam_id: r.dam_id === null ? null : Number(r.dam_id),
      father_name: r.father_name,
      mother_name: r.mother_name,
      puppy_count: r.puppy_count === null ? null : Number(r.puppy_count),
      active: yesNo(r.active),
      description: r.description,
      image_url: r.image_url,
      created_at: isoInstant(r.created_at),
    }));
  },
};
