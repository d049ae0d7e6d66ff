// The contracts feature's line on Site health (issue 48): the certificate sealed contracts are signed with.
import type { HealthSource } from '../../../lib/server/site-health.ts';
import { certificateInfo } from './signing-key.ts';

const DAY = 86_400_000;

export const contractsHealth: HealthSource = async (em, _config, now) => {
  const [row] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from "contract_signing_keys"`);
  const title = 'Contract signing certificate';
  if (!row?.n) {
    return [
      {
        id: 'contracts.certificate',
        title,
        state: 'ok',
        meaning: 'None yet: the site makes a self-signed one when the first contract is sealed.',
        fix: null,
      },
    ];
  }
  // The row exists, so this reads it and writes nothing.
  const cert = await certificateInfo(em, '');
  const days = Math.floor((Date.parse(cert.notAfter) - now.getTime()) / DAY);
  const whose = cert.selfSigned ? 'self-signed by the website' : `your own certificate (${cert.commonName})`;
  const renew = 'Dashboard → Contracts → Signing certificate: upload a new PKCS#12 (.p12) file.';
  if (days < 0) {
    return [
      {
        id: 'contracts.certificate',
        title,
        state: 'fail',
        meaning: `The certificate, ${whose}, expired ${-days} days ago: new seals are refused.`,
        fix: renew,
      },
    ];
  }
  return [
    {
      id: 'contracts.certificate',
      title,
      state: days < 30 ? 'warn' : 'ok',
      meaning: `Sealed contracts are signed with a certificate ${whose}, valid for ${days} more days.`,
      fix: days < 30 ? renew : null,
    },
  ];
};
