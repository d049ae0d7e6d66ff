// The PDF helpers on their own: layout from Markdown, a signature every reader can check, and the check itself
// (valid as made; invalid with one byte changed; missing on an unsigned PDF).
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { buildPdf, checkPdfSignature, markdownBlocks, p12Certificate, selfSignedP12, signPdf } from './pdf.ts';

const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

describe('pdf helpers', () => {
  const p12 = selfSignedP12('Test Breeder', 'Test Kennel', 'secret');
  const info = { reason: 'Test', name: 'Test Breeder', location: 'Colorado', contactInfo: 'test@example.com' };

  it('lays out Markdown and draws what the font cannot as ? instead of failing', async () => {
    const doc = await buildPdf(markdownBlocks('# Puppy “Agreement”\n\nSome **bold** text 🐶\n\n- item one\n1. first'), { title: 'T', author: 'A', footer: 'Foot' });
    const text = await textOf(await doc.save());
    expect(text).toContain('Puppy “Agreement”');
    expect(text).toContain('Some bold text ?');
    expect(text).toContain('• item one');
    expect(text).toContain('1. first');
    expect(text).toContain('Foot · Page 1 of 1');
  });

  it('signs with the PKCS#12 and the check finds the signer; one changed byte makes it invalid', async () => {
    const cert = p12Certificate(p12, 'secret');
    expect(cert.commonName).toBe('Test Breeder');
    const doc = await buildPdf(markdownBlocks('Hello'), { title: 'T', author: 'A', footer: 'F' });
    const pdf = await signPdf(doc, { p12, passphrase: 'secret' }, info);
    expect(checkPdfSignature(pdf)).toEqual({ status: 'valid', signer: 'Test Breeder', fingerprint: cert.fingerprint });
    const changed = Buffer.from(pdf);
    changed[200] = changed[200]! ^ 1;
    expect(checkPdfSignature(changed)).toMatchObject({ status: 'invalid', reason: 'the document changed after it was signed' });
    const appended = Buffer.concat([pdf, Buffer.from('\n% more')]);
    expect(checkPdfSignature(appended)).toMatchObject({ status: 'invalid', reason: 'the byte range does not cover the file' });
  });

  it('says missing for a PDF without a signature', async () => {
    const doc = await buildPdf(markdownBlocks('Hello'), { title: 'T', author: 'A', footer: 'F' });
    expect(checkPdfSignature(Buffer.from(await doc.save())).status).toBe('missing');
  });
});
