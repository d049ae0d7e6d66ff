// The parents' health tests as the registry records them and every page names them: the dogs feature keeps the
// results, the health feature prints them on the puppy passport (features never import each other).

export const HEALTH_TEST_KINDS = [
  'ofa-hips',
  'ofa-elbows',
  'ofa-cardiac',
  'ofa-eyes',
  'ofa-patella',
  'pennhip',
  'genetic-panel',
  'other',
] as const;
export type HealthTestKind = (typeof HEALTH_TEST_KINDS)[number];
export const HEALTH_TEST_LABELS: Record<HealthTestKind, string> = {
  'ofa-hips': 'OFA hips',
  'ofa-elbows': 'OFA elbows',
  'ofa-cardiac': 'OFA cardiac',
  'ofa-eyes': 'OFA eyes (CAER)',
  'ofa-patella': 'OFA patella',
  pennhip: 'PennHIP',
  'genetic-panel': 'Genetic panel',
  other: 'Other test',
};

/** What a result's badge reads: "OFA hips", "OFA eyes (CAER): PRA", or a panel's own test ("Embark: PRA-prcd"). */
export const healthTestLabel = (t: { kind: HealthTestKind; test: string }) =>
  t.test
    ? `${t.kind === 'genetic-panel' || t.kind === 'other' ? '' : `${HEALTH_TEST_LABELS[t.kind]}: `}${t.test}`
    : HEALTH_TEST_LABELS[t.kind];
