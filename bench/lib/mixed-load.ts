// A mixed load in its own process: mostly public reads and pages, the rest inquiries and subscriptions,
// each write carrying a unique marker and coming from its own client address (X-Forwarded-For; the
// server under test trusts one proxy hop). Prints one JSON line: autocannon's figures, the answers by
// kind and status, and how many writes the server acknowledged.
// Settings (environment): TARGET (origin), CONNECTIONS, SECONDS, MARKER, WRITE_SHARE (0..1).
import autocannon from 'autocannon';

const target = process.env.TARGET ?? 'http://127.0.0.1:3000';
const connections = Number(process.env.CONNECTIONS ?? 100);
const seconds = Number(process.env.SECONDS ?? 10);
const marker = process.env.MARKER ?? `bench${Date.now()}`;
const writeShare = Number(process.env.WRITE_SHARE ?? 0.1);

const READS = [
  '/api/puppies/featured',
  '/api/litters/active',
  '/api/parents/featured',
  '/api/gallery',
  '/api/testimonials/featured',
  '/api/settings',
  '/',
  '/blog',
  '/resources',
];

type Kind = 'read' | 'inquiry' | 'subscriber';
interface Ctx {
  kind?: Kind;
  n?: number;
}
const answers: Record<Kind, Record<string, number>> = { read: {}, inquiry: {}, subscriber: {} };
let acknowledged = { inquiry: 0, subscriber: 0 };
/** The numbers of the writes the server acknowledged (each is in its row's e-mail address). */
const acknowledgedIds: number[] = [];
let sequence = 0;

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const instance = autocannon(
  {
    url: target,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (req: autocannon.Request, ctx: object) => {
          const context = ctx as Ctx;
          const n = ++sequence;
          if (Math.random() >= writeShare) {
            context.kind = 'read';
            return {
              ...req,
              method: 'GET' as const,
              path: READS[n % READS.length],
              headers: { accept: 'application/json, text/html' },
              body: undefined,
            };
          }
          const kind: Kind = n % 2 ? 'inquiry' : 'subscriber';
          context.kind = kind;
          context.n = n;
          const headers = { 'content-type': 'application/json', origin: target, 'x-forwarded-for': address(n) };
          const body =
            kind === 'inquiry'
              ? {
                  name: 'Bench Family',
                  email: `${marker}-${n}@example.com`,
                  interest: 'information',
                  message: `${marker} inquiry number ${n}`,
                }
              : { email: `${marker}-${n}@example.com`, name: 'Bench' };
          return {
            ...req,
            method: 'POST' as const,
            path: kind === 'inquiry' ? '/api/inquiries' : '/api/subscribers',
            headers,
            body: JSON.stringify(body),
          };
        },
        onResponse: (status: number, _body: string, ctx: object) => {
          const kind = (ctx as Ctx).kind ?? 'read';
          answers[kind][status] = (answers[kind][status] ?? 0) + 1;
          if (kind !== 'read' && status >= 200 && status < 300) {
            acknowledged = { ...acknowledged, [kind]: acknowledged[kind] + 1 };
            acknowledgedIds.push((ctx as Ctx).n ?? 0);
          }
        },
      },
    ],
  },
  (error: Error | null, result: autocannon.Result) => {
    if (error) {
      console.error(error.message);
      process.exit(1);
    }
    console.log(
      JSON.stringify({
        rps: result.requests.average,
        total: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        errors: result.errors,
        timeouts: result.timeouts,
        resets: result.resets,
        non2xx: result.non2xx,
        answers,
        errorsByCode,
        acknowledged,
        acknowledgedIds,
        marker,
      }),
    );
  },
);
// Connection-level failures by kind: a reset mid-request (ECONNRESET) is a bug; refused after the server exited is not.
const errorsByCode: Record<string, number> = {};
instance.on('reqError', (error: NodeJS.ErrnoException) => {
  const code = error.code ?? error.message;
  errorsByCode[code] = (errorsByCode[code] ?? 0) + 1;
});
process.once('SIGINT', () => instance.stop());
