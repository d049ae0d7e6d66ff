// The contracts in the full export (issue 49): contracts.csv (terms, signatures, seal) and the list of sealed PDFs,
// each read a batch at a time by id. The PDFs are stored as media: src/server/export-sources.ts opens them through
// the media feature.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, dollars, isoInstant } from '../../../lib/server/export.ts';

/** Where a sealed contract's PDF sits in the zip. */
export const contractPdfPath = (id: number) => `contracts/contract-${id}.pdf`;

export const contractsExport: ExportTable = {
  file: 'contracts.csv',
  description: 'Every sale contract: its terms, who signed when, and the sealed PDF (in contracts/) once both have signed.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The contract's number on this site." },
    { name: 'title', type: 'text', meaning: 'Its title.' },
    { name: 'status', type: 'text', meaning: 'draft, sent, signed, sealing, sealed or voided.' },
    { name: 'family_id', type: 'integer', meaning: 'The family account (id in families.csv); empty once the account was erased.' },
    { name: 'family_name', type: 'text', meaning: 'The buyer as named in the contract.' },
    { name: 'family_email', type: 'email', meaning: 'The buyer’s address when the contract was sent.' },
    { name: 'puppy_name', type: 'text', meaning: 'The puppy as named in the contract.' },
    { name: 'microchip', type: 'text', meaning: 'The puppy’s microchip number.' },
    { name: 'price', type: 'money', meaning: 'Price in US dollars.' },
    { name: 'deposit', type: 'money', meaning: 'Deposit in US dollars.' },
    { name: 'pickup_date', type: 'date', meaning: 'Pick-up day (YYYY-MM-DD).' },
    { name: 'guarantee_years', type: 'integer', meaning: 'Years of the health guarantee.' },
    { name: 'body', type: 'text', meaning: 'The contract’s text (Markdown with its fields filled in).' },
    { name: 'text_sha256', type: 'text', meaning: 'SHA-256 of the exact text the family was sent and signed.' },
    { name: 'first_sent_at', type: 'timestamp', meaning: 'When it was first sent to the family (UTC).' },
    { name: 'family_signed_name', type: 'text', meaning: 'The name the family signed with.' },
    { name: 'family_signed_at', type: 'timestamp', meaning: 'When the family signed (UTC).' },
    { name: 'family_signed_ip', type: 'text', meaning: 'The address the family signed from.' },
    { name: 'breeder_signed_name', type: 'text', meaning: 'The name the breeder countersigned with.' },
    { name: 'breeder_signed_at', type: 'timestamp', meaning: 'When the breeder countersigned (UTC).' },
    { name: 'sealed_at', type: 'timestamp', meaning: 'When the signed PDF was sealed (UTC).' },
    { name: 'pdf_sha256', type: 'text', meaning: 'SHA-256 of the sealed PDF.' },
    { name: 'pdf_file', type: 'file', meaning: 'The sealed PDF in this zip (contracts/contract-<id>.pdf).' },
    { name: 'voided_at', type: 'timestamp', meaning: 'When it was voided (UTC).' },
    { name: 'void_reason', type: 'text', meaning: 'Why it was voided.' },
    { name: 'created_at', type: 'timestamp', meaning: 'When it was drafted (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select "id", "title", "status", "family_id", "family_name", "family_email", "puppy_name", "microchip", "price_cents",
              "deposit_cents", "pickup_date", "guarantee_years", coalesce("sent_text", "body") as "body", "text_sha256", "first_sent_at",
              "family_signed_name", "family_signed_at", "family_signed_ip", "breeder_signed_name", "breeder_signed_at",
              "sealed_at", "pdf_sha256", "pdf_url", "voided_at", "void_reason", "created_at"
       from "contracts" where "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      title: r.title as string,
      status: r.status as string,
      family_id: r.family_id === null ? null : Number(r.family_id),
      family_name: r.family_name as string,
      family_email: (r.family_email as string | null) ?? null,
      puppy_name: r.puppy_name as string,
      microchip: r.microchip as string,
      price: dollars(r.price_cents),
      deposit: dollars(r.deposit_cents),
      pickup_date: r.pickup_date as string,
      guarantee_years: Number(r.guarantee_years),
      body: r.body as string,
      text_sha256: (r.text_sha256 as string | null) ?? null,
      first_sent_at: isoInstant(r.first_sent_at),
      family_signed_name: (r.family_signed_name as string | null) ?? null,
      family_signed_at: isoInstant(r.family_signed_at),
      family_signed_ip: (r.family_signed_ip as string | null) ?? null,
      breeder_signed_name: (r.breeder_signed_name as string | null) ?? null,
      breeder_signed_at: isoInstant(r.breeder_signed_at),
      sealed_at: isoInstant(r.sealed_at),
      pdf_sha256: (r.pdf_sha256 as string | null) ?? null,
      pdf_file: r.pdf_url ? contractPdfPath(Number(r.id)) : null,
      voided_at: isoInstant(r.voided_at),
      void_reason: (r.void_reason as string | null) ?? null,
      created_at: isoInstant(r.created_at),
    }));
  },
};

/** The sealed contracts' PDFs (their media address), a batch at a time by contract id. */
export async function sealedContractPdfs(
  em: EntityManager,
  afterContract: number,
  limit: number,
): Promise<{ id: number; pdfUrl: string }[]> {
  const rows = await em.execute<{ id: number; pdf_url: string }[]>(
    `select "id", "pdf_url" from "contracts" where "pdf_url" is not null and "id" > ? order by "id" limit ?`,
    [afterContract, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), pdfUrl: r.pdf_url }));
}
