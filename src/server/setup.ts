// A new site becomes hers (issue 48): the first admin, her kennel's name and contact details, and demo content or an
// empty site. Shared by the first-run page (/setup, setup.router.ts) and `npm run setup` (cli/setup.ts). It
// spans features (accounts, settings, the demo content), so it lives here, on the top floor.
import type { EntityManager } from '@mikro-orm/postgresql';
import { SiteSettings } from '../features/settings/server/site-settings.entity.ts';
import { SETTINGS_ID } from '../features/settings/server/settings.service.ts';
import { DEFAULT_SETTINGS } from '../features/settings/server/settings.defaults.ts';
import { seedDemoContent } from './seed/seed.ts';

export interface SiteIdentity {
  kennelName: string;
  town?: string;
  email?: string;
  phone?: string;
}

/** Tables an emptied site keeps: the migrations log, the site's own secrets and facts, rate-limit counters. */
const KEPT_TABLES = new Set(['mikro_orm_migrations', 'app_secrets', 'site_state', 'rate_limits']);

/**
 * Removes every row of content (the demo's puppies, litters, articles, families…): only ever on a site that has
 * never had an admin, at its first setup.
 */
export async function emptySite(em: EntityManager): Promise<void> {
  const tables = (
    await em.execute<Array<{ name: string }>>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !KEPT_TABLES.has(name));
  if (tables.length) await em.execute(`truncate ${tables.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ')} restart identity cascade`);
}

/**
 * Her name, town and contact details on the settings row. On an empty site the demo's copy (story, FAQ, social
 * links) goes too, so nothing of the demo breeder shows; with the demo content, only her details replace its.
 */
export async function applySiteIdentity(em: EntityManager, identity: SiteIdentity, content: 'demo' | 'empty'): Promise<void> {
  if (content === 'demo') await seedDemoContent(em.fork(), { force: false });
  const values = {
    breederName: identity.kennelName.trim(),
    town: identity.town?.trim() ?? '',
    email: identity.email?.trim() ?? '',
    phone: identity.phone?.trim() ?? '',
    ...(content === 'empty'
      ? {
          facebookUrl: '',
          instagramUrl: '',
          youtubeUrl: '',
          aboutStory: '',
          healthPoints: [],
          processBlocks: [],
          faq: [],
          heroImageUrl: null,
          heroVideoUrl: null,
        }
      : {}),
  };
  const existing = await em.findOne(SiteSettings, { id: SETTINGS_ID });
  if (existing) {
    em.assign(existing, values);
  } else {
    em.create(SiteSettings, { id: SETTINGS_ID, ...DEFAULT_SETTINGS, ...values, updatedAt: new Date() });
  }
  await em.flush();
}
