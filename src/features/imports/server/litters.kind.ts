// Past litters and their puppies: one row per puppy (or a litter alone), the litter keyed by its name and birth date,
// a puppy by its litter and name. Sire and dam are found in the registry by registration number or name; the family
// a puppy went to by its e-mail (an account here, e.g. from a families import). Imported past litters are not shown
// as active, and their puppies are not listed publicly: they are records, not puppies for sale.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Litter, type ILitter } from '../../dogs/server/litter.entity.ts';
import { ParentDog } from '../../dogs/server/parent-dog.entity.ts';
import { Puppy, type IPuppy } from '../../puppies/server/puppy.entity.ts';
import { User } from '../../auth/server/user.entity.ts';
import { cell, changedFields, markDuplicates, RowCheck, snapshot, type ImportKindHandler, type Planned, type RowIn } from './kind.ts';
import { readDay, readEmail, readSex, readText } from './import-values.ts';

interface LitterRow {
  litterName: string;
  birthDate: string;
  sireRef: string;
  damRef: string;
  puppy: { name: string; gender: 'female' | 'male'; color: string; familyEmail: string | null } | null;
  sireId: number | null;
  damId: number | null;
  sireName: string;
  damName: string;
  familyId: number | null;
  litter: ILitter | null;
  existingPuppy: IPuppy | null;
}

export const LITTER_FIELDS = ['name', 'birthDate', 'sire', 'dam', 'motherName', 'fatherName'] as const;
export const PUPPY_FIELDS = ['name', 'gender', 'color', 'litter', 'family', 'status'] as const;

const lower = (s: string) => s.trim().toLowerCase();
const litterKey = (name: string, birthDate: string) => `${lower(name)}|${birthDate}`;

function parse(row: RowIn): Planned<LitterRow> & { key: string | null } {
  const c = new RowCheck(row.line);
  const litterName = c.take('litter', readText(cell(row, 'litter'), 100, 'The litter’s name'));
  if (litterName === '') c.fail('litter', 'The litter’s name is missing.');
  const born = cell(row, 'birthDate');
  const birthDate = born ? c.take('birthDate', readDay(born)) : (c.fail('birthDate', 'The litter’s birth date is missing.'), undefined);
  const puppyName = c.take('puppy', readText(cell(row, 'puppy'), 100, 'The puppy’s name'));
  let puppy: LitterRow['puppy'] = null;
  if (puppyName) {
    const gender = c.take('gender', readSex(cell(row, 'gender')));
    const color = c.take('color', readText(cell(row, 'color'), 100, 'The colour'));
    const familyText = cell(row, 'family');
    const familyEmail = familyText ? (c.take('family', readEmail(familyText)) ?? null) : null;
    if (gender && color !== undefined) puppy = { name: puppyName, gender, color, familyEmail };
  }
  const ok = c.errors.length === 0;
  return {
    line: row.line,
    key: ok && puppy ? `${litterKey(litterName!, birthDate!)}|${lower(puppy.name)}` : null,
    errors: c.errors,
    shown: {},
    ...(ok
      ? {
          value: {
            litterName: litterName!,
            birthDate: birthDate!,
            sireRef: cell(row, 'sire'),
            damRef: cell(row, 'dam'),
            puppy,
            sireId: null,
            damId: null,
            sireName: cell(row, 'sire'),
            damName: cell(row, 'dam'),
            familyId: null,
            litter: null,
            existingPuppy: null,
          },
        }
      : {}),
  };
}

function litterTarget(v: LitterRow) {
  return {
    name: v.litterName,
    birthDate: v.birthDate,
    sire: v.sireId ?? v.litter?.sire?.id ?? null,
    dam: v.damId ?? v.litter?.dam?.id ?? null,
    motherName: v.damName || v.litter?.motherName || '',
    fatherName: v.sireName || v.litter?.fatherName || '',
  };
}

function puppyTarget(v: LitterRow, litterId: number | null) {
  const p = v.puppy!;
  return {
    name: p.name,
    gender: p.gender,
    color: p.color || v.existingPuppy?.color || '',
    litter: litterId,
    family: v.familyId ?? v.existingPuppy?.family?.id ?? null,
    status: v.familyId ? ('sold' as const) : (v.existingPuppy?.status ?? ('sold' as const)),
  };
}

