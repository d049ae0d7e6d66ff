// The media feature's face to the app (decision 146): uploads (served by the media plugin on the top floor).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { Media } from './media.entity.ts';

export const mediaModule = defineFeature({
  name: 'media',
  entities: [Media],
});
