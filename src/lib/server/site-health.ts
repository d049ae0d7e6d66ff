// The contract between the site health list (features/site-health) and the features that add checks to it
// (issue 48): the same list answers the dashboard's Site health screen, GET /api/admin/health and `npm run doctor`.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteConfig } from './trpc.ts';

export type CheckState = 'ok' | 'warn' | 'fail';

export interface HealthCheck {
  /** Stable, e.g. 'dns.spf'. */
  id: string;
  /** What is checked, e.g. "SPF record". */
  title: string;
  state: CheckState;
  /** What it found and what that means for the site, in one or two sentences. */
  meaning: string;
  /** The exact fix (a setting, a command, a DNS record to publish); null when nothing needs doing. */
  fix: string | null;
  /** A value to copy as it is (the DKIM TXT record), when there is one. */
  copy?: string;
}

/** One feature's checks: `em` reads the database (the doctor's own connection, or the request's). */
export type HealthSource = (em: EntityManager, config: SiteConfig, now: Date) => Promise<HealthCheck[]>;
