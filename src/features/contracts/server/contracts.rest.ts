// REST for other clients: the signed-in family's contracts and signing one (the same procedures as the portal).
import { z } from 'zod';
import { AppError } from '../../../lib/server/errors.ts';
import { restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { CONTRACT_MESSAGES, CONTRACT_STATUSES, SignSchema, type ContractDto, type ContractSummaryDto } from '../contracts.schema.ts';
import { contractsRouter } from './contracts.router.ts';

/** A drawn signature is at most 200 KB of base64; the rest of the body is a few hundred bytes. */
export const SIGN_BODY_LIMIT = 256 * 1024;

const ContractSummarySchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    familyName: z.string(),
    puppyName: z.string(),
    status: z.enum(CONTRACT_STATUSES),
    updatedAt: IsoInstantSchema,
    voidReason: z.string().nullable(),
    pdfUrl: z.string().nullable(),
  })
  .meta({ id: 'ContractSummary' }) satisfies z.ZodType<ContractSummaryDto>;

const SignedContractSchema = z
  .strictObject({
    id: z.number().int(),
    status: z.enum(CONTRACT_STATUSES),
    textSha256: z.string().nullable(),
    familySignature: z.strictObject({ fullName: z.string(), at: IsoInstantSchema, drawn: z.boolean() }).nullable(),
  })
  .meta({ id: 'SignedContract' });

function contractIdOf(raw: string | undefined): number {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw new AppError('NOT_FOUND', CONTRACT_MESSAGES.contractNotFound);
  return Number(raw);
}

const signed = (c: ContractDto) => ({ id: c.id, status: c.status, textSha256: c.textSha256, familySignature: c.familySignature });

export const contractsRest = restRoutes(contractsRouter, [
  {
    method: 'GET',
    url: '/api/contracts/mine',
    call: (c) => c.mine(),
    doc: {
      tag: 'Contracts',
      summary: 'The signed-in family’s contracts (sent, signed, sealed or voided; never a draft)',
      access: 'signed-in',
      response: z.array(ContractSummarySchema),
      errors: [401],
    },
  },
  {
    method: 'POST',
    url: '/api/contracts/:id/sign',
    bodyLimit: SIGN_BODY_LIMIT,
    call: async (c, { params, body }) => signed(await c.sign({ ...(body as object), id: contractIdOf(params.id) } as never)),
    doc: {
      tag: 'Contracts',
      summary:
        'Sign one of the family’s sent contracts: typed full name, consent to sign electronically, optionally a drawn signature (PNG data URL)',
      description:
        'Records the time, account, IP address and user agent. Signing twice, a voided or unsent contract answers 409; another family’s contract 404.',
      access: 'signed-in',
      params: z.object({ id: z.number().int().positive() }),
      body: SignSchema.omit({ id: true }),
      response: SignedContractSchema,
      errors: [400, 401, 404, 409],
    },
  },
]);
