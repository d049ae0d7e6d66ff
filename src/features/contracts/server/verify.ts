// The verification page's check: is this file byte for byte one of our sealed contracts (its SHA-256), and does
// its PDF signature hold (the signed bytes unchanged, the signature made by the certificate it carries)?
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { CONTRACT_MESSAGES, VERIFY_MAX_BYTES, type VerifyResultDto } from '../contracts.schema.ts';
import { Contract } from './contract.entity.ts';
import { checkPdfSignature, sha256Hex } from './pdf.ts';

export async function verifyPdf(em: EntityManager, base64: string): Promise<VerifyResultDto> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > VERIFY_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', CONTRACT_MESSAGES.fileTooLarge);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw new AppError('BAD_REQUEST', CONTRACT_MESSAGES.notPdf, { pdf: [CONTRACT_MESSAGES.notPdf] });
  const sha256 = sha256Hex(bytes);
  const contract = await em.findOne(Contract, { pdfSha256: sha256, status: 'sealed' });
  const check = checkPdfSignature(bytes);
  const knownContract =
    contract && contract.sealedAt
      ? { id: contract.id, title: contract.title, familyName: contract.familyName, sealedAt: contract.sealedAt.toISOString() }
      : null;
  let verdict: string;
  if (knownContract && check.status === 'valid')
    verdict = `Genuine and unchanged: contract No. ${knownContract.id}, “${knownContract.title}”, sealed for ${knownContract.familyName}.`;
  else if (check.status === 'invalid') verdict = 'Not genuine: this file was changed after it was sealed.';
  else if (check.status === 'valid')
    verdict = 'The PDF signature is intact, but this file is not one of the contracts sealed on this site.';
  else verdict = 'Not one of our sealed contracts: this PDF has no digital signature.';
  const valid = check.status === 'valid';
  return {
    knownContract: valid ? knownContract : null,
    signature: check.status,
    signer: check.signer,
    subFilter: valid ? (check.subFilter ?? null) : null,
    timestamp: valid && check.timestamp ? { at: check.timestamp.at.toISOString(), authority: check.timestamp.authority } : null,
    sha256,
    verdict,
  };
}
