// Every feature's media columns, in one list: the media service keeps an upload while any of them refers to it.
import type { MediaReference } from '../lib/server/media-references.ts';
import { featureModules } from './features.ts';

export const mediaReferences: readonly MediaReference[] = featureModules.flatMap<MediaReference>((m) =>
  'mediaReferences' in m ? [...m.mediaReferences] : [],
);
