// The optional built-in SMTP listener (INBOUND_SMTP_PORT) for breeders who point their domain's MX at the site:
// it accepts mail only for genuine reply addresses (anything else: 550 at RCPT TO or after DATA) and hands each
// message to the same receiver as the webhook.
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { receiveInboundEmail } from './inbound.ts';
import { parseReplyAddress } from './reply-token.ts';
import { INBOUND_BODY_LIMIT } from './inbound-email.plugin.ts';

type Services = Pick<AppServices, 'mail' | 'env' | 'live' | 'media' | 'push'>;

const refuse = (message: string) => Object.assign(new Error(message), { responseCode: 550 });

export async function startInboundSmtp(
  orm: MikroORM,
  services: Services,
  port: number,
  host = '0.0.0.0',
  log?: { error: (obj: object, msg: string) => void },
) {
  const server = new SMTPServer({
    // Receiving for our own domain from other mail servers: no authentication, plain or opportunistic transport.
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: INBOUND_BODY_LIMIT,
    banner: 'reply handler',
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!parseReplyAddress(address.address, services.env.mailDomain)) return callback(refuse('5.1.1 No such reply address here'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 }));
        const envelope = session.envelope.rcptTo.map((r) => r.address);
        receiveInboundEmail(orm.em.fork(), services, Buffer.concat(chunks), envelope).then(
          () => callback(),
          (error: unknown) => {
            if (error instanceof AppError) return callback(refuse(`5.7.1 ${error.message}`));
            log?.error({ err: error }, 'inbound SMTP message failed');
            callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log?.error({ err }, 'inbound SMTP listener error'));
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
