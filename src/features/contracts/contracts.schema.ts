// Contracts: templates with {{fields}}, a contract per matched family, signatures and the sealed PDF; shapes and messages
// shared by the forms and the server.
import { z } from 'zod';

export const CONTRACT_MESSAGES = {
  familyErased: (on: string, email: string | null) =>
    `The family deleted its account on ${on}. This signed contract is kept as a legal record, with the name${email ? ` and e-mail address (${email})` : ''} it was signed with; only you can open it.`,
  erasedCannotChange: 'The family deleted its account: this signed contract is kept as it is and can no longer be changed.',
  nameRequired: 'Give the template a name.',
  nameTooLong: 'A name can be at most 200 characters.',
  bodyRequired: 'Write the contract text.',
  bodyTooLong: 'A contract can be at most 50,000 characters.',
  unknownField: (name: string) => `The template uses a field we do not know: {{${name}}}. Use one of the fields listed below the text.`,
  templateNotFound: 'That contract template does not exist.',
  contractNotFound: 'That contract does not exist.',
  familyNotFound: 'That family does not exist.',
  familyNameRequired: "Enter the family's name.",
  puppyNameRequired: "Enter the puppy's name.",
  amountInvalid: 'Enter an amount in dollars, e.g. 2500 or 2500.00.',
  depositOverPrice: 'The deposit cannot be more than the price.',
  dateInvalid: 'Enter the date as YYYY-MM-DD.',
  guaranteeInvalid: 'Enter the guarantee in whole years (0 to 10).',
  tooLong: 'This field can be at most 200 characters.',
  // Signing.
  fullNameRequired: 'Type your full name to sign.',
  consentRequired: 'Tick “I agree to sign electronically” to sign.',
  drawingInvalid: 'The drawn signature could not be read: draw it again or leave it out.',
  notSent: 'This contract has not been sent yet: it cannot be signed.',
  alreadySigned: 'You have already signed this contract.',
  voided: 'This contract was voided: it can no longer be signed.',
  sealed: 'This contract is signed by both and sealed: it can no longer be changed.',
  familyNotSigned: 'The family has not signed this contract yet.',
  alreadySent: 'This contract has already been sent.',
  noEmail: 'This family has no verified e-mail address: the contract is in their portal only.',
  voidReasonRequired: 'Say why the contract is voided: the family reads it.',
  voidReasonTooLong: 'A reason can be at most 500 characters.',
  previewOutdated: 'The contract changed since your preview: check the new preview, then send it.',
  valuesWithBody: 'Send the values and the text together.',
  unfilled: (what: string[]) => `Fill in ${what.join(', ')} before sending.`,
  textChangedAfterSigning: 'The text changed after the family signed: their signature is void. Send the contract again for them to sign.',
  // Verification.
  fileRequired: 'Choose the PDF to check.',
  fileTooLarge: 'That file is too large: a sealed contract is well under 700 KB.',
  notPdf: 'That file is not a PDF.',
} as const;

/** The fields a template may use, with what the breeder reads about each. */
export const CONTRACT_FIELDS = {
  'family.name': "The family's name",
  'puppy.name': "The puppy's name",
  'puppy.microchip': "The puppy's microchip number",
  price: 'The price of the puppy',
  deposit: 'The deposit',
  balance: 'The balance (price less deposit)',
  'pickup.date': 'The pickup date',
  'guarantee.years': 'The length of the health guarantee, in years',
  'breeder.name': "The breeder's name (site settings)",
  'contract.date': 'The date the contract is prepared',
} as const;
export type ContractField = keyof typeof CONTRACT_FIELDS;

const FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every {{field}} a text uses, in order of first use. */
export function fieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD_PATTERN)].map((m) => m[1]!))];
}

/** The first field a text uses that we do not know, or null. */
export function unknownFieldIn(text: string): string | null {
  return fieldsIn(text).find((f) => !(f in CONTRACT_FIELDS)) ?? null;
}

/** The text with every known field replaced by its value. */
export function fillFields(text: string, values: Record<ContractField, string>): string {
  return text.replace(FIELD_PATTERN, (all, name: string) => (name in values ? values[name as ContractField] : all));
}

const BodySchema = z
  .string(CONTRACT_MESSAGES.bodyRequired)
  .trim()
  .min(1, CONTRACT_MESSAGES.bodyRequired)
  .max(50_000, CONTRACT_MESSAGES.bodyTooLong)
  .superRefine((text, ctx) => {
    const unknown = unknownFieldIn(text);
    if (unknown !== null) ctx.addIssue({ code: 'custom', message: CONTRACT_MESSAGES.unknownField(unknown) });
  });

export const SaveTemplateSchema = z.object({
  id: z.number().int().positive().nullable().default(null),
  name: z.string(CONTRACT_MESSAGES.nameRequired).trim().min(1, CONTRACT_MESSAGES.nameRequired).max(200, CONTRACT_MESSAGES.nameTooLong),
  body: BodySchema,
});
export type SaveTemplateInput = z.input<typeof SaveTemplateSchema>;

