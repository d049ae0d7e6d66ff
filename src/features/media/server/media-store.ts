// Stores an already-processed original in the media table and returns its public URL.
import { randomUUID, createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Media, type IMedia } from './media.entity.ts';

export interface StoredMediaInput {
  kind: 'image' | 'video';
  mime: string;
  ext: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

export function mediaUrl(m: Pick<IMedia, 'id' | 'ext'>): string {
  return `/uploads/${m.id}.${m.ext}`;
}

export async function storeMedia(em: EntityManager, input: StoredMediaInput): Promise<IMedia> {
  const media = em.create(Media, {
    id: randomUUID(),
    kind: input.kind,
    mime: input.mime,
    ext: input.ext,
    bytes: input.bytes,
    size: input.bytes.length,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    width: input.width,
    height: input.height,
    createdAt: new Date(),
  });
  await em.flush();
  return media;
}
