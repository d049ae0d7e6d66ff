import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import type { FaqEntry, ProcessBlock } from '../settings.schema.ts';

/** A single row (id 1). */
export const SiteSettings = defineEntity({
  name: 'SiteSettings',
  tableName: 'site_settings',
  properties: {
    id: p.integer().primary().autoincrement(false),
    breederName: p.string().length(100),
    town: p.string().length(100),
    phone: p.string().length(50),
    email: p.string().length(254),
    facebookUrl: p.string().length(500).default(''),
    instagramUrl: p.string().length(500).default(''),
    youtubeUrl: p.string().length(500).default(''),
    heroImageUrl: p.string().length(500).nullable(),
    heroVideoUrl: p.string().length(500).nullable(),
    /** The kennel's logo, shown in the header instead of the paw mark. */
    logoUrl: p.string().length(500).nullable(),
    aboutStory: p.text().default(''),
    healthPoints: p.json<string[]>(),
    processBlocks: p.json<ProcessBlock[]>(),
    faq: p.json<FaqEntry[]>(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ISiteSettings = InstanceType<typeof SiteSettings.class>;

/** Columns holding upload URLs: the media feature keeps an upload while any of them refers to it. */
export const siteSettingsMediaRefs = mediaReference(SiteSettings, ['heroImageUrl', 'heroVideoUrl', 'logoUrl']);
