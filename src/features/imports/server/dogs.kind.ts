// Dogs into the registry: the breeder's own and their ancestors, with sire and dam named by registration number or
// name (found in the same file first, then among the dogs already here) and health results as "test: result" pairs.
// The key is the registration number, or the name with the birth date.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DogHealthTest, ParentDog, type IDogHealthTest, type IParentDog } from '../../dogs/server/parent-dog.entity.ts';
import { HEALTH_TEST_KINDS, HEALTH_TEST_LABELS, type HealthTestKind } from '../../dogs/dogs.schema.ts';
import { cell, changedFields, markDuplicates, RowCheck, snapshot, type ImportKindHandler, type Planned, type RowIn } from './kind.ts';
import { readDay, readSex, readText, readYesNo, type Read } from './import-values.ts';

interface HealthResult {
  kind: HealthTestKind;
  test: string;
  result: string;
}

interface DogRow {
  name: string;
  gender: 'female' | 'male';
  breed: string;
  generation: string;
  color: string;
  birthDate: string | null;
  registrationNumber: string;
  registry: string;
  registeredName: string;
  weight: number | null;
  ours: boolean | null;
  notes: string | null;
  sireRef: string;
  damRef: string;
  health: HealthResult[];
  existing: IParentDog | null;
  /** Resolved parents: another row of the file (its line) or a dog already here (its id). */
  sire: { line: number } | { id: number } | null;
  dam: { line: number } | { id: number } | null;
}

export const DOG_FIELDS = [
  'name',
  'gender',
  'breed',
  'generation',
  'color',
  'birthDate',
  'registrationNumber',
  'registry',
  'registeredName',
  'weight',
  'ours',
  'notes',
  'sire',
  'dam',
] as const;
export const HEALTH_FIELDS = ['kind', 'test', 'result'] as const;

const lower = (s: string) => s.trim().toLowerCase();
const labelKind = new Map<string, HealthTestKind>(
  HEALTH_TEST_KINDS.flatMap((k) => [
    [lower(HEALTH_TEST_LABELS[k]), k],
    [lower(k), k],
  ]),
);

function readHealth(text: string): Read<HealthResult[]> {
  const results: HealthResult[] = [];
  for (const part of text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(.+?)\s*[:=]\s*(.+)$/.exec(part);
    if (!m) return { ok: false, message: `“${part}” is not a “test: result” pair.` };
    const [label, result] = [m[1]!.trim(), m[2]!.trim()];
    if (label.length > 100 || result.length > 100)
      return { ok: false, message: 'A health test and its result must each be at most 100 characters.' };
    const kind = labelKind.get(lower(label));
    results.push(kind ? { kind, test: '', result } : { kind: 'genetic-panel', test: label, result });
  }
  return { ok: true, value: results };
}

function parse(row: RowIn): Planned<DogRow> & { key: string | null } {
  const c = new RowCheck(row.line);
  const name = c.take('name', readText(cell(row, 'name'), 100, 'The name'));
  if (name === '') c.fail('name', 'The name is missing.');
  const gender = c.take('gender', readSex(cell(row, 'gender')));
  const text = (key: string, max: number, label: string) => c.take(key, readText(cell(row, key), max, label));
  const birth = cell(row, 'birthDate');
  const birthDate = birth ? c.take('birthDate', readDay(birth)) : null;
  const weightText = cell(row, 'weight').replace(/\s*(lbs?|pounds)$/i, '');
  let weight: number | null = null;
  if (weightText) {
    const n = Number(weightText.replace(',', '.'));
    if (!Number.isFinite(n) || n <= 0 || n > 300) c.fail('weight', `“${cell(row, 'weight')}” is not a weight in pounds.`);
    else weight = n;
  }
  const oursText = cell(row, 'ours');
  const ours = oursText ? (c.take('ours', readYesNo(oursText)) ?? null) : null;
  const health = c.take('health', readHealth(cell(row, 'health'))) ?? [];
  const value: Partial<DogRow> = {
    name,
    gender,
    breed: text('breed', 100, 'The breed'),
    generation: text('generation', 50, 'The generation'),
    color: text('color', 100, 'The colour'),
    birthDate: birthDate ?? null,
    registrationNumber: text('registrationNumber', 50, 'The registration number'),
    registry: text('registry', 20, 'The registry'),
    registeredName: text('registeredName', 200, 'The registered name'),
    weight,
    ours,
    notes: cell(row, 'notes') ? (text('notes', 5000, 'The notes') ?? null) : null,
    sireRef: cell(row, 'sire'),
    damRef: cell(row, 'dam'),
    health,
    existing: null,
    sire: null,
    dam: null,
  };
  const key = value.registrationNumber ? `reg:${lower(value.registrationNumber)}` : name ? `name:${lower(name)}|${birthDate ?? ''}` : null;
  return { line: row.line, key, errors: c.errors, shown: {}, ...(c.errors.length ? {} : { value: value as DogRow }) };
}

