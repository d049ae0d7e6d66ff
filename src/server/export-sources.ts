// What the full export (features/export, issue 49) carries, in the zip's order: each feature's tables and stored files,
// and the columns that name another feature's record (a puppy's litter and family, a booking's family and puppy), added
// here through the owning feature's reads. Features never import each other: only this file knows them all.
import type { ExportFile, ExportFileSet, ExportJoin } from '../lib/server/export.ts';
import { withJoins } from '../lib/server/export.ts';
import type { ExportSources } from '../features/export/server/export.service.ts';
import { familiesExport } from '../features/auth/server/auth.export.ts';
import { familyContacts } from '../features/auth/server/auth.reads.ts';
import { applicationsExport, waitlistExport } from '../features/applications/server/applications.export.ts';
import { dogHealthTestsExport, dogsExport, littersExport } from '../features/dogs/server/dogs.export.ts';
import { litterKeys, puppyLitters } from '../features/dogs/server/dogs.reads.ts';
import { puppiesExport } from '../features/puppies/server/puppies.export.ts';
import { puppyNames } from '../features/puppies/server/puppies.reads.ts';
import { paymentAccountsExport, paymentsExport, receiptsExport } from '../features/payments/server/payments.export.ts';
import { contractPdfPath, contractsExport, sealedContractPdfs } from '../features/contracts/server/contracts.export.ts';
import { healthRecordsExport } from '../features/health/server/health.export.ts';
import { bookingsExport } from '../features/visits/server/visits.export.ts';
import { messagesExport } from '../features/messages/server/messages.export.ts';
import { subscribersExport } from '../features/subscribers/server/subscribers.export.ts';
import { articlesExport } from '../features/articles/server/articles.export.ts';
import { mediaExport, mediaFilesExport } from '../features/media/server/media.export.ts';
import { openStoredFile } from '../features/media/server/media.reads.ts';

/** A family named the way the import finds it (its e-mail), beside family_id. */
const familyJoin: ExportJoin = {
  key: 'family_id',
  columns: [{ name: 'family_email', type: 'email', meaning: "The family's verified e-mail address (families.csv)." }],
  lookup: async (em, ids) => new Map([...(await familyContacts(em, ids))].map(([id, c]) => [id, { family_email: c.family_email }])),
};

/** A litter named the way the import finds it (its name and birth date), beside litter_id. */
const litterJoin: ExportJoin = {
  key: 'litter_id',
  columns: [
    { name: 'litter', type: 'text', meaning: "The litter's name (litters.csv)." },
    { name: 'litter_birth_date', type: 'date', meaning: "The litter's birth date, or expected date (YYYY-MM-DD)." },
  ],
  lookup: litterKeys,
};

/** A puppy's litter the way the import reads a litter and its puppies back: name, birth date and parents. */
const puppyLitterJoin: ExportJoin = {
  key: 'litter_id',
  columns: [
    { name: 'litter', type: 'text', meaning: "The litter's name (litters.csv)." },
    { name: 'birth_date', type: 'date', meaning: "The puppy's birth date: its litter's (or the expected date), YYYY-MM-DD." },
    { name: 'sire', type: 'text', meaning: "The litter's sire: registration number, else name (dogs.csv)." },
    { name: 'dam', type: 'text', meaning: "The litter's dam: registration number, else name (dogs.csv)." },
  ],
  lookup: puppyLitters,
};

const puppyJoin: ExportJoin = {
  key: 'puppy_id',
  columns: [{ name: 'puppy', type: 'text', meaning: "The puppy's name (puppies.csv)." }],
  lookup: puppyNames,
};

/** The sealed contracts' PDFs, read through the media feature that stores them. */
const contractPdfs: ExportFileSet = {
  folder: 'contracts',
  description: 'Each sealed contract as signed by both sides, with its audit page (pdf_file in contracts.csv).',
  list: async (em, last, limit) =>
    (await sealedContractPdfs(em, last ? Number(last.key) : 0, limit)).map((c): ExportFile => ({
      key: c.id,
      path: contractPdfPath(c.id),
      open: () => openStoredFile(em, c.pdfUrl),
    })),
};

export const EXPORT_SOURCES: ExportSources = {
  tables: [
    familiesExport,
    withJoins(applicationsExport, [litterJoin]),
    withJoins(waitlistExport, [litterJoin]),
    dogsExport,
    dogHealthTestsExport,
    littersExport,
    withJoins(puppiesExport, [puppyLitterJoin, familyJoin]),
    paymentsExport,
    paymentAccountsExport,
    contractsExport,
    withJoins(healthRecordsExport, [puppyJoin]),
    withJoins(bookingsExport, [familyJoin, puppyJoin]),
    withJoins(messagesExport, [familyJoin]),
    subscribersExport,
    articlesExport,
    mediaExport,
  ],
  files: [contractPdfs, receiptsExport, mediaFilesExport],
};
