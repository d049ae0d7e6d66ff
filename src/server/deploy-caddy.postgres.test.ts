// The deploy recipe, run (issue 48, item 5; decision 168): the shipped deploy/Caddyfile (its domain, ports and log
// path substituted, Caddy's own CA instead of Let's Encrypt) in real Caddy, in front of two real server processes
// with the shipped settings (deploy/doodles.env, deploy/doodles@.service) on a PostgreSQL database. Checked through
// the proxy: https with HSTS and a Secure cookie; rate limits keyed on the visitor's address, not Caddy's; a signed
// inbound e-mail; a reply on a live stream within 1 s; a 200 MiB upload; a rolling restart under load without a 5xx
// or a lost write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { closeDatabase, openDatabase, ROOT_DIR } from './db.ts';
import { serverUrl, templateDbName, withDatabase } from './testing/test-db.ts';
import { signIn, TEST_PASSWORD } from './testing/auth.ts';
import { sseReader } from './testing/sse.ts';
import { VIDEO_MAX_BYTES } from '../features/media/media.schema.ts';

const url = serverUrl();
if (!url) throw new Error('deploy-caddy.postgres.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then).');
if (spawnSync('caddy', ['version']).status !== 0)
  throw new Error('deploy-caddy.postgres.test.ts needs caddy (apt-get install caddy; .ci/run installs it).');

const DEPLOY = path.join(ROOT_DIR, 'deploy');
/** The placeholders of the shipped files, and the address the test's Caddy answers as. */
const SHIPPED_DOMAIN = 'doodles.example.com';
const SHIPPED_UPSTREAMS = ['127.0.0.1:3000', '127.0.0.1:3001'];
const SHIPPED_LOG = '/var/log/caddy/doodles.log';
const DOMAIN = 'localhost';
const INBOUND_EMAIL_SECRET = randomBytes(16).toString('hex');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** `KEY=value` lines of a systemd environment file (single or double quotes around a value are removed). */
function environmentFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) vars[m[1]!] = m[2]!.replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
  }
  return vars;
}

/** The unit's `Environment=` assignments, for instance `port`. */
function unitEnvironment(unit: string, port: number): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [, line] of unit.matchAll(/^Environment=(.*)$/gm))
    for (const pair of line!.split(/\s+/)) {
      const [key, ...value] = pair.split('=');
      vars[key!] = value.join('=').replaceAll('%i', String(port)).replaceAll('%H', os.hostname());
    }
  return vars;
}

/** The shipped Caddyfile with this run's names and ports; each placeholder must be there, or the shipped file changed. */
function renderCaddyfile(upstreams: number[], ports: { http: number; https: number }, dir: string): string {
  let text = readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
  const replace = (from: string, to: string) => {
    expect(text, `deploy/Caddyfile no longer contains ${from}`).toContain(from);
    text = text.replaceAll(from, to);
  };
  replace(SHIPPED_DOMAIN, DOMAIN);
  SHIPPED_UPSTREAMS.forEach((upstream, i) => replace(upstream, `127.0.0.1:${upstreams[i]}`));
  replace(SHIPPED_LOG, path.join(dir, 'access.log'));
  // Global options for a test: unprivileged ports, certificates from Caddy's own CA (what `tls internal` does for
  // one site) kept in this run's directory, nothing installed into the system's trust store, no admin endpoint.
  const globals = `{
	admin off
	local_certs
	skip_install_trust
	http_port ${ports.http}
	https_port ${ports.https}
	storage file_system {
		root ${path.join(dir, 'data')}
	}
}
`;
  return globals + text;
}

interface Instance {
  port: number;
  child: ChildProcess;
  output: () => string;
}

