// The baseline of the pages benchmark: @fastify/static serving one HTML file (the same bytes the app
// renders), nothing else. Run as a child process:
//   PORT=… ROOT=/tmp/dir node bench/lib/static-server.ts   (serves ROOT/index.html at /)
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.ROOT ?? '/nonexistent', index: 'index.html' });
app.get('/readyz', () => ({ status: 'ready' }));
const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
