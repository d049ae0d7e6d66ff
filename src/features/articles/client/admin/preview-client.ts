// The editor's live preview: POST /api/admin/articles/preview (a Markdown body can be 200 KB, too large
// for a query string), answered by the same renderer and sanitiser as the public page.
import type { ApiErrorBody } from '../../../../lib/shared/api-error.ts';

interface Preview {
  html: string;
  readingMinutes: number;
}

async function fetchPreview(body: string, signal: AbortSignal): Promise<Preview> {
  const res = await fetch('/api/admin/articles/preview', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ body }),
    signal,
  });
  const json = (await res.json().catch(() => null)) as (Preview & ApiErrorBody) | null;
  if (!res.ok || !json) throw new Error(json?.message ?? 'The preview could not be loaded.');
  return json;
}

export const previewQueryOptions = (body: string) => ({
  queryKey: ['article-preview', body] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPreview(body, signal),
  staleTime: Infinity,
});
