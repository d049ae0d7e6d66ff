// The API contract for client authors: /api/openapi.json (OpenAPI 3.1) and /api/docs, a readable page of it.
import fp from 'fastify-plugin';
import type { RestEndpoint } from '../../lib/server/rest.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Json = Record<string, unknown>;

/** A schema as indented JSON, with references turned into links to the component below. */
function schemaHtml(schema: unknown): string {
  const json = esc(JSON.stringify(schema, null, 2));
  return `<pre>${json.replace(/&quot;#\/components\/schemas\/(\w+)&quot;/g, '<a href="#schema-$1">$1</a>')}</pre>`;
}

function referencePage(doc: Json): string {
  const info = doc.info as Json;
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (op.parameters as Json[] | undefined) ?? [];
      const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      const responses = Object.entries(op.responses as Record<string, Json>);
      const html = [
        `<section class="op" id="${esc(String(op.operationId))}">`,
        `<h3><span class="method">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>`,
        `<p>${esc(String(op.summary ?? ''))}</p>`,
        op.description ? `<p class="note">${esc(String(op.description)).replace(/\n\n/g, '<br>')}</p>` : '',
        params.length
          ? `<h4>Parameters</h4><ul>${params.map((p) => `<li><code>${esc(String(p.name))}</code> (${esc(String(p.in))}${p.required ? ', required' : ''})${schemaHtml(p.schema)}</li>`).join('')}</ul>`
          : '',
        ...Object.entries(body ?? {}).map(([type, content]) => `<h4>Request body (${esc(type)})</h4>${schemaHtml(content.schema)}`),
        `<h4>Responses</h4><dl>${responses
          .map(([status, r]) => {
            const content = r.content as Record<string, Json> | undefined;
            const schema = content?.['application/json']?.schema;
            return `<dt>${esc(status)}</dt><dd>${esc(String(r.description))}${schema ? schemaHtml(schema) : ''}</dd>`;
          })
          .join('')}</dl>`,
        '</section>',
      ].join('\n');
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0]!;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const schemas = Object.entries(((doc.components as Json | undefined)?.schemas as Json | undefined) ?? {});
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(String(info.title))}: reference</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}
a{color:#0b5394}a:focus-visible{outline:3px solid #0b5394;outline-offset:2px}
pre{background:#f4f4f4;padding:.5rem;overflow-x:auto;font-size:.85rem}
.method{display:inline-block;min-width:4.5rem;font-weight:700}.note{color:#444}
.op{border-top:1px solid #ccc;padding-top:.5rem}dt{font-weight:700}
@media (prefers-color-scheme: dark){body{background:#141414;color:#eee}pre{background:#222}a{color:#8cb8ff}.note{color:#ccc}}
</style></head><body><main>
<h1>${esc(String(info.title))}</h1>
<p>${esc(String(info.description ?? ''))}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(String(doc.openapi))}).</p>
<nav aria-label="Groups"><ul>${[...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t.replace(/\W+/g, '-'))}">${esc(t)}</a></li>`).join('')}</ul></nav>
${[...byTag.entries()].map(([t, ops]) => `<h2 id="tag-${esc(t.replace(/\W+/g, '-'))}">${esc(t)}</h2>\n${ops.join('\n')}`).join('\n')}
<h2>Schemas</h2>
${schemas.map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${schemaHtml(s)}</section>`).join('\n')}
</main></body></html>`;
}

export default fp<{ endpoints: RestEndpoint[]; appOrigin: string }>(
  async (app, { endpoints, appOrigin }) => {
    // Built on first request: start-up does not pay for it.
    let json: string | undefined;
    let page: string | undefined;
    // The generator (zod-openapi) is imported on the first request too.
    const documentJson = async () => (json ??= JSON.stringify((await import('../openapi.ts')).buildOpenApiDocument(endpoints, appOrigin)));
    app.get('/api/openapi.json', async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(await documentJson()),
    );
    app.get('/api/docs', async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send((page ??= referencePage(JSON.parse(await documentJson()) as Json))),
    );
  },
  { name: 'openapi' },
);
