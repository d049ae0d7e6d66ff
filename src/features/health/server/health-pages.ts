// The passport PDF for the family and the breeder, and the vet's read-only page behind a shared link (rendered here
// on the server: no account, no app code); a Fastify plugin the top floor registers.
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../lib/server/errors.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';
import { tooManyMessage } from '../../../lib/server/trpc.ts';
import { CARE_KIND_LABELS, HEALTH_MESSAGES, PRIVATE_MEDIA_PREFIX, type CareItemDto } from '../health.schema.ts';
import { isCareFileOf, readablePuppy, type PuppyFacts } from './puppy-facts.ts';
import { careLine, passportData, passportFileName, passportPdf } from './passport.ts';
import { openShareLink, VET_PATH } from './share-links.ts';
import { formatDay } from '../../../lib/shared/format.ts';

export const PASSPORT_PATH = '/health/passport/';
const RATE = { limit: 60, windowMs: 60_000 };
type PuppyEm = Parameters<typeof passportData>[0];

async function sendPdf(reply: FastifyReply, em: Parameters<typeof passportData>[0], puppy: PuppyFacts) {
  const pdf = await passportPdf(await passportData(em, puppy));
  return reply
    .code(200)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${passportFileName(puppy.name)}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(pdf));
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1a1a;background:#fff}` +
  `table{border-collapse:collapse;width:100%}th,td{text-align:left;border-bottom:1px solid #ccc;padding:.4rem;vertical-align:top}` +
  `a{color:#0b57d0}.files{list-style:none;padding:0;margin:.4rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem}.files img{max-width:100%;height:auto}@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}a{color:#8ab4f8}th,td{border-color:#444}}</style>` +
  `</head><body><main>${body}</main></body></html>`;

/** A care record's photos (a thumbnail each) and PDFs, as links under the vet's token. */
function filesHtml(item: CareItemDto, base: string): string {
  if (!item.attachments.length) return '';
  const what = `${CARE_KIND_LABELS[item.kind]} of ${formatDay(item.givenOn)}`;
  let photos = 0;
  let pdfs = 0;
  const links = item.attachments.map((a) => {
    const href = escapeHtml(`${base}${a.url.slice(PRIVATE_MEDIA_PREFIX.length)}`);
    if (a.kind === 'pdf') return `<li><a href="${href}">PDF ${++pdfs}: ${escapeHtml(what)}</a></li>`;
    const label = `Photo ${++photos}: ${what}`;
    return `<li><a href="${href}"><img src="${href}?w=320" alt="${escapeHtml(label)}" width="160" loading="lazy"></a></li>`;
  });
  return `<ul aria-label="${escapeHtml(`Files of the ${what}`)}" class="files">${links.join('')}</ul>`;
}

