// The demo's temperament: one puppy of a litter scored in full with the breeder's summary and shown to its families,
// its litter-mate not tested yet (so Today says the tests are due).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ILitter } from '../../dogs/server/litter.entity.ts';
import type { IPuppy } from '../../puppies/server/puppy.entity.ts';
import type { TestScores } from '../temperament.schema.ts';
import { TemperamentLitterSetting, TemperamentTestRecord } from './temperament.entity.ts';

const DEMO_SCORES: TestScores = {
  socialAttraction: { score: 3, note: 'Came straight over, tail wagging.' },
  following: { score: 3, note: '' },
  restraint: { score: 4, note: 'Relaxed after a second.' },
  socialDominance: { score: 4, note: '' },
  elevation: { score: 4, note: '' },
  retrieving: { score: 3, note: 'Brought the paper ball back twice.' },
  touch: { score: 3, note: '' },
  sound: { score: 4, note: '' },
  sight: { score: 3, note: '' },
  stability: { score: 3, note: 'Sniffed the umbrella, then sat by it.' },
};

export function seedDemoTemperament(em: EntityManager, litter: ILitter, tested: IPuppy, testedOn: string): void {
  em.create(TemperamentTestRecord, {
    puppy: tested,
    scores: DEMO_SCORES,
    summary: 'A people-loving, steady girl: happiest in a lap, unbothered by the vacuum.',
    testedOn,
    updatedAt: new Date(`${testedOn}T18:00:00Z`),
  });
  em.create(TemperamentLitterSetting, { litter, showToFamilies: true });
}
