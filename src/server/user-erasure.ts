// What each feature erases or anonymises when a user deletes their account (the auth feature runs them, knowing none),
// in the feature list's order (src/server/features.ts).
import type { UserEraser } from '../lib/server/trpc.ts';
import { featureModules } from './features.ts';

export const onUserErased: readonly UserEraser[] = featureModules.flatMap<UserEraser>((m) =>
  'eraseUser' in m ? [m.eraseUser as UserEraser] : [],
);
