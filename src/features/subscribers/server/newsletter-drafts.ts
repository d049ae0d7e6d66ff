// A newsletter started from a litter or a blog post, read through their entities (features share entities, not services).
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../../../lib/server/errors.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Article } from '../../articles/server/article.entity.ts';
import { formatDay } from '../../../lib/shared/format.ts';

export interface DraftStart {
  subject: string;
  body: string;
}

/** A newsletter draft announcing a litter, or null when there is no such litter. */
export async function litterDraft(em: EntityManager, litterId: number, appOrigin: string): Promise<DraftStart | null> {
  const litter = await em.findOne(Litter, { id: litterId });
  if (!litter) return null;
  const when = litter.birthDate
    ? `born ${formatDay(litter.birthDate)}`
    : litter.expectedDate
      ? `expected around ${formatDay(litter.expectedDate)}`
      : 'coming soon';
  const lines = [
    `Our litter **${litter.name}** from ${litter.motherName} and ${litter.fatherName} is ${when}.`,
    litter.description.trim(),
    `[See the litter on our site](${appOrigin}/#litters)`,
  ].filter(Boolean);
  return { subject: `New litter: ${litter.name}`.slice(0, 200), body: lines.join('\n\n') };
}

/** A newsletter draft announcing a published blog post, or null when there is no such post (400 when it is not live yet). */
export async function articleDraft(em: EntityManager, articleId: number, appOrigin: string): Promise<DraftStart | null> {
  const article = await em.findOne(Article, { id: articleId, kind: 'blog' });
  if (!article) return null;
  // The newsletter links to the post: live as the public reads decide (published, or scheduled for a time that has come).
  if (article.status === 'draft' || !article.publishedAt || article.publishedAt > new Date()) {
    throw badRequest(`“${article.title}” is not published yet: publish it first, so the newsletter’s link leads to it.`);
  }
  const lines = [article.summary.trim(), `[Read “${article.title}” on our blog](${appOrigin}/blog/${article.slug})`].filter(Boolean);
  return { subject: article.title.slice(0, 200), body: lines.join('\n\n') };
}
