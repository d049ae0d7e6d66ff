// The puppies' care records (issue 33): care item kinds, the breeder's protocol, microchip rules, share links,
// and every user-facing message; isomorphic (the dashboard's forms and the server reject the same input alike).
import { z } from 'zod';

export const HEALTH_MESSAGES = {
  kindRequired: 'Choose what was done.',
  dateRequired: 'Enter the date it was given or done.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  dateInFuture: 'The date cannot be in the future: record care once it is given.',
  dateBeforeBirth: 'That date is before the litter was born.',
  nextDueBeforeGiven: 'The next due date must be after the date given.',
  lotExpired: 'That lot had expired on the date given: check the lot number and its expiry.',
  targetRequired: 'Choose one or more puppies, or a whole litter.',
  tooManyPuppies: 'Record for at most 20 puppies at once.',
  productRequired: 'Enter the product.',
  findingsRequired: 'Write what the vet found.',
  notesRequired: 'Write the note.',
  microchipRequired: 'Enter the microchip number.',
  microchipLetters: 'A microchip number has digits only (no letters or other characters).',
  microchipLength: 'A microchip number has 15 digits (older chips: 9 or 10 characters).',
  microchipCode: 'The first three digits must be a country code (001–899) or a manufacturer code (900–998).',
  microchipLegacy: 'This is an older 9- or 10-character chip: it is saved, but scanners abroad may not read it; ask the vet to check it.',
  doseInvalid: 'Enter the dose as a number above zero.',
  doseOutOfRange: (unit: string, min: number, max: number) =>
    `That dose is outside the usual range for ${unit} (${min}–${max}). Check it, then save again with “The dose is right” ticked.`,
  textTooLong: (n: number) => `At most ${n} characters.`,
  tooManyAttachments: 'Attach at most 6 photos or PDFs to one record.',
  attachmentInvalid: 'This file is not one of our uploads.',
  attachmentNotPrivate:
    'A care record takes private files only: upload this file here, in the record (a public upload would give the family a broken link).',
  puppyNotFound: 'That puppy does not exist.',
  litterNotFound: 'That litter does not exist.',
  litterNotBorn: 'That litter has no birth date yet: set it first.',
  itemNotFound: 'That care record does not exist.',
  linkNotFound: 'That link does not exist.',
  scheduleItemNotFound: 'That protocol item does not exist.',
  labelRequired: 'Give the protocol item a name.',
  dayInvalid: 'Enter a whole number of days from birth (0 to 730).',
  everyInvalid: 'Repeat every 1 to 365 days, or leave it empty.',
  untilBeforeStart: 'The last day must be on or after the first.',
  shareDaysInvalid: 'A link can work for 1 to 30 days.',
  linkGone: 'This link has expired or was revoked. Ask the family for a new one.',
  protocolNameRequired: 'Give the protocol a name.',
  protocolNameTaken: 'Another protocol has that name.',
  protocolNotFound: 'That protocol does not exist.',
  tooManyProtocols: 'Keep at most 20 protocols.',
  protocolIsDefault: 'This is the protocol new litters follow: make another one the default first.',
  keyInvalid: 'The record’s key must be 8 to 64 letters, digits, - or _.',
} as const;

export const CARE_KINDS = ['vaccination', 'deworming', 'treatment', 'vet-check', 'microchip', 'note'] as const;
export type CareKind = (typeof CARE_KINDS)[number];
export const CARE_KIND_LABELS: Record<CareKind, string> = {
  vaccination: 'Vaccination',
  deworming: 'Deworming',
  treatment: 'Treatment',
  'vet-check': 'Vet check',
  microchip: 'Microchip',
  note: 'Note',
};

