// The baseline of the API benchmark: a bare Fastify server (no plugins, no database) that answers
// one route with a fixed body held in memory. Run as a child process:
//   PORT=… ROUTE=/api/puppies/featured BODY_FILE=/tmp/body.json node bench/lib/bare-server.ts
// GET /readyz answers 200 once it listens.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const route = process.env.ROUTE ?? '/';
const body = readFileSync(process.env.BODY_FILE ?? '/dev/null');
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';

const app = Fastify({ logger: false });
app.get(route, (_req, reply) => {
  reply.type(contentType).send(body);
});
app.get('/readyz', () => ({ status: 'ready' }));

const close = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port, host: '127.0.0.1' });
