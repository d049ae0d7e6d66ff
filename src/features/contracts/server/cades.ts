// The sealed PDF's signature as a PAdES baseline signature (ETSI EN 319 142-1; the CMS per ETSI EN 319 122-1):
// a detached CMS SignedData (ETSI.CAdES.detached) whose signed attributes are the content type, the message
// digest and the ESS signing-certificate-v2 (the SHA-256 of the signing certificate, with its issuer and serial),
// and no signing-time (the time is the signature dictionary's /M). With a timestamp server, the signature value
// gets an RFC 3161 timestamp as the unsigned attribute id-aa-signatureTimeStampToken (B-T). Built with pkijs and
// asn1js; keys are used through WebCrypto. Also the reading side: the CMS parsed and checked on our own.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  verify as verifySignature,
  webcrypto,
  X509Certificate,
} from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import forge from 'node-forge';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

export const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto });

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
export const sha256 = (b: Uint8Array | ArrayBuffer) =>
  createHash('sha256')
    .update(b instanceof ArrayBuffer ? new Uint8Array(b) : b)
    .digest();

/** A PKCS#12 opened once: the key (WebCrypto, for pkijs) and the certificates, the signer's first. */
export interface CmsIdentity {
  key: CryptoKey;
  certificates: pkijs.Certificate[];
  /** The signer's certificate, DER. */
  certificateDer: Buffer;
}

const opened = new Map<string, Promise<CmsIdentity>>();

/** Opens a PKCS#12 (node-forge decrypts it) into a WebCrypto key and pkijs certificates; kept per file for the process. */
export function openP12(p12: Buffer, passphrase: string): Promise<CmsIdentity> {
  const id = createHash('sha256').update(p12).update('\0').update(passphrase).digest('hex');
  let identity = opened.get(id);
  if (!identity) {
    const made: Promise<CmsIdentity> = (async () => {
      const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
      const keyBag =
        (parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [])[0] ??
        (parsed.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? [])[0];
      const key = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
      if (!key) throw new Error('The PKCS#12 holds no private key.');
      const certs = (parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((b) => b.cert!).filter(Boolean);
      const pkcs8 = createPrivateKey(forge.pki.privateKeyToPem(key)).export({ type: 'pkcs8', format: 'der' });
      const ders = certs.map((c) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes(), 'binary'));
      // The signer's certificate is the one whose public key is the key's.
      const modulus = key.n.toString(16);
      const own = certs.findIndex((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.toString(16) === modulus);
      if (own < 0) throw new Error('The PKCS#12 holds no certificate for its key.');
      const ordered = [ders[own]!, ...ders.filter((_, i) => i !== own)];
      return {
        key: (await webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
          'sign',
        ])) as unknown as CryptoKey,
        certificates: ordered.map((d) => pkijs.Certificate.fromBER(ab(d))),
        certificateDer: ordered[0]!,
      };
    })();
    opened.set(id, made);
    made.catch(() => opened.delete(id));
    identity = made;
  }
  return identity;
}

/** ESS signing-certificate-v2 (RFC 5035): the certificate's SHA-256 (the default hash, so not named) with its issuer and serial. */
export function signingCertificateV2(cert: pkijs.Certificate, certDer: Uint8Array): asn1js.Sequence {
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [cert.issuer.toSchema()] })] }),
      asn1js.fromBER(cert.serialNumber.toBER()).result,
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: ab(sha256(certDer)) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** DER orders a SET OF by the elements' encodings. */
function derSorted(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const enc = (a: pkijs.Attribute) => Buffer.from(a.toSchema().toBER());
  return [...attributes].sort((a, b) => Buffer.compare(enc(a), enc(b)));
}

/** Asks for a timestamp token over these bytes; throws when the server cannot be reached or does not grant one. */
export type Timestamper = (signatureValue: Uint8Array) => Promise<Uint8Array>;

/** The detached CMS for the PDF's signed bytes, with a signature timestamp when a timestamper is given. */
export async function cadesDetached(content: Uint8Array, identity: CmsIdentity, timestamp?: Timestamper): Promise<Buffer> {
  const cert = identity.certificates[0]!;
  const attributes = derSorted([
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: ab(sha256(content)) })] }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(cert, identity.certificateDer)] }),
  ]);
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      }),
    ],
    certificates: identity.certificates,
  });
  await signedData.sign(identity.key, 0, 'SHA-256', undefined, engine);
  const signer = signedData.signerInfos[0]!;
  if (timestamp) {
    const token = await timestamp(signer.signature.valueBlock.valueHexView);
    signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [asn1js.fromBER(ab(token)).result] })],
    });
  }
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return Buffer.from(info.toSchema().toBER());
}