export default fp(
  async (app) => {
    app.get<{ Params: { puppyId: string } }>(`${PASSPORT_PATH}:puppyId`, async (request, reply) => {
      if (!request.user) return reply.code(401).header('cache-control', 'no-store').send({ message: 'Please sign in first.' });
      const id = Number(request.params.puppyId);
      if (!Number.isInteger(id) || id <= 0 || id > 2 ** 31) return reply.code(404).send({ message: HEALTH_MESSAGES.puppyNotFound });
      try {
        return await sendPdf(reply, request.em, await readablePuppy(request.em, request.user, id));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND')
          return reply.code(404).header('cache-control', 'no-store').send({ message: error.message });
        throw error;
      }
    });

    const open = async (em: PuppyEm, token: string, ip: string) => {
      const { allowed, retryAfterMs } = await app.services.rateLimit(`vet-link:${ip}`, RATE.limit, RATE.windowMs);
      if (!allowed) return { state: 'limited' as const, message: tooManyMessage(retryAfterMs) };
      return openShareLink(em, token);
    };
    const refuse = (reply: FastifyReply, opened: { state: string; message?: string }) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8');
      if (opened.state === 'limited')
        return reply.code(429).send(page('Too many requests', `<h1>Too many requests</h1><p>${escapeHtml(opened.message ?? '')}</p>`));
      if (opened.state === 'gone')
        return reply
          .code(410)
          .send(page('Link no longer works', `<h1>This link no longer works</h1><p>${escapeHtml(HEALTH_MESSAGES.linkGone)}</p>`));
      return reply
        .code(404)
        .send(page('Link not found', `<h1>Link not found</h1><p>This is not a link we made. Check that it was copied in full.</p>`));
    };

    app.get<{ Params: { token: string } }>(`${VET_PATH}:token`, async (request, reply) => {
      const opened = await open(request.em, request.params.token, request.ip);
      if (opened.state !== 'ok') return refuse(reply, opened);
      const { record, parents, breeder } = await passportData(request.em, opened.puppy);
      const base = `${VET_PATH}${request.params.token}/files/`;
      const rows = record.items
        .map(
          (i) =>
            `<tr><td>${escapeHtml(formatDay(i.givenOn))}</td><td>${escapeHtml(CARE_KIND_LABELS[i.kind])}</td><td>${escapeHtml(careLine(i).split(': ').slice(1).join(': '))}${filesHtml(i, base)}</td></tr>`,
        )
        .join('');
      const next = record.due.filter((d) => d.afterGoHome || d.scheduleItemId === null);
      const body =
        `<h1>Health record: ${escapeHtml(record.puppy.name)}</h1>` +
        `<p>Shared by the puppy's family, read-only. This link works until ${escapeHtml(formatDay(opened.expiresAt.toISOString().slice(0, 10)))}.</p>` +
        `<p>Born ${escapeHtml(record.puppy.birthDate ? formatDay(record.puppy.birthDate) : 'date not recorded')}${record.puppy.litterName ? `, ${escapeHtml(record.puppy.litterName)}` : ''}.</p>` +
        `<p><strong>Microchip:</strong> ${record.microchip ? `${escapeHtml(record.microchip.number)}${record.microchip.registry ? ` (registry: ${escapeHtml(record.microchip.registry)})` : ''}` : 'not recorded'}</p>` +
        `<h2>Parents</h2><ul>${parents.map((p) => `<li>${p.role}: ${escapeHtml(p.name)}${p.registration ? `, ${escapeHtml(p.registration)}` : ''}${p.tests.length ? `<br>${p.tests.map(escapeHtml).join('<br>')}` : ''}</li>`).join('')}</ul>` +
        `<h2>Care record</h2>${rows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">What</th><th scope="col">Details</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Nothing recorded yet.</p>'}` +
        (next.length
          ? `<h2>Recommended next</h2><ul>${next.map((d) => `<li>${escapeHtml(formatDay(d.dueOn))}: ${escapeHtml(d.label)}</li>`).join('')}</ul>`
          : '') +
        `<p><a href="${escapeHtml(`${VET_PATH}${request.params.token}/passport`)}">Download the puppy passport (PDF)</a></p>` +
        `<h2>Breeder</h2><p>${escapeHtml([breeder.name, breeder.town].filter(Boolean).join(', '))}<br>${escapeHtml([breeder.phone, breeder.email].filter(Boolean).join(' · '))}</p>`;
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(page(`Health record: ${record.puppy.name}`, body));
    });

    // The care records' files (a vet certificate, a photo): only this link's puppy's, only while the link works.
    app.get<{ Params: { token: string; file: string } }>(`${VET_PATH}:token/files/:file`, async (request, reply) => {
      const opened = await open(request.em, request.params.token, request.ip);
      if (opened.state !== 'ok') return refuse(reply, opened);
      if (
        !/^[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(request.params.file) ||
        !(await isCareFileOf(request.em, opened.puppy.id, `/uploads/${request.params.file}`))
      ) {
        return refuse(reply, { state: 'unknown' });
      }
      // The media plugin's answer: private caching (revalidated, so a revoked link stops), a PDF as a sandboxed download.
      reply.header('referrer-policy', 'no-referrer');
      return app.sendPrivateMedia(request, reply, request.params.file);
    });

    app.get<{ Params: { token: string } }>(`${VET_PATH}:token/passport`, async (request, reply) => {
      const opened = await open(request.em, request.params.token, request.ip);
      if (opened.state !== 'ok') return refuse(reply, opened);
      return sendPdf(reply, request.em, opened.puppy);
    });
  },
  { name: 'health-pages', dependencies: ['database', 'session', 'media'] },
);
