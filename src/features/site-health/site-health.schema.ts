// What the Site health screen, GET /api/admin/health and the setup page exchange (issue 48).
import { z } from 'zod';

export const HealthCheckSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(['ok', 'warn', 'fail']),
  meaning: z.string(),
  fix: z.string().nullable(),
  copy: z.string().optional(),
});

export const HealthReportSchema = z.object({
  /** ok when every check is ok, fail when any fails, warn otherwise. */
  state: z.enum(['ok', 'warn', 'fail']),
  at: z.string(),
  checks: z.array(HealthCheckSchema),
});
export type HealthReport = z.infer<typeof HealthReportSchema>;

export const GO_LIVE_ITEMS = ['story', 'litter', 'mail', 'domain', 'backups'] as const;
export type GoLiveItem = (typeof GO_LIVE_ITEMS)[number];

/** The go-live checklist's lines, as Today and the Site health screen say them. */
export const GO_LIVE_TITLES: Record<GoLiveItem, string> = {
  story: 'Go live: add your photos and your story',
  litter: 'Go live: add your first litter or dog',
  mail: 'Go live: send e-mail from your own address',
  domain: 'Go live: put the site on your own domain',
  backups: 'Go live: check that backups are made',
};

export const GoLiveSchema = z.object({
  items: z.array(z.object({ item: z.enum(GO_LIVE_ITEMS), title: z.string(), href: z.string(), done: z.boolean(), dismissed: z.boolean() })),
});

export const DismissGoLiveSchema = z.object({ item: z.enum(GO_LIVE_ITEMS) });

export const TestEmailSchema = z.object({ to: z.email('Enter an e-mail address.').max(254) });

export const BackupListSchema = z.object({
  dir: z.string(),
  schedule: z.string().nullable(),
  backups: z.array(z.object({ name: z.string(), at: z.string(), bytes: z.number() })),
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
});

/** The first-run form (/setup?token=…). */
export const SetupSchema = z.object({
  token: z.string().min(1).max(200),
  username: z.string(),
  password: z.string(),
  kennelName: z.string().trim().min(2, 'Enter your kennel’s name.').max(100),
  town: z.string().trim().max(100).default(''),
  email: z.union([z.literal(''), z.email('Enter an e-mail address.')]).default(''),
  phone: z.string().trim().max(40).default(''),
  content: z.enum(['demo', 'empty']),
});
export type SetupInput = z.input<typeof SetupSchema>;