describe('the deploy recipe: Caddy in front of two instances on PostgreSQL', () => {
  const name = `goldendoodle_deploy_${randomBytes(6).toString('hex')}`;
  const dbUrl = withDatabase(url, name);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doodle-deploy-'));
  const dataDir = path.join(dir, 'site-data');
  const settings = environmentFile(readFileSync(path.join(DEPLOY, 'doodles.env'), 'utf8'));
  const unit = readFileSync(path.join(DEPLOY, 'doodles@.service'), 'utf8');
  let admin: pg.Client;
  let orm: MikroORM;
  let caddy: ChildProcess | undefined;
  let caddyOutput = '';
  let ports: { http: number; https: number };
  let origin: string;
  let ca: Buffer;
  const instances: Instance[] = [];
  /** Every process the test starts, stopped at the end whatever happened. */
  const started = new Set<ChildProcess>();
  const agents = new Map<string, https.Agent>();
  const streams: Array<{ cancel: () => Promise<unknown> }> = [];

  /** One server process (src/server/main.ts) with the shipped settings; resolves once it listens. */
  async function startInstance(port: number): Promise<Instance> {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      // The shipped settings that decide how the site behaves behind the proxy.
      NODE_ENV: settings.NODE_ENV!,
      TRUST_PROXY: settings.TRUST_PROXY!,
      SEED_DEMO: settings.SEED_DEMO!,
      SHUTDOWN_DELAY_MS: settings.SHUTDOWN_DELAY_MS!,
      ...unitEnvironment(unit, port),
      // This machine's database, directory and origin.
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      // Every request logged, so the test sees when Caddy sends visitors to a restarted instance.
      LOG_ACCESS_SAMPLE: '1',
      INBOUND_EMAIL_SECRET,
    };
    const child = spawn(process.execPath, [path.join(ROOT_DIR, 'src/server/main.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(child);
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await new Promise<void>((resolve, reject) => {
      const check = () => /Server listening at/.test(output) && resolve();
      child.stdout!.on('data', check);
      child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${output}`)));
    });
    return { port, child, output: () => output };
  }

  /** SIGTERM, as systemd stops a unit; SIGKILL after 30 s (its TimeoutStopSec). Resolves with the exit code. */
  async function stop(child: ChildProcess): Promise<number | null> {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  }

  /** Waits until `read()` matches `pattern` (output arriving from `child`), within `ms`; fails at once if it exits. */
  async function waitForOutput(child: ChildProcess, read: () => string, pattern: RegExp, ms: number, what: string): Promise<void> {
    const deadline = Date.now() + ms;
    while (!pattern.test(read())) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what}: the process exited: ${read().slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${ms} ms: ${read().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** An https agent that connects from `from` (a loopback address standing for a visitor) and trusts Caddy's CA. */
  const agentFor = (from: string) => {
    let agent = agents.get(from);
    if (!agent)
      agents.set(from, (agent = new https.Agent({ keepAlive: true, ca, localAddress: from, servername: DOMAIN, maxSockets: 16 })));
    return agent;
  };

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    text: string;
  }
  /** A request to the site through Caddy, as a visitor at `from`; the body may be a stream. */
  function request(
    method: string,
    pathname: string,
    options: { from?: string; headers?: Record<string, string>; body?: string | Readable; stream?: boolean } = {},
  ): Promise<Answer & { res: http.IncomingMessage }> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: ports.https,
          method,
          path: pathname,
          agent: agentFor(options.from ?? '127.0.0.1'),
          servername: DOMAIN,
          headers: { host: new URL(origin).host, ...options.headers },
        },
        (res) => {
          if (options.stream) return resolve({ status: res.statusCode!, headers: res.headers, text: '', res });
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, res }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (options.body instanceof Readable) options.body.pipe(req);
      else req.end(options.body);
    });
  }
  const json = (cookie?: string) => ({ 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) });
  const trpcPost = async (procedure: string, cookie: string, input: unknown) => {
    const res = await request('POST', `/trpc/${procedure}`, { headers: json(cookie), body: JSON.stringify(input) });
    return {
      status: res.status,
      data: res.status === 200 ? (JSON.parse(res.text) as { result: { data: unknown } }).result.data : undefined,
    };
  };

  beforeAll(async () => {
    // systemd lets the settings file win over the unit's Environment=: it must leave each instance's own to the unit.
    expect(Object.keys(settings).filter((key) => key in unitEnvironment(unit, 3000))).toEqual([]);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDbName()}"`);
    orm = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });

    const [a, b, httpPort, httpsPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    ports = { http: httpPort!, https: httpsPort! };
    origin = `https://${DOMAIN}:${ports.https}`;
    // The instances first, so that Caddy's first health checks find both up.
    instances.push(...(await Promise.all([startInstance(a!), startInstance(b!)])));
    const config = path.join(dir, 'Caddyfile');
    writeFileSync(config, renderCaddyfile([a!, b!], ports, dir));
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', config], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.add(caddy);
    caddy.stdout!.on('data', (d) => (caddyOutput += d));
    caddy.stderr!.on('data', (d) => (caddyOutput += d));
    // Caddy makes the site's certificate in the background once it serves.
    await waitForOutput(
      caddy,
      () => caddyOutput,
      new RegExp(`certificate obtained successfully.*"identifier":"${DOMAIN}"`),
      30_000,
      "Caddy's certificate",
    );
    ca = readFileSync(path.join(dir, 'data/pki/authorities/local/root.crt'));
  });

  afterAll(async () => {
    await Promise.all(streams.map((s) => s.cancel()));
    for (const agent of agents.values()) agent.destroy();
    await Promise.all([...started].map(stop));
    if (orm) await closeDatabase(orm);
    await admin?.query(`drop database if exists "${name}" with (force)`);
    await admin?.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves https only, with HSTS and a Secure session cookie, and compresses nothing twice', async () => {
    // http:// answers with a redirect to the https origin.
    const plain = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: '127.0.0.1', port: ports.http, path: '/puppies', headers: { host: DOMAIN } }, resolve).on('error', reject),
    );
    plain.resume();
    expect(plain.statusCode).toBe(308);
    const location = new URL(plain.headers.location!);
    expect([location.protocol, location.hostname, location.pathname]).toEqual(['https:', DOMAIN, '/puppies']);

    await signIn(orm, { username: 'deploy_breeder', isAdmin: true });
    const login = await request('POST', '/api/login', {
      headers: json(),
      body: JSON.stringify({ username: 'deploy_breeder', password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(login.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookie = login.headers['set-cookie']!.find((c) => c.startsWith('sid='))!;
    expect(cookie.split(';').map((part) => part.trim().toLowerCase())).toEqual(expect.arrayContaining(['secure', 'httponly']));

    // The app compresses its own answers; Caddy passes them on as they are.
    const spec = await request('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'br, gzip' }, stream: true });
    expect(spec.status).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    spec.res.resume();
  });

  it('keys rate limits on the visitor’s address: two visitors get two budgets, and a forged X-Forwarded-For changes nothing', async () => {
    const inquiry = JSON.stringify({
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      interest: 'available',
      message: 'We would love to hear more about your next litter.',
    });
    const send = (from: string, headers: Record<string, string> = {}) =>
      request('POST', '/api/inquiries', { from, headers: { ...json(), ...headers }, body: inquiry });
    for (let i = 0; i < 5; i++) {
      const sent = await send('127.0.0.2');
      expect(sent.status).toBe(201);
    }
    const refused = await send('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).message).toMatch(/^Too many (requests|attempts)\. Please try again in \d+ (seconds?|minutes?)\.$/);
    // Claiming to be someone else does not buy a new budget: Caddy replaces the header it was sent.
    expect((await send('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another visitor behind the same proxy is unaffected.
    expect((await send('127.0.0.3')).status).toBe(201);
  });

  it('passes a mail provider’s signed inbound e-mail to the site byte for byte', async () => {
    const raw = [
      'From: Jamie Rivera <jamie@example.com>',
      `To: reply+nobody@${DOMAIN}`,
      'Subject: Re: Pick day',
      'Message-ID: <deploy-test@example.com>',
      '',
      'Thank you!',
      '',
    ].join('\r\n');
    const post = (signature?: string) =>
      request('POST', '/api/inbound-email', {
        headers: { 'content-type': 'message/rfc822', ...(signature ? { 'x-inbound-signature': signature } : {}) },
        body: raw,
      });
    expect((await post()).status).toBe(401);
    // The signature checks out behind the proxy (the body arrived unchanged); the address is no genuine reply address.
    const signed = await post(`sha256=${createHmac('sha256', INBOUND_EMAIL_SECRET).update(raw).digest('hex')}`);
    expect(signed.status, signed.text).toBe(404);
  });

  it('delivers a reply to an open live stream through the proxy within 1 s', async () => {
    const breeder = await signIn(orm, { username: 'deploy_breeder', isAdmin: true });
    const family = await signIn(orm, { username: 'deploy_family', isAdmin: false });
    expect((await trpcPost('messages.send', family.cookie, { text: 'Hello from the family' })).status).toBe(200);
    const list = await request('GET', '/trpc/messages.list', { headers: { cookie: family.cookie } });
    const { conversationId } = (JSON.parse(list.text) as { result: { data: { conversationId: number } } }).result.data;

    const live = await request('GET', '/trpc/messages.live', {
      headers: { cookie: family.cookie, accept: 'text/event-stream' },
      stream: true,
    });
    expect(live.status).toBe(200);
    const sse = sseReader(Readable.toWeb(live.res) as ReadableStream<Uint8Array>);
    streams.push(sse);
    await sse.next((e) => e.event === 'connected', 10_000);
    // Several replies, so that both instances post some (the stream is held by one of them).
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const sent = await trpcPost('admin.messages.send', breeder.cookie, { conversationId, text: `Reply ${i} through the proxy` });
      expect(sent.status).toBe(200);
      const started = Date.now();
      const id = (sent.data as { id: number }).id;
      await sse.next((e) => (e.data as { messageId?: number }).messageId === id, 1000);
      delays.push(Date.now() - started);
    }
    console.log(`live replies through Caddy arrived ${delays.join(', ')} ms after their answers`);
  });

  it('passes a 200 MiB upload, the largest the site accepts, streamed through the proxy', async () => {
    const breeder = await signIn(orm, { username: 'deploy_breeder', isAdmin: true });
    // The proxy's limit is the site's, plus room for the form around the file.
    const adapted = spawnSync('caddy', ['adapt', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], { encoding: 'utf8' });
    const maxSize = Number(/"max_size":\s*(\d+)/.exec(adapted.stdout)?.[1]);
    expect(maxSize).toBeGreaterThanOrEqual(VIDEO_MAX_BYTES + 4096);
    expect(maxSize).toBeLessThanOrEqual(VIDEO_MAX_BYTES + 1024 * 1024);

    // A real one-second MP4 followed by a `free` box that pads the file to exactly VIDEO_MAX_BYTES, made as it is sent.
    const video = readFileSync(path.join(ROOT_DIR, 'src/features/media/server/fixtures/tiny.mp4'));
    const padding = VIDEO_MAX_BYTES - video.length;
    const boxHead = Buffer.alloc(8);
    boxHead.writeUInt32BE(padding);
    boxHead.write('free', 4, 'latin1');
    const boundary = `----deploy${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="first-walk.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield head;
        yield video;
        yield boxHead;
        for (let left = padding - boxHead.length; left > 0; left -= chunk.length) {
          const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
          sent += part.length;
          yield part;
        }
        yield tail;
      })(),
    );
    const started = Date.now();
    const res = await request('POST', '/api/admin/media', {
      headers: {
        cookie: breeder.cookie,
        origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + VIDEO_MAX_BYTES + tail.length),
      },
      body,
    });
    expect(res.status, res.text).toBe(201);
    expect(video.length + boxHead.length + sent).toBe(VIDEO_MAX_BYTES);
    console.log(`200 MiB upload through Caddy: ${Date.now() - started} ms`);
    const uploaded = JSON.parse(res.text) as { url: string; mime: string };
    expect(uploaded.mime).toBe('video/mp4');
    // Remuxed without the padding, and playable from the proxy with ranges.
    const ranged = await request('GET', uploaded.url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    // Nothing of the upload is left in the instances' scratch directory.
    const scratch = path.join(dataDir, 'media-tmp');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
  });

  it('restarts both instances one after the other under load without a 5xx or a lost write', async () => {
    const breeder = await signIn(orm, { username: 'deploy_breeder', isAdmin: true });
    const family = await signIn(orm, { username: 'deploy_load_family', isAdmin: false });
    expect((await trpcPost('messages.send', family.cookie, { text: 'Hello before the update' })).status).toBe(200);
    const list = await request('GET', '/trpc/messages.list', { headers: { cookie: family.cookie } });
    const { conversationId } = (JSON.parse(list.text) as { result: { data: { conversationId: number } } }).result.data;

    // Visitors reading and the breeder writing, from several connections, until the restarts are over (bounded).
    let restarting = true;
    const answers: Array<{ what: string; status: number }> = [];
    const written: number[] = [];
    const MAX_PER_WORKER = 3000;
    const worker = async (w: number) => {
      for (let i = 0; restarting && i < MAX_PER_WORKER; i++) {
        try {
          if (i % 2) {
            const r = await trpcPost('admin.messages.send', breeder.cookie, { conversationId, text: `Load ${w}.${i}` });
            answers.push({ what: 'write', status: r.status });
            if (r.status === 200) written.push((r.data as { id: number }).id);
          } else {
            const r = await request('GET', '/api/user', { headers: { cookie: family.cookie } });
            answers.push({ what: 'read', status: r.status });
          }
        } catch (error) {
          answers.push({ what: `${i % 2 ? 'write' : 'read'}: ${(error as Error).message}`, status: 0 });
        }
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));

    for (let i = 0; i < instances.length; i++) {
      const old = instances[i]!;
      // Visitors are reaching it before it is told to stop.
      await waitForOutput(old.child, old.output, /"url":"\/api\/user"/, 20_000, `a visitor on the instance on port ${old.port}`);
      expect(await stop(old.child)).toBe(0);
      const fresh = await startInstance(old.port);
      instances[i] = fresh;
      // Back in Caddy's rotation: a visitor's request reaches the new process.
      await waitForOutput(
        fresh.child,
        fresh.output,
        /"url":"\/(api\/user|trpc\/admin\.messages\.send)"/,
        20_000,
        `the restarted instance on port ${old.port} serving`,
      );
    }
    restarting = false;
    await load;

    const failed = answers.filter((a) => a.status === 0 || a.status >= 500);
    expect(
      failed,
      caddyOutput
        .split('\n')
        .filter((line) => /"level":"error"/.test(line))
        .join('\n'),
    ).toEqual([]);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // Every write the site answered 200 to is in the database, once.
    const rows = await orm.em
      .getConnection()
      .execute<Array<{ id: number }>>('select id from messages where conversation_id = ?', [conversationId]);
    const stored = new Set(rows.map((r) => r.id));
    expect(written.filter((id) => !stored.has(id))).toEqual([]);
    expect(new Set(written).size).toBe(written.length);
    console.log(`rolling restart under load: ${answers.length} answers (${written.length} writes), none failed`);
  });
});