/** Dollars as typed ("2,500", "2500.00") to integer cents. */
export const MoneySchema = z
  .string(CONTRACT_MESSAGES.amountInvalid)
  .trim()
  .transform((s) => s.replace(/[$,\s]/g, ''))
  .refine((s) => /^\d{1,7}(\.\d{1,2})?$/.test(s), CONTRACT_MESSAGES.amountInvalid)
  .transform((s) => Math.round(Number(s) * 100));

const DateSchema = z
  .string(CONTRACT_MESSAGES.dateInvalid)
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRACT_MESSAGES.dateInvalid)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    CONTRACT_MESSAGES.dateInvalid,
  );

const short = (required?: string) =>
  required
    ? z.string(required).trim().min(1, required).max(200, CONTRACT_MESSAGES.tooLong)
    : z.string().trim().max(200, CONTRACT_MESSAGES.tooLong);

/** The values a contract is filled with (prefilled from the match, edited by the breeder). */
export const ContractValuesSchema = z
  .object({
    familyName: short(CONTRACT_MESSAGES.familyNameRequired),
    puppyName: short(CONTRACT_MESSAGES.puppyNameRequired),
    microchip: short(),
    price: MoneySchema,
    deposit: MoneySchema,
    pickupDate: DateSchema.or(z.literal('')),
    guaranteeYears: z
      .number(CONTRACT_MESSAGES.guaranteeInvalid)
      .int(CONTRACT_MESSAGES.guaranteeInvalid)
      .min(0, CONTRACT_MESSAGES.guaranteeInvalid)
      .max(10, CONTRACT_MESSAGES.guaranteeInvalid),
  })
  .superRefine((v, ctx) => {
    if (v.deposit > v.price) ctx.addIssue({ code: 'custom', path: ['deposit'], message: CONTRACT_MESSAGES.depositOverPrice });
  });
export type ContractValuesInput = z.input<typeof ContractValuesSchema>;
export type ContractValues = z.output<typeof ContractValuesSchema>;

export const PrepareContractSchema = z.object({
  templateId: z.number().int().positive(),
  familyId: z.number().int().positive(),
});

export const UpdateContractSchema = z.object({
  id: z.number().int().positive(),
  values: ContractValuesSchema,
  body: BodySchema,
});
export type UpdateContractInput = z.input<typeof UpdateContractSchema>;

export const IdSchema = z.object({ id: z.number().int().positive() });

/** The preview renders the values and text on screen (saved or not) as the family would receive them. */
export const PreviewContractSchema = UpdateContractSchema;

/**
 * Sending: with the values and text on screen (saved and sent in one step, so what goes out is what the breeder
 * sees) and the SHA-256 of the preview the breeder confirmed (refused if the text would differ). Without values,
 * the saved draft is sent (API callers).
 */
export const SendContractSchema = z
  .object({
    id: z.number().int().positive(),
    values: ContractValuesSchema.optional(),
    body: BodySchema.optional(),
    previewSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  })
  .refine((v) => (v.values === undefined) === (v.body === undefined), { message: CONTRACT_MESSAGES.valuesWithBody, path: ['body'] });
export type SendContractInput = z.input<typeof SendContractSchema>;

export const VoidContractSchema = z.object({
  id: z.number().int().positive(),
  reason: z
    .string(CONTRACT_MESSAGES.voidReasonRequired)
    .trim()
    .min(1, CONTRACT_MESSAGES.voidReasonRequired)
    .max(500, CONTRACT_MESSAGES.voidReasonTooLong),
});

/** What a template uses that is still empty: sending refuses it (a pickup date or microchip may be agreed later). */
export function unfilledFields(body: string, v: { familyName: string; puppyName: string; priceCents: number }): string[] {
  const used = new Set(fieldsIn(body));
  const missing: string[] = [];
  if (used.has('family.name') && !v.familyName.trim()) missing.push("the family's name");
  if (used.has('puppy.name') && !v.puppyName.trim()) missing.push("the puppy's name");
  if ((used.has('price') || used.has('balance')) && v.priceCents <= 0) missing.push('the price');
  return missing;
}

export interface ContractPreviewDto {
  /** The filled text (Markdown) and its HTML, byte for byte what the family will read once sent. */
  text: string;
  html: string;
  textSha256: string;
  /** What must be filled in before it can be sent (empty: it can be sent). */
  unfilled: string[];
}

export const CONTRACT_STATUSES = ['draft', 'sent', 'signed', 'sealing', 'sealed', 'voided'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent, waiting for the family',
  signed: 'Signed by the family, waiting for your countersignature',
  sealing: 'Signed by both, waiting for the timestamp server to seal it',
  sealed: 'Signed by both and sealed',
  voided: 'Voided',
};

export const ContractListSchema = z.object({
  page: z.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
});
export type ContractListInput = z.input<typeof ContractListSchema>;

export const TemplateListSchema = z.object({
  page: z.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});

