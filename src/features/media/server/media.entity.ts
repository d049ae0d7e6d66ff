import { defineEntity, p } from '@mikro-orm/core';
import { MEDIA_KINDS } from '../media.schema.ts';

/** Uploaded originals live in PostgreSQL so an app instance holds nothing that a backup misses. */
export const Media = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: {
    id: p.uuid().primary(),
    kind: p.enum(MEDIA_KINDS),
    mime: p.string().length(50),
    ext: p.string().length(10),
    bytes: p.blob().lazy(),
    size: p.integer(),
    sha256: p.string().length(64).index(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    /** A document's own file name (its download is named so); null for photos and videos. */
    filename: p.string().length(200).nullable(),
    /** A family's private upload (portal photos, shared documents): never served under /uploads, only after an access check. */
    private: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IMedia = InstanceType<typeof Media.class>;
