// Undoing an import: each record it wrote is checked first (it must still read as the import left it, and nothing
// made since may hang on a record it created), then updated records get their old values back and created ones go,
// newest first. One refusal refuses the whole undo, with the first record that stands in the way named.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
import { AppError } from '../../../lib/server/errors.ts';
import { Session, User } from '../../auth/server/user.entity.ts';
import { Application, ApplicationEvent } from '../../applications/server/application.entity.ts';
import { closeWaitlistGaps, placeOnWaitlists } from '../../applications/server/applications.reads.ts';
import { DogHealthTest, ParentDog, ParentDogPhoto } from '../../dogs/server/parent-dog.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Payment } from '../../payments/server/payments.entity.ts';
import { Puppy, PuppyPhoto } from '../../puppies/server/puppy.entity.ts';
import { Subscriber } from '../../subscribers/server/subscriber.entity.ts';
import { IMPORT_MESSAGES } from '../imports.schema.ts';
import type { IImportItem } from './import.entity.ts';
import { changedFields, snapshot } from './kind.ts';

interface Undoable {
  entity: EntityName;
  /** How the record is named in a refusal. */
  describe(row: Record<string, unknown> | null, id: number): string;
  /** Records made since that hang on a created one (not written by this import): it cannot go while they are there. */
  dependants?(em: EntityManager, id: number, own: Set<string>): Promise<boolean>;
}

const notOwn = (own: Set<string>, entity: string) => (rows: Array<{ id: number }>) => rows.some((r) => !own.has(`${entity}:${r.id}`));

const UNDOABLE: Record<string, Undoable> = {
  Subscriber: { entity: Subscriber, describe: (r) => `the subscriber ${String(r?.email ?? '')}` },
  ParentDog: {
    entity: ParentDog,
    describe: (r) => `the dog ${String(r?.name ?? '')}`,
    async dependants(em, id, own) {
      const offspring = await em.find(ParentDog, { $or: [{ sire: id }, { dam: id }] }, { fields: ['id'] });
      if (notOwn(own, 'ParentDog')(offspring)) return true;
      const tests = await em.find(DogHealthTest, { dog: id }, { fields: ['id'] });
      if (notOwn(own, 'DogHealthTest')(tests)) return true;
      return (await em.count(Litter, { $or: [{ sire: id }, { dam: id }] })) + (await em.count(ParentDogPhoto, { dog: id })) > 0;
    },
  },
  DogHealthTest: { entity: DogHealthTest, describe: (r) => `a health result (${String(r?.result ?? '')})` },
  User: {
    entity: User,
    describe: (r) => `the family account ${String(r?.username ?? '')}`,
    async dependants(em, id, own) {
      if ((await em.count(Session, { user: id })) > 0) return true;
      if (notOwn(own, 'Application')(await em.find(Application, { user: id }, { fields: ['id'] }))) return true;
      return notOwn(own, 'Payment')(await em.find(Payment, { family: id }, { fields: ['id'] }));
    },
  },
  Application: {
    entity: Application,
    describe: (r) => `${String(r?.name ?? 'a family')}’s application`,
    async dependants(em, id, own) {
      return notOwn(own, 'ApplicationEvent')(await em.find(ApplicationEvent, { application: id }, { fields: ['id'] }));
    },
  },
  ApplicationEvent: { entity: ApplicationEvent, describe: () => 'an application’s timeline' },
  Payment: { entity: Payment, describe: (r) => `a payment recorded on ${String(r?.paidOn ?? '')}` },
  Litter: {
    entity: Litter,
    describe: (r) => `the litter ${String(r?.name ?? '')}`,
    async dependants(em, id, own) {
      if (notOwn(own, 'Puppy')(await em.find(Puppy, { litter: id }, { fields: ['id'] }))) return true;
      return (await em.count(Application, { $or: [{ litter: id }, { waitlistLitter: id }] })) > 0;
    },
  },
  Puppy: {
    entity: Puppy,
    describe: (r) => `the puppy ${String(r?.name ?? '')}`,
    async dependants(em, id) {
      return (await em.count(PuppyPhoto, { puppy: id })) + (await em.count(Application, { puppy: id })) > 0;
    },
  },
};

export async function undoItems(em: EntityManager, items: IImportItem[]): Promise<void> {
  const own = new Set(items.map((i) => `${i.entity}:${i.entityId}`));
  const rows = new Map<string, Record<string, unknown> | null>();
  for (const item of items) {
    const kind = UNDOABLE[item.entity]!;
    const row = (await em.findOne(kind.entity as EntityName<object>, item.entityId)) as Record<string, unknown> | null;
    rows.set(`${item.entity}:${item.entityId}`, row);
    const gone = row === null;
    const touched = gone || changedFields(snapshot(row, Object.keys(item.after)), item.after).length > 0;
    const hung = !touched && item.action === 'created' && kind.dependants ? await kind.dependants(em, item.entityId, own) : false;
    // A record the import created that is gone already is no obstacle; one it updated that is gone is.
    if ((touched && !(gone && item.action === 'created')) || hung) {
      throw new AppError('CONFLICT', IMPORT_MESSAGES.undoTouched(kind.describe(row ?? item.after, item.entityId)));
    }
  }
  const lists = new Set<number | null>();
  const restorePlaces: Array<{ id: number; litterId: number | null; place: number | null }> = [];
  for (const item of items) {
    const row = rows.get(`${item.entity}:${item.entityId}`);
    if (!row) continue;
    if (item.entity === 'Application') lists.add((row.waitlistLitter as { id: number } | null)?.id ?? null);
    if (item.action === 'created') {
      em.remove(row as object);
    } else {
      const before = { ...item.before! };
      if (item.entity === 'Application') {
        const place = before.waitlistPosition as number | null;
        const litterBefore = (before.waitlistLitterBefore as number | null) ?? null;
        delete before.waitlistPosition;
        delete before.waitlistLitterBefore;
        if (place !== null) restorePlaces.push({ id: item.entityId, litterId: litterBefore, place });
        else Object.assign(row, { waitlistPosition: null });
      }
      for (const [field, value] of Object.entries(before)) {
        const current = row[field];
        const isRelation = current !== null && typeof current === 'object' && !(current instanceof Date) && 'id' in current;
        const relationOf: Record<string, EntityName> = {
          sire: ParentDog,
          dam: ParentDog,
          waitlistLitter: Litter,
          litter: Litter,
          family: User,
        };
        row[field] =
          value === null
            ? null
            : isRelation || relationOf[field]
              ? em.getReference(relationOf[field] as EntityName<object>, value as number)
              : /At$/.test(field) && typeof value === 'string'
                ? new Date(value)
                : value;
      }
    }
  }
  await em.flush();
  if (lists.size || restorePlaces.length) {
    await closeWaitlistGaps(em, [...lists]);
    await placeOnWaitlists(em, restorePlaces);
  }
}