/** An RFC 3161 request (SHA-256 imprint, a nonce, the TSA's certificate asked for), and the nonce to check. */
export function timestampRequest(data: Uint8Array): { der: Buffer; nonce: Buffer } {
  const nonce = randomBytes(8);
  nonce[0]! &= 0x7f;
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256(data)) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  return { der: Buffer.from(req.toSchema().toBER()), nonce };
}

/** Reads a TimeStampResp: the token (a CMS ContentInfo, DER) if granted with our imprint and nonce, else throws. */
export function timestampToken(responseDer: Uint8Array, data: Uint8Array, nonce: Buffer): Buffer {
  const resp = pkijs.TimeStampResp.fromBER(ab(responseDer));
  if (resp.status.status !== pkijs.PKIStatus.granted && resp.status.status !== pkijs.PKIStatus.grantedWithMods) {
    throw new Error(`The timestamp server refused: status ${resp.status.status}`);
  }
  if (!resp.timeStampToken) throw new Error('The timestamp server answered without a token.');
  const token = Buffer.from(resp.timeStampToken.toSchema().toBER());
  const read = readTimestampToken(token);
  if (!read.imprintOk(data)) throw new Error('The timestamp is not over our signature.');
  if (
    read.nonce === null ||
    Buffer.compare(
      Buffer.from(read.nonce.replace(/^(00)+/, ''), 'hex'),
      Buffer.from(nonce.toString('hex').replace(/^(00)+/, ''), 'hex'),
    ) !== 0
  ) {
    throw new Error('The timestamp answers another request (nonce).');
  }
  if (!read.signatureOk) throw new Error('The timestamp token’s signature does not verify.');
  return token;
}

export interface TimestampInfo {
  genTime: Date;
  authority: string;
  nonce: string | null;
  signatureOk: boolean;
  imprintOk: (data: Uint8Array) => boolean;
}

/** A signer's CMS signature over its signed attributes, checked with the given certificate (Node's crypto). */
function signerVerifies(signer: pkijs.SignerInfo, certDer: Uint8Array, content: Uint8Array | null): boolean {
  const attrs = signer.signedAttrs;
  if (!attrs) return false;
  const digest = attrs.attributes.find((a) => a.type === OID.messageDigest)?.values[0] as asn1js.OctetString | undefined;
  if (content && (!digest || Buffer.compare(Buffer.from(digest.valueBlock.valueHexView), sha256(content)) !== 0)) return false;
  const data = Buffer.from(attrs.encodedValue);
  data[0] = 0x31;
  const key = createPublicKey({ key: Buffer.from(certDer), format: 'der', type: 'spki' } as never);
  return verifySignature('sha256', data, key, Buffer.from(signer.signature.valueBlock.valueHexView));
}

const certsOf = (sd: pkijs.SignedData) => (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);

/** The certificate a SignerInfo names (issuer and serial), DER. */
function signerCertificate(sd: pkijs.SignedData, signer: pkijs.SignerInfo): pkijs.Certificate | null {
  const sid = signer.sid;
  if (!(sid instanceof pkijs.IssuerAndSerialNumber)) return certsOf(sd)[0] ?? null;
  return certsOf(sd).find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
}

const spkiOf = (cert: pkijs.Certificate) => new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER());
const commonName = (cert: pkijs.Certificate) =>
  String(cert.subject.typesAndValues.find((t) => t.type === '2.5.4.3')?.value.valueBlock.value ?? '');

/** Reads an RFC 3161 token: its time, who issued it, and whether its own CMS signature holds. */
export function readTimestampToken(token: Uint8Array): TimestampInfo {
  const info = pkijs.ContentInfo.fromBER(ab(token));
  const sd = new pkijs.SignedData({ schema: info.content });
  if (sd.encapContentInfo.eContentType !== OID.tstInfo || !sd.encapContentInfo.eContent) throw new Error('Not a timestamp token.');
  const eContent = new Uint8Array(sd.encapContentInfo.eContent.getValue());
  const tst = pkijs.TSTInfo.fromBER(ab(eContent));
  const signer = sd.signerInfos[0];
  const cert = signer ? signerCertificate(sd, signer) : null;
  const signatureOk = !!signer && !!cert && signerVerifies(signer, spkiOf(cert), eContent);
  return {
    genTime: tst.genTime,
    authority: cert ? commonName(cert) : '',
    nonce: tst.nonce ? Buffer.from(tst.nonce.valueBlock.valueHexView).toString('hex') : null,
    signatureOk,
    imprintOk: (data) =>
      tst.messageImprint.hashAlgorithm.algorithmId === OID.sha256 &&
      Buffer.compare(Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView), sha256(data)) === 0,
  };
}

