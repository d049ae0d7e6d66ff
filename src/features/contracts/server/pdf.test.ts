// The PDF helpers on their own: layout from Markdown, a signature every reader can check, and the check itself
// (valid as made; invalid with one byte changed; missing on an unsigned PDF).
import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { createHash } from 'node:crypto';
import { buildPdf, checkPdfSignature, markdownBlocks, p12Certificate, selfSignedP12, signPdf } from './pdf.ts';

const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

describe('pdf helpers', () => {
  const p12 = selfSignedP12('Test Breeder', 'Test Kennel', 'secret');
  const info = { reason: 'Test', name: 'Test Breeder', location: 'Colorado', contactInfo: 'test@example.com' };

  it('lays out Markdown and draws what the font cannot as ? instead of failing', async () => {
    const doc = await buildPdf(markdownBlocks('# Puppy “Agreement”\n\nSome **bold** text 🐶\n\n- item one\n1. first'), {
      title: 'T',
      author: 'A',
      footer: 'Foot',
    });
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
    expect(checkPdfSignature(pdf)).toEqual({
      status: 'valid',
      signer: 'Test Breeder',
      fingerprint: cert.fingerprint,
      subFilter: 'ETSI.CAdES.detached',
      timestamp: null,
    });
    const changed = Buffer.from(pdf);
    changed[200] = changed[200]! ^ 1;
    expect(checkPdfSignature(changed)).toMatchObject({ status: 'invalid', reason: 'the document changed after it was signed' });
    const appended = Buffer.concat([pdf, Buffer.from('\n% more')]);
    expect(checkPdfSignature(appended)).toMatchObject({ status: 'invalid', reason: 'the byte range does not cover the file' });
  });

  it('is a PAdES baseline B-B signature: ETSI.CAdES.detached, signing-certificate-v2 = the certificate’s SHA-256, no signing-time, /M set', async () => {
    const cert = p12Certificate(p12, 'secret');
    const when = new Date('2026-11-28T09:00:00Z');
    const pdf = await signPdf(
      await buildPdf(markdownBlocks('Hello'), { title: 'T', author: 'A', footer: 'F' }),
      { p12, passphrase: 'secret' },
      info,
      when,
    );
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/SubFilter\s*\/ETSI\.CAdES\.detached/);
    expect(text).toContain('/M (D:20261128090000Z)');
    // The CMS, read here with pkijs on its own.
    const [, from, to] = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)/.exec(text)!.map(Number) as [number, number, number];
    const der = Buffer.from(text.slice(from + 1, to - 1).replace(/(00)+$/, ''), 'hex');
    const content = pkijs.ContentInfo.fromBER(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength));
    expect(content.contentType).toBe('1.2.840.113549.1.7.2');
    const sd = new pkijs.SignedData({ schema: content.content });
    expect(sd.encapContentInfo.eContent).toBeUndefined();
    const signer = sd.signerInfos[0]!;
    const types = signer.signedAttrs!.attributes.map((a) => a.type).sort();
    expect(types).toEqual(['1.2.840.113549.1.9.16.2.47', '1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4']);
    const ess = signer.signedAttrs!.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.47')!.values[0] as asn1js.Sequence;
    const essCertId = ((ess.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
    const certHash = Buffer.from((essCertId[0] as asn1js.OctetString).valueBlock.valueHexView).toString('hex');
    expect(certHash).toBe(cert.fingerprint);
    const signerCert = sd.certificates![0] as pkijs.Certificate;
    expect(createHash('sha256').update(Buffer.from(signerCert.toSchema().toBER())).digest('hex')).toBe(cert.fingerprint);
    expect(signer.unsignedAttrs).toBeUndefined();
    expect(checkPdfSignature(pdf)).toMatchObject({ status: 'valid', subFilter: 'ETSI.CAdES.detached', timestamp: null });
    for (const at of [20, from - 10, to + 10]) {
      const changed = Buffer.from(pdf);
      changed[at] = changed[at]! ^ 1;
      expect(checkPdfSignature(changed)).toMatchObject({ status: 'invalid' });
    }
  });

  it('says missing for a PDF without a signature', async () => {
    const doc = await buildPdf(markdownBlocks('Hello'), { title: 'T', author: 'A', footer: 'F' });
    expect(checkPdfSignature(Buffer.from(await doc.save())).status).toBe('missing');
  });
});