/** What a protocol item asks for: a care record, or a weighing (the portal's weights are the one source of those). */
export const SCHEDULE_KINDS = [...CARE_KINDS, 'weighing'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_KIND_LABELS: Record<ScheduleKind, string> = { ...CARE_KIND_LABELS, weighing: 'Weighing' };

export const DOSE_UNITS = ['ml', 'mg', 'mg/kg', 'tablet'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];
/** The usual range per unit for a puppy under 25 lb; outside it the breeder confirms (a typo like 25 ml for 2.5 ml). */
export const DOSE_RANGES: Record<DoseUnit, [number, number]> = { ml: [0.1, 5], mg: [0.5, 1000], 'mg/kg': [0.5, 100], tablet: [0.25, 4] };

export const doseWarning = (dose: number | null | undefined, unit: DoseUnit | null | undefined): string | null => {
  if (dose === null || dose === undefined || !unit) return null;
  const [min, max] = DOSE_RANGES[unit];
  return dose < min || dose > max ? HEALTH_MESSAGES.doseOutOfRange(unit, min, max) : null;
};

/** How a microchip number was judged: ok (15 digits, a valid code), legacy (accepted with a warning) or refused. */
export type MicrochipCheck = { ok: true; number: string; warning: string | null } | { ok: false; message: string };

/**
 * ISO 11784/11785: 15 digits, the first three a country code (ISO 3166 numeric, up to 899) or a manufacturer
 * code (900–998; 999 marks test transponders). Spaces and hyphens as printed on the sticker are dropped.
 * Older chips (AVID 9 digits, FECAVA/Trovan 10 hexadecimal characters) are kept with a warning.
 */
export function checkMicrochip(raw: string): MicrochipCheck {
  const number = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!number) return { ok: false, message: HEALTH_MESSAGES.microchipRequired };
  if (number.length === 9 && /^\d{9}$/.test(number)) return { ok: true, number, warning: HEALTH_MESSAGES.microchipLegacy };
  if (number.length === 10 && /^[0-9A-F]{10}$/.test(number)) return { ok: true, number, warning: HEALTH_MESSAGES.microchipLegacy };
  if (/[^0-9]/.test(number)) return { ok: false, message: HEALTH_MESSAGES.microchipLetters };
  if (number.length !== 15) return { ok: false, message: HEALTH_MESSAGES.microchipLength };
  const code = Number(number.slice(0, 3));
  if (code === 0 || code === 999) return { ok: false, message: HEALTH_MESSAGES.microchipCode };
  return { ok: true, number, warning: null };
}

const isRealDate = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
export const DateSchema = z
  .string(HEALTH_MESSAGES.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, HEALTH_MESSAGES.dateInvalid)
  .refine(isRealDate, HEALTH_MESSAGES.dateInvalid);
const today = () => new Date().toISOString().slice(0, 10);
/** A day something was given or done: not after today (UTC is never behind the breeder's Colorado date). */
export const GivenDateSchema = DateSchema.refine((d) => d <= today(), HEALTH_MESSAGES.dateInFuture);

