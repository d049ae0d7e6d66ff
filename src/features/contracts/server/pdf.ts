// The contracts' PDFs: pages from simple blocks (headings, paragraphs, list items, label/value lines, a PNG) laid out
// with what every PDF of the site shares (src/lib/server/pdf.ts), a PDF digital signature made with a PKCS#12
// (@signpdf), and the check of such a signature (the ByteRange digest recomputed, the CMS signature verified).
import { createHash, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { rgb, type PDFDocument, type PDFFont } from 'pdf-lib';
import forge from 'node-forge';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { cadesDetached, checkCms, openP12, type Timestamper } from './cades.ts';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { drawable, INK, LETTER, newPdf, PageFlow, wrapText } from '../../../lib/server/pdf.ts';

export type PdfBlock =
  | { kind: 'h1' | 'h2' | 'h3' | 'p' | 'li' | 'small'; text: string }
  | { kind: 'kv'; label: string; text: string }
  | { kind: 'png'; png: Uint8Array; height: number }
  | { kind: 'space' }
  | { kind: 'page' };

const MARGIN = 56;
const STYLE = {
  h1: { size: 18, gap: 12, bold: true },
  h2: { size: 14, gap: 10, bold: true },
  h3: { size: 12, gap: 8, bold: true },
  p: { size: 10.5, gap: 7, bold: false },
  li: { size: 10.5, gap: 4, bold: false },
  small: { size: 8.5, gap: 4, bold: false },
  kv: { size: 9.5, gap: 3, bold: false },
} as const;

/** Markdown as the breeder writes it (headings, lists, paragraphs, **bold**) to blocks; other markup is dropped. */
export function markdownBlocks(markdown: string): PdfBlock[] {
  const blocks: PdfBlock[] = [];
  let para: string[] = [];
  const plain = (s: string) =>
    s
      .replace(/\*\*(.+?)\*\*/g, '$1')
      .replace(/__(.+?)__/g, '$1')
      .replace(/(^|\W)[*_](\S.*?)[*_](?=\W|$)/g, '$1$2')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: plain(para.join(' ')) });
    para = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      const level = heading[1]!.length;
      blocks.push({ kind: level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3', text: plain(heading[2]!) });
    } else if (item) {
      flush();
      blocks.push({ kind: 'li', text: plain(/^\d/.test(line) ? line : item[1]!) });
    } else para.push(line);
  }
  flush();
  return blocks;
}

export interface PdfOptions {
  title: string;
  author: string;
  /** A line at the foot of every page (the page number is added). */
  footer: string;
}

/** Lays the blocks out on Letter pages with Helvetica; returns the document (to sign, or to save). */
export async function buildPdf(blocks: PdfBlock[], options: PdfOptions): Promise<PDFDocument> {
  const { doc, fonts } = await newPdf({ title: options.title, author: options.author, producer: 'pdf-lib', creator: options.author });
  const width = LETTER.width - 2 * MARGIN;
  const flow = new PageFlow(doc, { top: MARGIN, bottom: MARGIN + 20 });
  // Words as the breeder typed them, any run of white space between them one space.
  const lines = (font: PDFFont, text: string, size: number, w: number) =>
    wrapText(font, drawable(font, text).split(/\s+/).filter(Boolean).join(' '), size, w);
  for (const block of blocks) {
    if (block.kind === 'page') {
      flow.newPage();
      continue;
    }
    if (block.kind === 'space') {
      flow.y -= 10;
      continue;
    }
    if (block.kind === 'png') {
      const image = await doc.embedPng(block.png);
      const scale = block.height / image.height;
      const w = Math.min(width, image.width * scale);
      const h = (w / image.width) * image.height;
      flow.room(h + 6);
      flow.page.drawImage(image, { x: MARGIN, y: flow.y - h, width: w, height: h });
      flow.y -= h + 6;
      continue;
    }
    const style = STYLE[block.kind];
    const font = style.bold ? fonts.bold : fonts.regular;
    const lead = style.size * 1.35;
    if (block.kind === 'kv') {
      const labelWidth = 150;
      const label = drawable(fonts.bold, block.label);
      const values = lines(fonts.regular, block.text, style.size, width - labelWidth);
      flow.room(lead * values.length);
      flow.page.drawText(label, { x: MARGIN, y: flow.y - style.size, size: style.size, font: fonts.bold, color: INK });
      for (const l of values) {
        flow.page.drawText(l, { x: MARGIN + labelWidth, y: flow.y - style.size, size: style.size, font: fonts.regular, color: INK });
        flow.y -= lead;
      }
      flow.y -= style.gap;
      continue;
    }
    const indent = block.kind === 'li' && !/^\d/.test(block.text) ? 14 : 0;
    const wrapped = lines(font, block.text, style.size, width - indent);
    flow.room(lead * Math.min(wrapped.length, 2) + (block.kind.startsWith('h') ? 30 : 0));
    wrapped.forEach((l, i) => {
      flow.room(lead);
      if (i === 0 && indent) flow.page.drawText('•', { x: MARGIN + 3, y: flow.y - style.size, size: style.size, font, color: INK });
      flow.page.drawText(l, { x: MARGIN + indent, y: flow.y - style.size, size: style.size, font, color: INK });
      flow.y -= lead;
    });
    flow.y -= style.gap;
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const text = drawable(fonts.regular, `${options.footer} · Page ${i + 1} of ${pages.length}`);
    p.drawText(text, { x: MARGIN, y: MARGIN - 24, size: 8, font: fonts.regular, color: rgb(0.35, 0.35, 0.35) });
  });
  return doc;
}

