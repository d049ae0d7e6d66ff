// The mail DNS checks by real lookups against a real DNS server on loopback (dns2): good records pass, and each
// wrong one fails with its fix; the DKIM value to publish is the public half of DKIM_PRIVATE_KEY.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../lib/server/trpc.ts';
import { dkimRecordValue, dnsChecks, domainOf } from './dns-checks.ts';
import { startDnsServer, type TestDnsServer } from './dns.test-helpers.ts';

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let dns: TestDnsServer;
beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => dns.close());

const config = (overrides: Partial<SiteConfig> = {}): SiteConfig => ({
  appOrigin: 'https://willowcreek.example',
  trustProxy: 1,
  database: 'embedded',
  dataDir: '/tmp',
  backupDir: '/tmp/backups',
  backupSchedule: '15 3 * * *',
  keepDaily: 7,
  keepWeekly: 4,
  dnsServers: [dns.address],
  smtpConfigured: true,
  mailFrom: 'Willow Creek <hello@willowcreek.example>',
  mailDomain: 'willowcreek.example',
  dkim: { domain: 'willowcreek.example', selector: 'site', privateKey: pem },
  inboundMail: true,
  ...overrides,
});

/** The record as a DNS host publishes a long one: in strings of at most 255 characters. */
const chunks = (value: string) => value.match(/.{1,255}/g)!;

describe('mail DNS checks', () => {
  it('computes the DKIM TXT value from the private key: its p= is the public key', () => {
    const value = dkimRecordValue(pem);
    expect(value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);
    const p = value.split('p=')[1]!;
    const spki = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
    expect(spki.export({ type: 'spki', format: 'pem' })).toBe(createPublicKey(pem).export({ type: 'spki', format: 'pem' }));
    expect(domainOf('Willow Creek <Hello@WillowCreek.example>')).toBe('willowcreek.example');
  });

  it('passes SPF, DKIM (split in strings, as published), DMARC and MX when the records are right', async () => {
    dns.zone = {
      txt: {
        'willowcreek.example': [['v=spf1 include:mail.provider.example ~all'], ['google-site-verification=abc']],
        'site._domainkey.willowcreek.example': [chunks(dkimRecordValue(pem))],
        '_dmarc.willowcreek.example': [['v=DMARC1; p=none; rua=mailto:postmaster@willowcreek.example']],
      },
      mx: { 'willowcreek.example': [{ exchange: 'inbound.provider.example', priority: 10 }] },
    };
    const checks = await dnsChecks(config());
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ['dns.spf', 'ok'],
      ['dns.dkim', 'ok'],
      ['dns.dmarc', 'ok'],
      ['dns.mx', 'ok'],
    ]);
    expect(checks.find((c) => c.id === 'dns.dkim')!.copy).toBe(dkimRecordValue(pem));
    expect(checks.find((c) => c.id === 'dns.mx')!.meaning).toContain('inbound.provider.example');
  });

  it('fails each wrong record with the exact fix: two SPF, another DKIM key, no DMARC, no MX', async () => {
    dns.zone = {
      txt: {
        'willowcreek.example': [['v=spf1 include:a.example ~all'], ['v=spf1 include:b.example ~all']],
        'site._domainkey.willowcreek.example': [chunks(dkimRecordValue(other))],
      },
    };
    const checks = Object.fromEntries((await dnsChecks(config())).map((c) => [c.id, c]));
    expect(checks['dns.spf']).toMatchObject({ state: 'fail', meaning: expect.stringContaining('2 SPF records') });
    expect(checks['dns.dkim']).toMatchObject({
      state: 'fail',
      meaning: expect.stringContaining('another public key'),
      copy: dkimRecordValue(pem),
    });
    expect(checks['dns.dkim']!.fix).toContain('site._domainkey.willowcreek.example');
    expect(checks['dns.dmarc']).toMatchObject({ state: 'fail', fix: expect.stringContaining('v=DMARC1; p=none') });
    expect(checks['dns.mx']).toMatchObject({ state: 'fail', meaning: expect.stringContaining('no MX record') });
  });

  it('says the DKIM record is missing, asks for no MX when replies do not come by mail, and warns without DKIM', async () => {
    dns.zone = { txt: { 'willowcreek.example': [['v=spf1 -all']] } };
    const checks = Object.fromEntries((await dnsChecks(config({ inboundMail: false }))).map((c) => [c.id, c]));
    expect(checks['dns.dkim']).toMatchObject({ state: 'fail', meaning: expect.stringContaining('No DKIM record') });
    expect(checks['dns.mx']).toBeUndefined();
    const unsigned = Object.fromEntries((await dnsChecks(config({ dkim: null, inboundMail: false }))).map((c) => [c.id, c]));
    expect(unsigned['dns.dkim']).toMatchObject({ state: 'warn', fix: expect.stringContaining('DKIM_PRIVATE_KEY') });
  });

  it('a resolver out of reach is a warning that says so, not a verdict on the records', async () => {
    const checks = await dnsChecks(config({ dnsServers: ['127.0.0.1:9'] }));
    expect(checks.every((c) => c.state === 'warn' && c.meaning.includes('could not be asked'))).toBe(true);
  });
});
