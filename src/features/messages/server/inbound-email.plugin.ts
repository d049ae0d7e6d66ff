// POST /api/inbound-email: what a mail provider's inbound route posts (the raw RFC 5322 message), signed with
// an HMAC-SHA256 of the body under INBOUND_EMAIL_SECRET (header X-Inbound-Signature, hex, "sha256=" optional).
// Anything unsigned, wrongly signed or for a reply address that is not genuine is refused with a 4xx.
import fp from 'fastify-plugin';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { toApiError } from '../../../lib/server/errors.ts';
import { receiveInboundEmail } from './inbound.ts';

export const INBOUND_PATH = '/api/inbound-email';
/** Replies with photos: the upload limits apply to each file, this to the whole message. */
export const INBOUND_BODY_LIMIT = 30 * 1024 * 1024;
const TYPES = ['message/rfc822', 'text/plain', 'application/octet-stream'];

export function inboundSignature(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function signatureOk(secret: string, body: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const hex = given
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), Buffer.from(inboundSignature(secret, body), 'hex'));
}

export default fp(
  async (app) => {
    await app.register(async (scope) => {
      for (const type of TYPES) {
        scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: INBOUND_BODY_LIMIT }, (_req, body, done) => done(null, body));
      }
      scope.post(INBOUND_PATH, { config: { crossSiteForm: true }, bodyLimit: INBOUND_BODY_LIMIT }, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const secret = app.services.env.inboundEmailSecret;
        if (!secret) return reply.code(404).send({ message: 'Inbound e-mail is not enabled on this site.' });
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!TYPES.includes(type) || !Buffer.isBuffer(request.body)) {
          return reply.code(415).send({ message: 'Send the raw e-mail (Content-Type: message/rfc822).' });
        }
        const signature = request.headers['x-inbound-signature'];
        if (!signatureOk(secret, request.body, Array.isArray(signature) ? signature[0] : signature)) {
          return reply.code(401).send({ message: 'The signature of this request is missing or wrong.' });
        }
        try {
          return reply.code(200).send(await receiveInboundEmail(request.em, app.services, request.body));
        } catch (error) {
          const { status, body, internal } = toApiError(error, app.services.env.isDev);
          if (internal) request.log.error({ err: error }, 'inbound e-mail failed');
          return reply.code(status).send(body);
        }
      });
    });
  },
  { name: 'inbound-email', dependencies: ['database', 'security'] },
);