export const littersKind: ImportKindHandler<LitterRow> = {
  async plan(em: EntityManager, rows: RowIn[]) {
    const planned = rows.map(parse);
    markDuplicates(
      planned,
      (p) => p.key,
      'puppy',
      () => 'This puppy',
    );
    const dogs = await em.find(ParentDog, {}, { fields: ['id', 'name', 'gender', 'registrationNumber'] });
    const litters = await em.find(Litter, {}, { populate: ['sire', 'dam'] });
    const litterByKey = new Map(litters.filter((l) => l.birthDate).map((l) => [litterKey(l.name, l.birthDate!), l]));
    const emails = [...new Set(planned.flatMap((p) => (p.value?.puppy?.familyEmail ? [p.value.puppy.familyEmail] : [])))];
    const families = new Map<string, number>();
    for (let i = 0; i < emails.length; i += 1000) {
      const some = emails.slice(i, i + 1000);
      for (const u of await em.find(User, { $or: [{ email: { $in: some } }, { pendingEmail: { $in: some } }], isAdmin: false })) {
        for (const a of [u.email, u.pendingEmail]) if (a) families.set(a.toLowerCase(), u.id);
      }
    }
    const litterIds = [...litterByKey.values()].map((l) => l.id);
    const puppies = litterIds.length ? await em.find(Puppy, { litter: { $in: litterIds } }) : [];
    const resolve = (p: Planned<LitterRow>, field: 'sire' | 'dam', ref: string): { id: number; name: string } | null => {
      if (!ref) return null;
      const want = field === 'sire' ? 'male' : 'female';
      const byReg = dogs.filter((d) => d.registrationNumber && lower(d.registrationNumber) === lower(ref));
      const found = byReg.length ? byReg : dogs.filter((d) => lower(d.name) === lower(ref));
      if (found.length !== 1) {
        p.errors.push({
          row: p.line,
          field,
          message: found.length
            ? `Several dogs are named “${ref}”; give the ${field}’s registration number.`
            : `Unknown ${field} “${ref}”: import the dogs first.`,
        });
        return null;
      }
      if (found[0]!.gender !== want) {
        p.errors.push({ row: p.line, field, message: `The ${field} “${ref}” is ${found[0]!.gender}.` });
        return null;
      }
      return { id: found[0]!.id, name: found[0]!.name };
    };
    for (const p of planned) {
      if (!p.value) continue;
      const v = p.value;
      const sire = resolve(p, 'sire', v.sireRef);
      const dam = resolve(p, 'dam', v.damRef);
      v.sireId = sire?.id ?? null;
      v.damId = dam?.id ?? null;
      if (sire) v.sireName = sire.name;
      if (dam) v.damName = dam.name;
      v.litter = litterByKey.get(litterKey(v.litterName, v.birthDate)) ?? null;
      if (v.puppy?.familyEmail) {
        v.familyId = families.get(v.puppy.familyEmail) ?? null;
        if (!v.familyId)
          p.errors.push({
            row: p.line,
            field: 'family',
            message: `No family here has the address ${v.puppy.familyEmail}; import the families first.`,
          });
      }
      if (v.litter && v.puppy)
        v.existingPuppy = puppies.find((x) => x.litter?.id === v.litter!.id && lower(x.name) === lower(v.puppy!.name)) ?? null;
      if (p.errors.length) continue;
      const litterChanged =
        !v.litter || changedFields(snapshot(v.litter, LITTER_FIELDS), snapshot(litterTarget(v), LITTER_FIELDS)).length > 0;
      const puppyChanged =
        v.puppy !== null &&
        (!v.existingPuppy ||
          changedFields(snapshot(v.existingPuppy, PUPPY_FIELDS), snapshot(puppyTarget(v, v.litter?.id ?? null), PUPPY_FIELDS)).length > 0);
      p.action = !v.litter || (v.puppy && !v.existingPuppy) ? 'create' : litterChanged || puppyChanged ? 'update' : 'unchanged';
      p.shown = {
        litter: v.litterName,
        birthDate: v.birthDate,
        sire: v.sireName,
        dam: v.damName,
        puppy: v.puppy?.name ?? '',
        gender: v.puppy?.gender ?? '',
        color: v.puppy?.color ?? '',
        family: v.puppy?.familyEmail ?? '',
      };
    }
    return planned;
  },

  async write(ctx, rows) {
    const { em } = ctx;
    const now = new Date();
    const litters = (ctx.state.litters ??= new Map<string, ILitter>()) as Map<string, ILitter>;
    const litterBefore = (ctx.state.litterBefore ??= new Map<ILitter, Record<string, unknown> | null>()) as Map<
      ILitter,
      Record<string, unknown> | null
    >;
    const puppies: Array<{ puppy: IPuppy; before: Record<string, unknown> | null }> = [];
    for (const p of rows) {
      const v = p.value!;
      const key = litterKey(v.litterName, v.birthDate);
      let litter = litters.get(key) ?? v.litter;
      const t = litterTarget(v);
      const refs = {
        sire: t.sire === null ? null : em.getReference(ParentDog, t.sire),
        dam: t.dam === null ? null : em.getReference(ParentDog, t.dam),
      };
      if (!litter) {
        litter = em.create(Litter, {
          ...t,
          ...refs,
          description: '',
          imageUrl: null,
          expectedDate: null,
          puppyCount: null,
          active: false,
          createdAt: now,
          updatedAt: now,
        });
        litterBefore.set(litter, null);
      } else if (changedFields(snapshot(litter, LITTER_FIELDS), snapshot(t, LITTER_FIELDS)).length) {
        if (!litterBefore.has(litter)) litterBefore.set(litter, snapshot(litter, LITTER_FIELDS));
        Object.assign(litter, { ...t, ...refs });
      }
      litters.set(key, litter);
      if (v.puppy) {
        const pt = puppyTarget(v, null);
        const family = pt.family === null ? null : em.getReference(User, pt.family);
        if (v.existingPuppy) {
          const before = snapshot(v.existingPuppy, PUPPY_FIELDS);
          Object.assign(v.existingPuppy, { ...pt, litter, family });
          puppies.push({ puppy: v.existingPuppy, before });
        } else {
          const puppy = em.create(Puppy, {
            ...pt,
            litter,
            family,
            description: '',
            imageUrl: null,
            videoUrl: null,
            visible: false,
            generation: null,
            weight: null,
            price: null,
            createdAt: now,
            updatedAt: now,
          } as never) as IPuppy;
          puppies.push({ puppy, before: null });
        }
      }
    }
    await em.flush();
    for (const w of puppies)
      ctx.record('Puppy', w.puppy.id, w.before ? 'updated' : 'created', snapshot(w.puppy, PUPPY_FIELDS), w.before ?? undefined);
    ctx.progress(rows.length);
  },

  async finish(ctx) {
    const litterBefore = (ctx.state.litterBefore ?? new Map()) as Map<ILitter, Record<string, unknown> | null>;
    // Noted once each, after every slice (a litter's puppies may be spread over several).
    for (const [litter, before] of litterBefore)
      ctx.record('Litter', litter.id, before ? 'updated' : 'created', snapshot(litter, LITTER_FIELDS), before ?? undefined);
  },
};