export interface SigningIdentity {
  /** The PKCS#12 (certificate and private key) and its passphrase. */
  p12: Buffer;
  passphrase: string;
}

export interface SignatureInfo {
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
}

/**
 * Saves the document with a signature placeholder and signs it as a PAdES baseline signature (decision 121):
 * ETSI.CAdES.detached, SHA-256, over the whole file but the signature itself; the time is the dictionary's /M;
 * with a timestamper, the signature value is timestamped (B-T).
 */
export async function signPdf(
  doc: PDFDocument,
  identity: SigningIdentity,
  info: SignatureInfo,
  signingTime = new Date(),
  timestamp?: Timestamper,
): Promise<Buffer> {
  pdflibAddPlaceholder({ pdfDoc: doc, ...info, signingTime, signatureLength: 16384, subFilter: SUBFILTER_ETSI_CADES_DETACHED });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const cms = await openP12(identity.p12, identity.passphrase);
  const signer = new (class extends Signer {
    override async sign(content: Buffer): Promise<Buffer> {
      return cadesDetached(content, cms, timestamp);
    }
  })();
  return new SignPdf().sign(unsigned, signer, signingTime);
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

export interface PdfSignatureCheck {
  status: 'valid' | 'invalid' | 'missing';
  /** The signing certificate's subject common name and its SHA-256 fingerprint. */
  signer: string | null;
  fingerprint: string | null;
  /** Why it is invalid, for the logs and tests. */
  reason?: string;
  /** The signature dictionary's /SubFilter: ETSI.CAdES.detached (PAdES) or adbe.pkcs7.detached (sealed before decision 121). */
  subFilter?: string | null;
  /** The RFC 3161 signature timestamp, when there is one and it holds. */
  timestamp?: { at: Date; authority: string } | null;
}

const latin1 = (b: Buffer, from: number, to: number) => b.toString('latin1', from, to);

/**
 * Checks the last signature of a PDF: its byte range covers the whole file but the signature, the
 * messageDigest it signed is the SHA-256 of those bytes, the signature over its signed attributes verifies with
 * the certificate it names, its ESS signing-certificate-v2 (if any) is that certificate's hash, and its
 * signature timestamp (if any) is over that signature. Trust in the certificates is a separate question.
 */
export function checkPdfSignature(pdf: Buffer): PdfSignatureCheck {
  const text = latin1(pdf, 0, pdf.length);
  const at = text.lastIndexOf('/ByteRange');
  if (at < 0) return { status: 'missing', signer: null, fingerprint: null };
  const invalid = (reason: string, signer: string | null = null, fingerprint: string | null = null): PdfSignatureCheck => ({
    status: 'invalid',
    signer,
    fingerprint,
    reason,
  });
  const m = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 100));
  if (!m) return invalid('unreadable byte range');
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c <= b || c + d !== pdf.length || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e)
    return invalid('the byte range does not cover the file');
  const hex = latin1(pdf, b + 1, c - 1).replace(/(00)+$/, '');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2) return invalid('unreadable signature');
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  // The dictionary the signature sits in: from its /Type /Sig (or the last << before it) to the /Contents.
  const dict = text.slice(Math.max(0, text.lastIndexOf('<<', b)), b);
  const subFilter =
    /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dict)?.[1] ??
    /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(text.slice(Math.max(0, at - 2000), at + 2000))?.[1] ??
    null;
  try {
    const check = checkCms(Buffer.from(hex, 'hex'), signed);
    if (!check.ok) return invalid(check.reason ?? 'the signature does not match', check.signer, check.fingerprint);
    if (subFilter === SUBFILTER_ETSI_CADES_DETACHED && (check.signingCertificateV2 !== 'matches' || check.signingTimeAttribute)) {
      return invalid(
        'not a PAdES baseline signature (signing-certificate-v2 missing, or a signing-time attribute)',
        check.signer,
        check.fingerprint,
      );
    }
    return { status: 'valid', signer: check.signer, fingerprint: check.fingerprint, subFilter, timestamp: check.timestamp };
  } catch {
    return invalid('unreadable signature');
  }
}

/** A self-signed certificate and key as a PKCS#12 (RSA 2048, SHA-256, ten years). */
export function selfSignedP12(commonName: string, organization: string, passphrase: string): Buffer {
  // Node makes the key (native, milliseconds); forge's own generator takes seconds.
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = { privateKey: forge.pki.privateKeyFromPem(pair.privateKey), publicKey: forge.pki.publicKeyFromPem(pair.publicKey) };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: organization },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: '3des', friendlyName: commonName });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The PKCS#12's certificate: subject common name and SHA-256 fingerprint (to say who signed, and to tell ours apart). */
export function p12Certificate(p12: Buffer, passphrase: string): { commonName: string; fingerprint: string; notAfter: Date } {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  if (!cert) throw new Error('The PKCS#12 holds no certificate.');
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  return {
    commonName: (cert.subject.getField('CN')?.value as string | undefined) ?? '',
    fingerprint: new X509Certificate(der).fingerprint256.replace(/:/g, '').toLowerCase(),
    notAfter: cert.validity.notAfter,
  };
}
