// Mail's DNS records, each by a real lookup (DNS_SERVERS points the checks at a resolver): SPF, DKIM (the TXT value
// computed from DKIM_PRIVATE_KEY, compared with what the DNS answers), DMARC, and MX when replies come in by mail.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { HealthCheck } from '../../../lib/server/site-health.ts';
import type { SiteConfig } from '../../../lib/server/trpc.ts';

/** The domain of an address like `Name <hello@example.com>` or `hello@example.com`. */
export function domainOf(address: string): string {
  const inner = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return inner
    .slice(inner.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** The DKIM TXT record's value for a PEM private key: `v=DKIM1; k=rsa; p=<the public key, base64 DER>`. */
export function dkimRecordValue(privateKeyPem: string): string {
  const key = createPublicKey(createPrivateKey(privateKeyPem));
  const type = key.asymmetricKeyType === 'ed25519' ? 'ed25519' : 'rsa';
  const der = key.export({ type: 'spki', format: 'der' });
  // An ed25519 record carries the raw 32-byte key (RFC 8463), an RSA one the whole SubjectPublicKeyInfo.
  const p = type === 'ed25519' ? der.subarray(der.length - 32) : der;
  return `v=DKIM1; k=${type}; p=${p.toString('base64')}`;
}

type Lookup<T> = { found: T } | { none: true } | { error: string };

function resolverFor(servers: string[]): Resolver {
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

async function lookup<T>(ask: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { found: await ask() };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORD.has(code)) return { none: true };
    return { error: code || (error instanceof Error ? error.message : String(error)) };
  }
}

const txt = (resolver: Resolver, name: string) => lookup(async () => (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')));

const unreachable = (id: string, title: string, name: string, error: string): HealthCheck => ({
  id,
  title,
  state: 'warn',
  meaning: `The DNS could not be asked about ${name} (${error}).`,
  fix: 'Check the machine reaches a resolver, or set DNS_SERVERS=1.1.1.1 in .env, then check again.',
});

function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).replace(/\s+/g, ''));
  }
  return tags;
}

