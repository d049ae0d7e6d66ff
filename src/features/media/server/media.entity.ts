import { defineEntity, p } from '@mikro-orm/core';

/** Uploaded originals live in PostgreSQL so an app instance holds nothing that a backup misses. */
export const Media = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: {
    id: p.uuid().primary(),
    kind: p.enum(['image', 'video'] as const),
    mime: p.string().length(50),
    ext: p.string().length(10),
    bytes: p.blob().lazy(),
    size: p.integer(),
    sha256: p.string().length(64).index(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IMedia = InstanceType<typeof Media.class>;