export interface CmsCheck {
  ok: boolean;
  reason?: string;
  signer: string | null;
  fingerprint: string | null;
  /** The signed attributes PAdES baseline asks about. */
  signingCertificateV2: 'matches' | 'mismatch' | 'absent';
  signingTimeAttribute: boolean;
  timestamp: { at: Date; authority: string } | null;
}

/** Checks a detached CMS over these bytes: digest, signature, ESS signing-certificate-v2, the signature timestamp if any. */
export function checkCms(cms: Uint8Array, content: Uint8Array): CmsCheck {
  const info = pkijs.ContentInfo.fromBER(ab(cms));
  if (info.contentType !== OID.signedData) throw new Error('not a SignedData');
  const sd = new pkijs.SignedData({ schema: info.content });
  const signer = sd.signerInfos[0];
  if (!signer) throw new Error('no signer');
  const cert = signerCertificate(sd, signer);
  const base = {
    signer: null as string | null,
    fingerprint: null as string | null,
    signingCertificateV2: 'absent' as const,
    signingTimeAttribute: false,
    timestamp: null,
  };
  if (!cert) return { ...base, ok: false, reason: 'no certificate' };
  const der = Buffer.from(cert.toSchema().toBER());
  const x509 = new X509Certificate(der);
  const who = { signer: commonName(cert) || x509.subject, fingerprint: x509.fingerprint256.replace(/:/g, '').toLowerCase() };
  const attrs = signer.signedAttrs?.attributes ?? [];
  const essValue = attrs.find((a) => a.type === OID.signingCertificateV2)?.values[0] as asn1js.Sequence | undefined;
  let ess: CmsCheck['signingCertificateV2'] = 'absent';
  if (essValue) {
    const first = (essValue.valueBlock.value[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const parts = first.valueBlock.value;
    // hashAlgorithm is absent for SHA-256 (the default); present, it must name SHA-256 here.
    const hashAt = parts[0] instanceof asn1js.OctetString ? 0 : 1;
    const named = hashAt === 1 ? new pkijs.AlgorithmIdentifier({ schema: parts[0] }).algorithmId : OID.sha256;
    const hash = parts[hashAt] as asn1js.OctetString;
    ess = named === OID.sha256 && Buffer.compare(Buffer.from(hash.valueBlock.valueHexView), sha256(der)) === 0 ? 'matches' : 'mismatch';
  }
  const common = { ...who, signingCertificateV2: ess, signingTimeAttribute: attrs.some((a) => a.type === OID.signingTime) };
  if (!attrs.length) return { ...common, timestamp: null, ok: false, reason: 'no signed attributes' };
  if (signer.digestAlgorithm.algorithmId !== OID.sha256) return { ...common, timestamp: null, ok: false, reason: 'not SHA-256' };
  const digest = attrs.find((a) => a.type === OID.messageDigest)?.values[0] as asn1js.OctetString | undefined;
  if (!digest || Buffer.compare(Buffer.from(digest.valueBlock.valueHexView), sha256(content)) !== 0) {
    return { ...common, timestamp: null, ok: false, reason: 'the document changed after it was signed' };
  }
  if (!signerVerifies(signer, spkiOf(cert), content))
    return { ...common, timestamp: null, ok: false, reason: 'the signature does not match' };
  if (ess === 'mismatch')
    return { ...common, timestamp: null, ok: false, reason: 'the signing certificate is not the one the signature names' };
  const tokenValue = signer.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken)?.values[0];
  let timestamp: CmsCheck['timestamp'] = null;
  if (tokenValue) {
    const token = readTimestampToken(new Uint8Array(tokenValue.toBER()));
    if (!token.imprintOk(signer.signature.valueBlock.valueHexView))
      return { ...common, timestamp: null, ok: false, reason: 'the timestamp is not over this signature' };
    if (!token.signatureOk) return { ...common, timestamp: null, ok: false, reason: 'the timestamp’s signature does not verify' };
    timestamp = { at: token.genTime, authority: token.authority };
  }
  return { ...common, timestamp, ok: true };
}