export const UPLOAD_URL_PATTERN = /^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
export const PRIVATE_MEDIA_PREFIX = '/private-media/';
export const privateMediaUrl = (uploadUrl: string) => uploadUrl.replace(/^\/uploads\//, PRIVATE_MEDIA_PREFIX);

const text = (max: number) => z.string().trim().max(max, HEALTH_MESSAGES.textTooLong(max)).default('');
const optionalDate = DateSchema.nullable().default(null);

export const RecordCareSchema = z
  .object({
    /** One puppy, several, or a whole litter (every puppy in it unless puppyIds narrows it). */
    puppyIds: z.array(z.number().int().positive().max(2_147_483_647)).max(20, HEALTH_MESSAGES.tooManyPuppies).default([]),
    litterId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    kind: z.enum(CARE_KINDS, HEALTH_MESSAGES.kindRequired),
    givenOn: GivenDateSchema,
    product: text(120),
    manufacturer: text(120),
    lotNumber: text(60),
    lotExpiry: optionalDate,
    dose: z
      .number(HEALTH_MESSAGES.doseInvalid)
      .positive(HEALTH_MESSAGES.doseInvalid)
      .max(100_000, HEALTH_MESSAGES.doseInvalid)
      .nullable()
      .default(null),
    doseUnit: z.enum(DOSE_UNITS).nullable().default(null),
    /** The breeder saw the dose warning and confirms the dose. */
    doseConfirmed: z.boolean().default(false),
    givenBy: text(120),
    nextDueOn: optionalDate,
    findings: text(4000),
    vet: text(120),
    clinic: text(120),
    microchip: text(40),
    registry: text(120),
    notes: text(4000),
    attachments: z
      .array(z.string().regex(UPLOAD_URL_PATTERN, HEALTH_MESSAGES.attachmentInvalid))
      .max(6, HEALTH_MESSAGES.tooManyAttachments)
      .default([]),
    /** The protocol item this fulfils; when absent, the one protocol item of the same kind before go-home, if any. */
    scheduleItemId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    /** One key per record however often it is sent (the dashboard's offline queue replays it): stored once. */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, HEALTH_MESSAGES.keyInvalid)
      .optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!v.puppyIds.length && v.litterId === null) issue('puppyIds', HEALTH_MESSAGES.targetRequired);
    if ((v.kind === 'vaccination' || v.kind === 'deworming' || v.kind === 'treatment') && !v.product)
      issue('product', HEALTH_MESSAGES.productRequired);
    if (v.kind === 'vet-check' && !v.findings) issue('findings', HEALTH_MESSAGES.findingsRequired);
    if (v.kind === 'note' && !v.notes) issue('notes', HEALTH_MESSAGES.notesRequired);
    if (v.kind === 'microchip') {
      const chip = checkMicrochip(v.microchip);
      if (!chip.ok) issue('microchip', chip.message);
    }
    if (v.nextDueOn && v.nextDueOn <= v.givenOn) issue('nextDueOn', HEALTH_MESSAGES.nextDueBeforeGiven);
    if (v.lotExpiry && v.lotExpiry < v.givenOn) issue('lotExpiry', HEALTH_MESSAGES.lotExpired);
    const warning = doseWarning(v.dose, v.doseUnit);
    if (warning && !v.doseConfirmed) issue('dose', warning);
  });
export type RecordCareInput = z.input<typeof RecordCareSchema>;

export const ScheduleItemSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
    protocol: z.string().trim().min(1, HEALTH_MESSAGES.labelRequired).max(100, HEALTH_MESSAGES.textTooLong(100)),
    label: z.string().trim().min(1, HEALTH_MESSAGES.labelRequired).max(120, HEALTH_MESSAGES.textTooLong(120)),
    kind: z.enum(SCHEDULE_KINDS, HEALTH_MESSAGES.kindRequired),
    startDay: z
      .number(HEALTH_MESSAGES.dayInvalid)
      .int(HEALTH_MESSAGES.dayInvalid)
      .min(0, HEALTH_MESSAGES.dayInvalid)
      .max(730, HEALTH_MESSAGES.dayInvalid),
    everyDays: z
      .number(HEALTH_MESSAGES.everyInvalid)
      .int(HEALTH_MESSAGES.everyInvalid)
      .min(1, HEALTH_MESSAGES.everyInvalid)
      .max(365, HEALTH_MESSAGES.everyInvalid)
      .nullable()
      .default(null),
    untilDay: z
      .number(HEALTH_MESSAGES.dayInvalid)
      .int(HEALTH_MESSAGES.dayInvalid)
      .min(0, HEALTH_MESSAGES.dayInvalid)
      .max(730, HEALTH_MESSAGES.dayInvalid)
      .nullable()
      .default(null),
    /** Recommended to the family's vet after go-home (the family is reminded), not done by the breeder. */
    afterGoHome: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.untilDay !== null && v.untilDay < v.startDay)
      ctx.addIssue({ code: 'custom', path: ['untilDay'], message: HEALTH_MESSAGES.untilBeforeStart });
  });
