import type { EntityManager } from '@mikro-orm/postgresql';
import { SiteSettings, type ISiteSettings } from './site-settings.entity.ts';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import type { SiteSettingsDto } from '../settings.schema.ts';

export const SETTINGS_ID = 1;

export function toSiteSettingsDto(s: ISiteSettings): SiteSettingsDto {
  return {
    breederName: s.breederName,
    town: s.town,
    phone: s.phone,
    email: s.email,
    facebookUrl: s.facebookUrl,
    instagramUrl: s.instagramUrl,
    youtubeUrl: s.youtubeUrl,
    heroImageUrl: s.heroImageUrl ?? null,
    heroVideoUrl: s.heroVideoUrl ?? null,
    logoUrl: s.logoUrl ?? null,
    aboutStory: s.aboutStory,
    healthPoints: [...s.healthPoints],
    processBlocks: s.processBlocks.map((b) => ({ ...b })),
    faq: s.faq.map((f) => ({ ...f })),
  };
}

/**
 * The one settings row (id 1), created with the defaults when missing: on a fresh database the
 * first reader creates it. Insert-or-ignore, so concurrent first requests cannot collide.
 */
export async function ensureSettings(em: EntityManager): Promise<ISiteSettings> {
  const existing = await em.findOne(SiteSettings, { id: SETTINGS_ID });
  if (existing) return existing;
  await em
    .createQueryBuilder(SiteSettings)
    .insert({ id: SETTINGS_ID, ...DEFAULT_SETTINGS, updatedAt: new Date() })
    .onConflict('id')
    .ignore()
    .execute();
  return em.findOneOrFail(SiteSettings, { id: SETTINGS_ID });
}

/** The public site settings: contact details, social links and home-page copy. */
export async function getSettings(em: EntityManager): Promise<SiteSettingsDto> {
  return toSiteSettingsDto(await ensureSettings(em));
}
