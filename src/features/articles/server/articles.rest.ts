import { queryValue, restRoutes } from '../../../lib/server/rest.ts';
import { articlesRouter } from './articles.router.ts';

const pageOf = (v: string | string[] | undefined) => {
  const raw = queryValue(v);
  return raw === undefined ? undefined : Number(raw);
};
const moved = (prefix: string) => (result: unknown) =>
  result && typeof result === 'object' && 'movedTo' in result ? `${prefix}/${encodeURIComponent(String(result.movedTo))}` : null;

export const articlesRest = restRoutes(articlesRouter, [
  { method: 'GET', url: '/api/blog', call: (c, req) => c.blogList({ page: pageOf(req.query.page), tag: queryValue(req.query.tag) }) },
  { method: 'GET', url: '/api/blog/:slug', call: (c, req) => c.blogPost({ slug: req.params.slug! }), movedTo: moved('/api/blog') },
  { method: 'GET', url: '/api/resources', call: (c) => c.resources() },
  { method: 'GET', url: '/api/resources/:id', call: (c, req) => c.resource({ slug: req.params.id! }), movedTo: moved('/api/resources') },
  { method: 'GET', url: '/api/legal/:page', call: (c, req) => c.legal({ page: req.params.page as 'privacy', version: pageOf(req.query.version) }) },
]);