export const SaveProtocolSchema = z.object({
  /** null: a new protocol. */
  id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  name: z
    .string(HEALTH_MESSAGES.protocolNameRequired)
    .trim()
    .min(1, HEALTH_MESSAGES.protocolNameRequired)
    .max(100, HEALTH_MESSAGES.textTooLong(100)),
  /** The protocol new litters follow (litters that exist keep the one they followed). */
  isDefault: z.boolean().default(false),
  items: z.array(ScheduleItemSchema).max(100),
});
export const SetLitterProtocolSchema = z.object({
  litterId: z.number().int().positive().max(2_147_483_647),
  /** null: no protocol for this litter (nothing due). */
  protocolId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export const LitterProtocolsSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const MAX_PROTOCOLS = 20;

export interface ProtocolDto {
  id: number;
  name: string;
  isDefault: boolean;
  items: ScheduleItemDto[];
}

export interface LitterProtocolDto {
  litterId: number;
  litterName: string;
  birthDate: string | null;
  /** The protocol that applies (the default when the litter chose none explicitly), or null for none. */
  protocolId: number | null;
  protocolName: string | null;
  /** True when the litter follows the default because it never chose. */
  byDefault: boolean;
}
export type ScheduleItemInput = z.input<typeof ScheduleItemSchema>;

/** The largest id a PostgreSQL int holds: anything above names no row (and must not reach SQL as an overflow). */
export const MAX_ID = 2_147_483_647;
const Id = z.number().int().positive().max(MAX_ID);
export const PuppyIdSchema = z.object({ puppyId: Id });
export const IdSchema = z.object({ id: Id });
export const CreateShareLinkSchema = z.object({
  puppyId: z.number().int().positive().max(2_147_483_647),
  days: z
    .number(HEALTH_MESSAGES.shareDaysInvalid)
    .int(HEALTH_MESSAGES.shareDaysInvalid)
    .min(1, HEALTH_MESSAGES.shareDaysInvalid)
    .max(30, HEALTH_MESSAGES.shareDaysInvalid)
    .default(14),
});
export const RemindersSchema = z.object({ enabled: z.boolean() });
export const CareListSchema = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  litterId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
});

export interface CareItemDto {
  id: number;
  puppyId: number;
  puppyName: string;
  kind: CareKind;
  givenOn: string;
  product: string;
  manufacturer: string;
  lotNumber: string;
  lotExpiry: string | null;
  dose: number | null;
  doseUnit: DoseUnit | null;
  givenBy: string;
  nextDueOn: string | null;
  findings: string;
  vet: string;
  clinic: string;
  microchip: string | null;
  registry: string;
  notes: string;
  attachments: { url: string; kind: 'pdf' | 'photo' }[];
  scheduleItemId: number | null;
}

export interface DueItemDto {
  scheduleItemId: number | null;
  label: string;
  kind: ScheduleKind;
  dueOn: string;
  afterGoHome: boolean;
  overdue: boolean;
}

export interface HealthRecordDto {
  puppy: { id: number; name: string; birthDate: string | null; litterName: string | null; pickupAt: string | null; goneHome: boolean };
  microchip: { number: string; registry: string; warning: string | null; on: string } | null;
  items: CareItemDto[];
  weights: { date: string; ounces: number }[];
  /** What comes next, soonest first: the breeder's items before go-home, then what she recommends to the family's vet. */
  due: DueItemDto[];
  /** The first item recommended after go-home that is not yet done (e.g. the first vaccination). */
  nextAfterGoHome: DueItemDto | null;
}

export interface ScheduleItemDto {
  id: number;
  protocol: string;
  label: string;
  kind: ScheduleKind;
  startDay: number;
  everyDays: number | null;
  untilDay: number | null;
  afterGoHome: boolean;
}

export interface ShareLinkDto {
  id: number;
  url: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
}

export const REMINDER_SUBJECT = (puppy: string) => `Coming up for ${puppy}: the next vet visit`;
export const GO_HOME_SUBJECT = (puppy: string) => `Welcome home, ${puppy}: the health record and puppy passport`;
/** How long the vet link in the go-home e-mail works (the longest a family can make one). */
export const GO_HOME_LINK_DAYS = 30;
