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
    /** Photos and documents, in one piece; null for videos, whose bytes are MediaChunk rows (decision 092). */
    bytes: p.blob().lazy().nullable(),
    size: p.integer(),
    sha256: p.string().length(64).index(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    /** A document's own file name (its download is named so); null for photos and videos. */
    filename: p.string().length(200).nullable(),
    /** A family's private upload (portal photos, shared documents): never served under /uploads, only after an access check. */
    private: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** A video's pieces (written and read one at a time by media-store.ts, never loaded through here). */
    chunks: () => p.oneToMany(MediaChunk).mappedBy('media'),
  },
});
export type IMedia = InstanceType<typeof Media.class>;

/**
 * One piece of a video's bytes, in order of `seq` (0, 1, …; every piece but the last is full size).
 * Deleting the media row deletes its pieces (the foreign key cascades).
 */
export const MediaChunk = defineEntity({
  name: 'MediaChunk',
  tableName: 'media_chunk',
  properties: {
    media: () => p.manyToOne(Media).primary().deleteRule('cascade'),
    seq: p.integer().primary(),
    bytes: p.blob().lazy(),
  },
});
