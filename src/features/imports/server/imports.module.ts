// The imports feature's face to the app (decision 146): its batches and items, and the import API (a plugin: it reads
// multipart bodies).
import { defineFeature } from '../../../lib/server/feature-module.ts';
import { ImportBatch, ImportItem } from './import.entity.ts';
import importsPlugin from './imports.plugin.ts';

export const importsModule = defineFeature({
  name: 'imports',
  entities: [ImportBatch, ImportItem],
  plugins: [importsPlugin],
});
