// The site settings' face for other features (issue 47).
import type { EntityManager } from '@mikro-orm/postgresql';

/** The breeder's name and contact as the settings have them ('' when not set, or before the settings exist). */
export async function breederContact(em: EntityManager): Promise<{ name: string; town: string; phone: string; email: string }> {
  const [row] = await em.execute<Array<{ breeder_name: string; town: string; phone: string; email: string }>>(
    `select "breeder_name", "town", "phone", "email" from "site_settings" order by "id" limit 1`,
  );
  return { name: row?.breeder_name ?? '', town: row?.town ?? '', phone: row?.phone ?? '', email: row?.email ?? '' };
}

/** Whether the breeder set the home page's picture after this moment (the go-live checklist's "your story"). */
export async function storySetSince(em: EntityManager, since: Date): Promise<boolean> {
  const [row] = await em.execute<Array<{ any: boolean }>>(
    `select exists(select 1 from "site_settings" where "hero_image_url" is not null and "updated_at" > ?) as "any"`,
    [since],
  );
  return row?.any === true;
}