/** A drawn signature: a PNG as a data URL, at most about 150 KB. */
export const DRAWN_SIGNATURE_PREFIX = 'data:image/png;base64,';
export const SignSchema = z.object({
  id: z.number().int().positive(),
  fullName: z
    .string(CONTRACT_MESSAGES.fullNameRequired)
    .trim()
    .min(2, CONTRACT_MESSAGES.fullNameRequired)
    .max(100, CONTRACT_MESSAGES.tooLong),
  consent: z.literal(true, CONTRACT_MESSAGES.consentRequired),
  drawing: z
    .string()
    .max(200_000, CONTRACT_MESSAGES.drawingInvalid)
    .refine(
      (s) => s.startsWith(DRAWN_SIGNATURE_PREFIX) && /^[A-Za-z0-9+/=]+$/.test(s.slice(DRAWN_SIGNATURE_PREFIX.length)),
      CONTRACT_MESSAGES.drawingInvalid,
    )
    .nullable()
    .default(null),
});
export type SignInput = z.input<typeof SignSchema>;

export const CountersignSchema = z.object({
  id: z.number().int().positive(),
  fullName: z
    .string(CONTRACT_MESSAGES.fullNameRequired)
    .trim()
    .min(2, CONTRACT_MESSAGES.fullNameRequired)
    .max(100, CONTRACT_MESSAGES.tooLong),
  consent: z.literal(true, CONTRACT_MESSAGES.consentRequired),
});

/** The largest PDF the verification page reads (base64 in a JSON body under tRPC's 1 MB limit). */
export const VERIFY_MAX_BYTES = 700 * 1024;
export const VerifySchema = z.object({
  pdf: z
    .string(CONTRACT_MESSAGES.fileRequired)
    .min(1, CONTRACT_MESSAGES.fileRequired)
    .max(Math.ceil((VERIFY_MAX_BYTES * 4) / 3) + 4, CONTRACT_MESSAGES.fileTooLarge)
    .regex(/^[A-Za-z0-9+/=]+$/, CONTRACT_MESSAGES.notPdf),
});

// What the screens receive.

export const CONTRACT_EVENT_KINDS = [
  'prepared',
  'edited',
  'sent',
  'opened',
  'signed',
  'countersigned',
  'seal-waiting',
  'sealed',
  'voided',
  'signatures-voided',
] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];
export const CONTRACT_EVENT_LABELS: Record<ContractEventKind, string> = {
  prepared: 'Prepared',
  edited: 'Edited',
  sent: 'Sent',
  opened: 'Opened by the family',
  signed: 'Signed by the family',
  countersigned: 'Countersigned by the breeder',
  'seal-waiting': 'Sealing waits: the timestamp server did not answer',
  sealed: 'Sealed',
  voided: 'Voided',
  'signatures-voided': 'Signatures voided: the text changed',
};

export interface ContractEventDto {
  kind: ContractEventKind;
  at: string;
  who: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface SignatureDto {
  fullName: string;
  at: string;
  drawn: boolean;
}

export interface ContractSummaryDto {
  id: number;
  title: string;
  familyName: string;
  puppyName: string;
  status: ContractStatus;
  updatedAt: string;
  /** Why the breeder voided it (voided contracts only). */
  voidReason: string | null;
  /** The sealed PDF's private address, once sealed (My Family lists it among the family's documents). */
  pdfUrl: string | null;
}

export interface ContractDto extends ContractSummaryDto {
  /** Null once the family deleted its account (a signed contract is kept for the breeder). */
  familyId: number | null;
  /** The family's address when it signed, and when its account was deleted. */
  familyEmail: string | null;
  familyErasedAt: string | null;
  templateName: string;
  templateVersion: number;
  /** The text with placeholders, as the breeder edits it. */
  body: string;
  values: {
    familyName: string;
    puppyName: string;
    microchip: string;
    price: string;
    deposit: string;
    pickupDate: string;
    guaranteeYears: number;
  };
  /** The filled text (Markdown) and its HTML, as the family reads it. */
  text: string;
  html: string;
  textSha256: string | null;
  familySignature: SignatureDto | null;
  breederSignature: SignatureDto | null;
  /** The sealed PDF's private address and its SHA-256, once sealed. */
  pdfUrl: string | null;
  pdfSha256: string | null;
  /** Why signatures were voided, when the text changed after the family signed. */
  notice: string | null;
  /** Countersigned, the seal waits for the timestamp server (retried in the background): since when, and why. */
  sealWaiting: { since: string; error: string | null } | null;
  events: ContractEventDto[];
}

export interface TemplateDto {
  id: number;
  name: string;
  version: number;
  body: string;
  updatedAt: string;
}

export interface VerifyResultDto {
  /** The file is byte for byte a sealed contract of ours. */
  knownContract: { id: number; title: string; familyName: string; sealedAt: string } | null;
  /** The PDF's digital signature: valid, invalid (altered or not matching), or missing. */
  signature: 'valid' | 'invalid' | 'missing';
  signer: string | null;
  /** The signature's profile: "ETSI.CAdES.detached" (PAdES baseline) or "adbe.pkcs7.detached" (sealed before it). */
  subFilter: string | null;
  /** The RFC 3161 timestamp on the signature (PAdES B-T), when there is one: its time and the authority's name. */
  timestamp: { at: string; authority: string } | null;
  sha256: string;
  /** One line for the page. */
  verdict: string;
}

export const formatCents = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
