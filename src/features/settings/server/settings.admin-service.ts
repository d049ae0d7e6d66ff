// The dashboard's site settings: the one row the public site reads for contact details and copy.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ensureSettings, toSiteSettingsDto } from './settings.service.ts';
import type { SiteSettingsDto } from '../settings.schema.ts';

/** Replaces every setting at once (the form edits the whole record); FAQ order is the array's order. */
export async function updateSettings(
  em: EntityManager,
  data: SiteSettingsDto,
): Promise<{ settings: SiteSettingsDto; releasedUrls: string[] }> {
  const row = await ensureSettings(em);
  const released: string[] = [];
  if (row.heroImageUrl && row.heroImageUrl !== data.heroImageUrl) released.push(row.heroImageUrl);
  if (row.heroVideoUrl && row.heroVideoUrl !== data.heroVideoUrl) released.push(row.heroVideoUrl);
  if (row.logoUrl && row.logoUrl !== data.logoUrl) released.push(row.logoUrl);
  em.assign(row, data);
  await em.flush();
  return { settings: toSiteSettingsDto(row), releasedUrls: released };
}
