// Contracts' tables: templates and their versions, contracts (the filled values, the text as sent, both
// signatures, the sealed PDF), every event of a contract, and the site's own signing certificate.
import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { User } from '../../auth/server/user.entity.ts';
import { CONTRACT_EVENT_KINDS, CONTRACT_STATUSES } from '../contracts.schema.ts';

export const ContractTemplate = defineEntity({
  name: 'ContractTemplate',
  tableName: 'contract_templates',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    /** The latest version's number (versions are never changed: a save adds one). */
    version: p.integer().default(1),
    body: p.text(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .index(),
  },
});
export type IContractTemplate = InstanceType<typeof ContractTemplate.class>;

/** A saved version of a template, as a contract made from it keeps it. */
export const ContractTemplateVersion = defineEntity({
  name: 'ContractTemplateVersion',
  tableName: 'contract_template_versions',
  properties: {
    id: p.integer().primary().autoincrement(),
    template: () => p.manyToOne(ContractTemplate).deleteRule('cascade').index(),
    version: p.integer(),
    name: p.string().length(200),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['template', 'version'] }],
});

export const Contract = defineEntity({
  name: 'Contract',
  tableName: 'contracts',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The family's account; null once the family deleted it (a signed contract is kept: decision 121). */
    family: () => p.manyToOne(User).deleteRule('set null').nullable().index(),
    templateVersion: () => p.manyToOne(ContractTemplateVersion).deleteRule('restrict').index(),
    title: p.string().length(200),
    status: p.enum(CONTRACT_STATUSES).default('draft').index(),
    familyName: p.string().length(200),
    puppyName: p.string().length(200),
    microchip: p.string().length(200).default(''),
    priceCents: p.integer(),
    depositCents: p.integer(),
    pickupDate: p.string().length(10).default(''),
    guaranteeYears: p.integer().default(2),
    /** The text with {{fields}}, as the breeder edits it. */
    body: p.text(),
    /** The filled text as sent (fixed when sent) and its SHA-256. */
    sentText: p.text().nullable(),
    textSha256: p.string().length(64).nullable(),
    familySignedName: p.string().length(100).nullable(),
    familySignedAt: p.datetime().nullable(),
    familySignedBy: p.integer().nullable(),
    familySignedIp: p.string().length(100).nullable(),
    familySignedUserAgent: p.string().length(500).nullable(),
    familyDrawing: p.text().nullable().lazy(),
    /** The family's verified address when it signed (kept with the record if the account goes). */
    familyEmail: p.string().length(320).nullable(),
    /** When the family's account was deleted (the contract, signed, stays for the breeder). */
    familyErasedAt: p.datetime().nullable(),
    breederSignedName: p.string().length(100).nullable(),
    breederSignedAt: p.datetime().nullable(),
    breederSignedBy: p.integer().nullable(),
    breederSignedIp: p.string().length(100).nullable(),
    breederSignedUserAgent: p.string().length(500).nullable(),
    pdfUrl: p.string().length(500).nullable(),
    pdfSha256: p.string().length(64).nullable().index(),
    sealedAt: p.datetime().nullable(),
    /** Countersigned while the timestamp server could not be reached: the seal is retried (status "sealing"). */
    sealWaitingSince: p.datetime().nullable(),
    sealError: p.string().length(300).nullable(),
    /**
     * Who is sealing it right now (a token) and since when: set in a short transaction, the signature and the
     * timestamp are made outside any, and only this claim's holder records the seal (decision 140). A claim older
     * than the seal lease was left by a process that died half-way: the retry takes the contract again.
     */
    sealClaim: p.string().length(64).nullable(),
    sealClaimedAt: p.datetime().nullable(),
    notice: p.string().length(300).nullable(),
    /** When it was first sent: the family has seen it, so voiding it tells them (decision 141). */
    firstSentAt: p.datetime().nullable(),
    /** Why and when the breeder voided it (the family reads the reason in My Family and by e-mail). */
    voidReason: p.string().length(500).nullable(),
    voidedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date())
      .index(),
  },
});
export type IContract = InstanceType<typeof Contract.class>;

export const ContractEvent = defineEntity({
  name: 'ContractEvent',
  tableName: 'contract_events',
  properties: {
    id: p.integer().primary().autoincrement(),
    contract: () => p.manyToOne(Contract).deleteRule('cascade').index(),
    kind: p.enum(CONTRACT_EVENT_KINDS),
    at: p.datetime(),
    /** Who did it: the account's id and name at the time (the account may go later). */
    userId: p.integer().nullable(),
    who: p.string().length(200).nullable(),
    ip: p.string().length(100).nullable(),
    userAgent: p.string().length(500).nullable(),
  },
});

/** The PKCS#12 (certificate and key) the sealed PDFs are signed with: made on first use, replaceable by the breeder's own. */
export const ContractSigningKey = defineEntity({
  name: 'ContractSigningKey',
  tableName: 'contract_signing_keys',
  properties: {
    name: p.string().length(50).primary(),
    p12: p.text(),
    passphrase: p.string().length(200),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const contractMediaRefs = mediaReference(Contract, ['pdfUrl']);