type Known = Pick<IParentDog, 'id' | 'name' | 'gender' | 'registrationNumber' | 'birthDate'>;

function target(v: DogRow, parentId: (ref: DogRow['sire']) => number | null) {
  const e = v.existing;
  return {
    name: v.name,
    gender: v.gender,
    breed: v.breed || e?.breed || '',
    generation: v.generation || e?.generation || '',
    color: v.color || e?.color || '',
    birthDate: v.birthDate ?? e?.birthDate ?? null,
    registrationNumber: v.registrationNumber || e?.registrationNumber || '',
    registry: v.registry || e?.registry || '',
    registeredName: v.registeredName || e?.registeredName || '',
    weight: v.weight ?? e?.weight ?? null,
    ours: v.ours ?? e?.ours ?? false,
    notes: v.notes ?? e?.notes ?? '',
    sire: v.sireRef ? parentId(v.sire) : (e?.sire?.id ?? null),
    dam: v.damRef ? parentId(v.dam) : (e?.dam?.id ?? null),
  };
}

export const dogsKind: ImportKindHandler<DogRow> = {
  async plan(em: EntityManager, rows: RowIn[]) {
    const planned = rows.map(parse);
    markDuplicates(
      planned,
      (p) => p.key,
      'registrationNumber',
      (k) => (k.startsWith('reg:') ? 'This registration number' : 'This dog (name and birth date)'),
    );
    // The registry is one breeder's dogs and their ancestors: read once, matched in memory without regard to case.
    const known = (await em.find(ParentDog, {}, { fields: ['id', 'name', 'gender', 'registrationNumber', 'birthDate'] })) as Known[];
    const byReg = new Map<string, Known>();
    const byName = new Map<string, Known[]>();
    for (const d of known) {
      if (d.registrationNumber) byReg.set(lower(d.registrationNumber), d);
      byName.set(lower(d.name), [...(byName.get(lower(d.name)) ?? []), d]);
    }
    const fileByReg = new Map<string, Planned<DogRow>>();
    const fileByName = new Map<string, Planned<DogRow>[]>();
    for (const p of planned) {
      if (!p.value || p.errors.length) continue;
      const v = p.value;
      if (v.registrationNumber) fileByReg.set(lower(v.registrationNumber), p);
      fileByName.set(lower(v.name), [...(fileByName.get(lower(v.name)) ?? []), p]);
    }
    const existingIds: number[] = [];
    for (const p of planned) {
      if (!p.value) continue;
      const v = p.value;
      const match = v.registrationNumber
        ? byReg.get(lower(v.registrationNumber))
        : byName.get(lower(v.name))?.find((d) => (d.birthDate ?? null) === v.birthDate);
      if (match) existingIds.push(match.id);
      (p as { matchId?: number }).matchId = match?.id;
    }
    const loaded = new Map<number, IParentDog>();
    for (let i = 0; i < existingIds.length; i += 1000) {
      for (const d of await em.find(ParentDog, { id: { $in: existingIds.slice(i, i + 1000) } })) loaded.set(d.id, d);
    }
    const tests = new Map<number, IDogHealthTest[]>();
    for (let i = 0; i < existingIds.length; i += 1000) {
      for (const t of await em.find(DogHealthTest, { dog: { $in: existingIds.slice(i, i + 1000) } }, { orderBy: { position: 'asc' } }))
        tests.set(t.dog.id, [...(tests.get(t.dog.id) ?? []), t]);
    }
    const resolve = (p: Planned<DogRow>, field: 'sire' | 'dam'): DogRow['sire'] => {
      const v = p.value!;
      const ref = field === 'sire' ? v.sireRef : v.damRef;
      if (!ref) return null;
      const want = field === 'sire' ? 'male' : 'female';
      const inFile = fileByReg.get(lower(ref)) ?? (fileByName.get(lower(ref))?.length === 1 ? fileByName.get(lower(ref))![0] : undefined);
      if (inFile) {
        if (inFile === p) return (p.errors.push({ row: p.line, field, message: `A dog cannot be its own ${field}.` }), null);
        if (inFile.value!.gender !== want)
          return (p.errors.push({ row: p.line, field, message: `The ${field} “${ref}” is ${inFile.value!.gender}.` }), null);
        return { line: inFile.line };
      }
      const here = byReg.get(lower(ref)) ?? (byName.get(lower(ref))?.length === 1 ? byName.get(lower(ref))![0] : undefined);
      if (!here) {
        const many = (byName.get(lower(ref))?.length ?? 0) + (fileByName.get(lower(ref))?.length ?? 0) > 1;
        p.errors.push({
          row: p.line,
          field,
          message: many
            ? `Several dogs are named “${ref}”; give the ${field}’s registration number.`
            : `Unknown ${field} “${ref}”: add it to the file or the registry first.`,
        });
        return null;
      }
      if (here.gender !== want) return (p.errors.push({ row: p.line, field, message: `The ${field} “${ref}” is ${here.gender}.` }), null);
      return { id: here.id };
    };
    for (const p of planned) {
      if (!p.value) continue;
      const v = p.value;
      const matchId = (p as { matchId?: number }).matchId;
      v.existing = matchId ? (loaded.get(matchId) ?? null) : null;
      v.sire = resolve(p, 'sire');
      v.dam = resolve(p, 'dam');
    }
    const byLine = new Map(planned.map((p) => [p.line, p]));
    // A row whose parent is a failing row of the file fails too (its parent would not be there).
    for (let changed = true; changed;) {
      changed = false;
      for (const p of planned) {
        if (!p.value || p.errors.length) continue;
        for (const field of ['sire', 'dam'] as const) {
          const ref = p.value[field];
          const parent = ref && 'line' in ref ? byLine.get(ref.line)! : null;
          if (parent && (parent.errors.length || !parent.value)) {
            p.errors.push({ row: p.line, field, message: `Its ${field} (row ${parent.line}) cannot be imported.` });
            changed = true;
          }
        }
      }
    }
    for (const p of planned) {
      if (!p.value || p.errors.length) continue;
      const v = p.value;
      const lineName = (ref: DogRow['sire']) => (ref && 'line' in ref ? byLine.get(ref.line)!.value!.name : null);
      const idName = (ref: DogRow['sire'], text: string) => lineName(ref) ?? (text || '');
      const t = target(v, (ref) => (ref === null ? null : 'id' in ref ? ref.id : (byLine.get(ref.line)!.value!.existing?.id ?? -1)));
      const e = v.existing;
      let action: Planned<DogRow>['action'] = e ? 'unchanged' : 'create';
      if (e && changedFields(snapshot(e, DOG_FIELDS), snapshot(t, DOG_FIELDS)).length) action = 'update';
      if (e && action === 'unchanged') {
        const have = tests.get(e.id) ?? [];
        const differs = v.health.some(
          (h) => !have.some((x) => x.kind === h.kind && lower(x.test) === lower(h.test) && x.result === h.result),
        );
        if (differs) action = 'update';
      }
      p.action = action;
      p.shown = {
        name: t.name,
        gender: t.gender,
        breed: t.breed,
        generation: t.generation,
        color: t.color,
        birthDate: t.birthDate ?? '',
        registrationNumber: t.registrationNumber,
        registry: t.registry,
        registeredName: t.registeredName,
        sire: idName(v.sire, v.sireRef),
        dam: idName(v.dam, v.damRef),
        weight: t.weight === null ? '' : String(t.weight),
        health: v.health.map((h) => `${h.test || HEALTH_TEST_LABELS[h.kind]}: ${h.result}`).join('; '),
        ours: t.ours ? 'yes' : 'no',
        notes: t.notes,
      };
      (p as { tests?: IDogHealthTest[] }).tests = e ? (tests.get(e.id) ?? []) : [];
    }
    return planned;
  },

  async write(ctx, rows) {
    const { em } = ctx;
    const now = new Date();
    const dogOf = new Map<number, IParentDog>();
    const before = new Map<number, Record<string, unknown>>();
    // First the dogs, then their parents (a sire may come later in the file than its offspring).
    for (const p of rows) {
      const v = p.value!;
      const t = target(v, () => null);
      const { sire: _s, dam: _d, ...plain } = t;
      if (v.existing) {
        before.set(p.line, snapshot(v.existing, DOG_FIELDS));
        Object.assign(v.existing, plain);
        dogOf.set(p.line, v.existing);
      } else {
        dogOf.set(
          p.line,
          em.create(ParentDog, {
            ...plain,
            description: '',
            featured: false,
            retired: false,
            sortOrder: 0,
            createdAt: now,
            updatedAt: now,
          }),
        );
      }
    }
    await em.flush();
    ctx.progress(Math.floor(rows.length / 2));
    for (const p of rows) {
      const v = p.value!;
      const dog = dogOf.get(p.line)!;
      const idOf = (ref: DogRow['sire']) => (ref === null ? null : 'id' in ref ? ref.id : (dogOf.get(ref.line)?.id ?? null));
      const t = target(v, idOf);
      dog.sire = t.sire === null ? null : em.getReference(ParentDog, t.sire);
      dog.dam = t.dam === null ? null : em.getReference(ParentDog, t.dam);
    }
    const testsWritten: Array<{ test: IDogHealthTest; before: Record<string, unknown> | null }> = [];
    for (const p of rows) {
      const v = p.value!;
      const dog = dogOf.get(p.line)!;
      const have = (p as { tests?: IDogHealthTest[] }).tests ?? [];
      let position = have.reduce((m, t) => Math.max(m, t.position + 1), 0);
      for (const h of v.health) {
        const same = have.find((x) => x.kind === h.kind && lower(x.test) === lower(h.test));
        if (same) {
          if (same.result === h.result) continue;
          const was = snapshot(same, HEALTH_FIELDS);
          same.result = h.result;
          testsWritten.push({ test: same, before: was });
        } else {
          const test = em.create(DogHealthTest, {
            dog,
            kind: h.kind,
            test: h.test,
            result: h.result,
            date: null,
            verificationUrl: null,
            certificateUrl: null,
            position: position++,
          });
          testsWritten.push({ test, before: null });
        }
      }
    }
    await em.flush();
    for (const p of rows) {
      const dog = dogOf.get(p.line)!;
      const was = before.get(p.line);
      ctx.record('ParentDog', dog.id, was ? 'updated' : 'created', snapshot(dog, DOG_FIELDS), was);
    }
    for (const w of testsWritten)
      ctx.record('DogHealthTest', w.test.id, w.before ? 'updated' : 'created', snapshot(w.test, HEALTH_FIELDS), w.before ?? undefined);
    ctx.progress(rows.length);
  },
};