export async function dnsChecks(config: SiteConfig): Promise<HealthCheck[]> {
  const resolver = resolverFor(config.dnsServers);
  const domain = domainOf(config.mailFrom);
  // The lookups run together: a resolver out of reach costs one timeout, not four.
  const parts = await Promise.all([spf(), dkim(), dmarc(), mx()]);
  return parts.flat();

  async function spf(): Promise<HealthCheck[]> {
    const checks: HealthCheck[] = [];
    // SPF: exactly one v=spf1 record on the sender's domain.
    {
      const id = 'dns.spf';
      const title = `SPF record of ${domain}`;
      const answer = await txt(resolver, domain);
      if ('error' in answer) checks.push(unreachable(id, title, domain, answer.error));
      else {
        const spf = ('found' in answer ? answer.found : []).filter((r) => /^v=spf1(\s|$)/i.test(r));
        const fix = `Publish one TXT record at ${domain}: the value your mail provider gives, e.g. "v=spf1 include:<provider's domain> ~all".`;
        if (spf.length === 1) checks.push({ id, title, state: 'ok', meaning: `Published: ${spf[0]}`, fix: null });
        else if (spf.length === 0)
          checks.push({
            id,
            title,
            state: 'fail',
            meaning: `${domain} publishes no SPF record: inboxes may take the site's e-mail for spam.`,
            fix,
          });
        else
          checks.push({
            id,
            title,
            state: 'fail',
            meaning: `${domain} publishes ${spf.length} SPF records: receivers then ignore all of them.`,
            fix: `Merge them into one. ${fix}`,
          });
      }
    }

    return checks;
  }

  async function dkim(): Promise<HealthCheck[]> {
    const checks: HealthCheck[] = [];
    // DKIM: the record at <selector>._domainkey.<domain> carries the public half of DKIM_PRIVATE_KEY.
    {
      const id = 'dns.dkim';
      if (!config.dkim) {
        checks.push({
          id,
          title: 'DKIM signature',
          state: 'warn',
          meaning: 'Outgoing e-mail is not signed with DKIM: many inboxes trust unsigned mail less.',
          fix: 'Make a key (openssl genrsa 2048 | openssl pkcs8 -topk8 -nocrypt), put it in DKIM_PRIVATE_KEY on one line with \\n for line breaks, set DKIM_DOMAIN and DKIM_SELECTOR, restart, and publish the TXT record this check then shows.',
        });
      } else {
        const name = `${config.dkim.selector}._domainkey.${config.dkim.domain}`;
        const title = `DKIM record at ${name}`;
        let expected: string | null = null;
        try {
          expected = dkimRecordValue(config.dkim.privateKey);
        } catch (error) {
          checks.push({
            id,
            title,
            state: 'fail',
            meaning: `DKIM_PRIVATE_KEY cannot be read (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`,
            fix: 'Put the PEM private key in DKIM_PRIVATE_KEY on one line, with \\n for each line break.',
          });
        }
        if (expected) {
          const publish = `Publish a TXT record at ${name} with the value below (exactly as shown).`;
          const answer = await txt(resolver, name);
          if ('error' in answer) checks.push({ ...unreachable(id, title, name, answer.error), copy: expected });
          else {
            const records = ('found' in answer ? answer.found : []).filter((r) => /(^|;)\s*p=/i.test(r));
            const want = tagsOf(expected).get('p');
            if (records.length === 0)
              checks.push({
                id,
                title,
                state: 'fail',
                meaning: `No DKIM record is published at ${name}: receivers cannot check the signature.`,
                fix: publish,
                copy: expected,
              });
            else if (records.some((r) => tagsOf(r).get('p') === want))
              checks.push({ id, title, state: 'ok', meaning: `Published, and it matches DKIM_PRIVATE_KEY.`, fix: null, copy: expected });
            else
              checks.push({
                id,
                title,
                state: 'fail',
                meaning: `The record at ${name} holds another public key than DKIM_PRIVATE_KEY's: every signature fails.`,
                fix: `Replace it. ${publish}`,
                copy: expected,
              });
          }
        }
      }
    }

    return checks;
  }

  async function dmarc(): Promise<HealthCheck[]> {
    const checks: HealthCheck[] = [];
    // DMARC: a v=DMARC1 record at _dmarc.<domain>.
    {
      const id = 'dns.dmarc';
      const name = `_dmarc.${domain}`;
      const title = `DMARC record at ${name}`;
      const answer = await txt(resolver, name);
      if ('error' in answer) checks.push(unreachable(id, title, name, answer.error));
      else {
        const dmarc = ('found' in answer ? answer.found : []).filter((r) => /^v=DMARC1\s*(;|$)/i.test(r));
        if (dmarc.length === 1) checks.push({ id, title, state: 'ok', meaning: `Published: ${dmarc[0]}`, fix: null });
        else
          checks.push({
            id,
            title,
            state: 'fail',
            meaning:
              dmarc.length === 0
                ? `${domain} publishes no DMARC policy: large inboxes (Gmail, Yahoo) expect one from every sender.`
                : `${name} holds ${dmarc.length} DMARC records: receivers ignore them all.`,
            fix: `Publish one TXT record at ${name}: "v=DMARC1; p=none; rua=mailto:postmaster@${domain}" (p=quarantine once the reports look right).`,
          });
      }
    }

    return checks;
  }

  async function mx(): Promise<HealthCheck[]> {
    const checks: HealthCheck[] = [];
    // MX: only when replies come back by e-mail.
    if (config.inboundMail) {
      const id = 'dns.mx';
      const title = `MX record of ${config.mailDomain}`;
      const answer = await lookup(() => resolver.resolveMx(config.mailDomain));
      if ('error' in answer) checks.push(unreachable(id, title, config.mailDomain, answer.error));
      else if ('found' in answer && answer.found.length)
        checks.push({
          id,
          title,
          state: 'ok',
          meaning: `Replies are delivered to ${answer.found
            .sort((a, b) => a.priority - b.priority)
            .map((m) => m.exchange)
            .join(', ')}.`,
          fix: null,
        });
      else
        checks.push({
          id,
          title,
          state: 'fail',
          meaning: `${config.mailDomain} has no MX record: families' e-mail replies to messages bounce.`,
          fix: `Publish an MX record for ${config.mailDomain} pointing at your mail provider's inbound host (or at this server when INBOUND_SMTP_PORT is set).`,
        });
    }
    return checks;
  }
}
