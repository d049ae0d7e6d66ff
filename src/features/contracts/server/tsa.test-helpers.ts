// A real RFC 3161 timestamp server for tests, on a local port: HTTP POST application/timestamp-query answered with
// a TimeStampResp whose token is a CMS SignedData over a TSTInfo, signed with a test certificate (extended key
// usage timeStamping). Built with pkijs and WebCrypto only, independently of the code it tests. Its clock is
// fixed (genTime), so a test can tell the timestamp's time from the local clock's. It can be stopped and started
// again on the same port (a timestamp server that goes away and comes back).
import { createHash, webcrypto } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const engine = new pkijs.CryptoEngine({ name: 'tsa', crypto: webcrypto as unknown as Crypto });
const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

export interface TestTsa {
  url: string;
  /** The time every token carries. */
  genTime: Date;
  /** Requests answered with a token. */
  granted: number;
  /** Told 'request' as a request arrives and 'response' as its answer is written (after `delayMs`). */
  events: EventEmitter;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function tsaCertificate(keys: CryptoKeyPair): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: 3161 });
  const name = () => [
    new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'Test Timestamp Authority' }) }),
  ];
  cert.issuer.typesAndValues.push(...name());
  cert.subject.typesAndValues.push(...name());
  cert.notBefore.value = new Date(Date.now() - 86_400_000);
  cert.notAfter.value = new Date(Date.now() + 365 * 86_400_000);
  const eku = new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.8'] });
  cert.extensions = [
    new pkijs.Extension({ extnID: '2.5.29.37', critical: true, extnValue: eku.toSchema().toBER(false), parsedValue: eku }),
  ];
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey, engine);
  await cert.sign(keys.privateKey, 'SHA-256', engine);
  return cert;
}

/** `delayMs`: how long each answer takes (a slow timestamp server, e.g. 15 s; decision 140). */
export async function startTestTsa(
  genTime = new Date('2026-11-28T07:30:00Z'),
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<TestTsa> {
  const keys = (await webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as unknown as CryptoKeyPair;
  const cert = await tsaCertificate(keys);
  let serial = 1;

  const answer = async (body: Buffer): Promise<Buffer> => {
    const req = pkijs.TimeStampReq.fromBER(ab(body));
    const tst = new pkijs.TSTInfo({
      version: 1,
      policy: '1.3.6.1.4.1.55555.1',
      messageImprint: req.messageImprint,
      serialNumber: new asn1js.Integer({ value: serial++ }),
      genTime,
      ...(req.nonce ? { nonce: req.nonce } : {}),
    });
    const tstDer = new Uint8Array(tst.toSchema().toBER());
    const signed = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: '1.2.840.113549.1.9.16.1.4',
        eContent: new asn1js.OctetString({ valueHex: ab(tstDer) }),
      }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.3',
                values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.9.16.1.4' })],
              }),
              new pkijs.Attribute({
                type: '1.2.840.113549.1.9.4',
                values: [new asn1js.OctetString({ valueHex: ab(createHash('sha256').update(tstDer).digest()) })],
              }),
            ],
          }),
        }),
      ],
      ...(req.certReq ? { certificates: [cert] } : {}),
    });
    await signed.sign(keys.privateKey, 0, 'SHA-256', undefined, engine);
    const resp = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
      timeStampToken: new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signed.toSchema(true) }),
    });
    return Buffer.from(resp.toSchema().toBER());
  };

  const tsa = { genTime, granted: 0, events: new EventEmitter() } as TestTsa;
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (c: Buffer) => chunks.push(c));
        request.on('end', () => {
          if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
            response.writeHead(400).end();
            return;
          }
          tsa.events.emit('request');
          answer(Buffer.concat(chunks)).then(
            async (der) => {
              if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
              tsa.granted++;
              tsa.events.emit('response');
              response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(der);
            },
            () => response.writeHead(400).end(),
          );
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  tsa.url = `http://127.0.0.1:${port}/tsa`;
  tsa.stop = stop;
  tsa.start = listen;
  tsa.close = () => (server.listening ? stop() : Promise.resolve());
  return tsa;
}
