// Newsletter segments and drafts from other features' data: the top floor composes them (features never import each other).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsletterSources, Recipient } from '../lib/server/newsletter-sources.ts';
import { Litter } from '../features/dogs/server/litter.entity.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { Article } from '../features/articles/server/article.entity.ts';
import { Application } from '../features/applications/server/application.entity.ts';
import { createArticle, publishArticle } from '../features/articles/server/articles.admin-service.ts';
import { ArticleInputSchema } from '../features/articles/articles.schema.ts';
import { badRequest } from '../lib/server/errors.ts';

const normalised = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** The blog's first free address from `slug`: itself, then slug-2, slug-3, … */
async function freeSlug(em: EntityManager, slug: string): Promise<string> {
  const base = slug.slice(0, 190).replace(/-+$/, '');
  if (!(await em.count(Article, { kind: 'blog', slug: base }))) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!(await em.count(Article, { kind: 'blog', slug: candidate }))) return candidate;
  }
}

export const newsletterSources: NewsletterSources = {
  async litterFamilies(em: EntityManager, litterId: number): Promise<Recipient[]> {
    const puppies = await em.find(Puppy, { litter: litterId, family: { $ne: null } }, { populate: ['family'] });
    const out = new Map<string, Recipient>();
    for (const puppy of puppies) {
      const family = puppy.family;
      const email = family?.email?.trim().toLowerCase();
      if (family && email && !out.has(email)) out.set(email, { email, name: family.displayName ?? family.username });
    }
    return [...out.values()];
  },
  async waitlistFamilies(em: EntityManager, litterId?: number): Promise<Recipient[]> {
    const rows = await em.find(
      Application,
      { status: 'waitlisted', user: { $ne: null }, anonymisedAt: null, ...(litterId ? { waitlistLitter: litterId } : {}) },
      { orderBy: { id: 'asc' } },
    );
    const out = new Map<string, Recipient>();
    for (const app of rows) {
      const email = normalised(app.email);
      if (email && !out.has(email)) out.set(email, { email, name: app.name.trim() || null });
    }
    return [...out.values()];
  },
  async applicantEmails(em: EntityManager): Promise<Set<string>> {
    const rows = await em.execute<Array<{ email: string | null; account: string | null }>>(
      'select a.email as email, u.email as account from applications a left join users u on u.id = a.user_id where a.anonymised_at is null',
    );
    const out = new Set<string>();
    for (const row of rows) {
      for (const email of [normalised(row.email), normalised(row.account)]) if (email) out.add(email);
    }
    return out;
  },
  async publishPost(em: EntityManager, post) {
    const parsed = ArticleInputSchema.safeParse({ kind: 'blog', title: post.title, summary: post.summary, body: post.body });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badRequest(`The newsletter cannot become a blog post: ${issue?.message ?? 'invalid post'}`);
    }
    const created = await createArticle(em, { ...parsed.data, slug: await freeSlug(em, parsed.data.slug) });
    await publishArticle(em, { id: created.id });
    return { id: created.id };
  },
  async litters(em: EntityManager) {
    const rows = await em.find(Litter, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map((l) => ({ id: l.id, name: l.name }));
  },
  async litterDraft(em: EntityManager, litterId: number, appOrigin: string) {
    const litter = await em.findOne(Litter, { id: litterId });
    if (!litter) return null;
    const when = litter.birthDate ? `born ${litter.birthDate}` : litter.expectedDate ? `expected around ${litter.expectedDate}` : 'coming soon';
    const lines = [
      `Our litter **${litter.name}** from ${litter.motherName} and ${litter.fatherName} is ${when}.`,
      litter.description.trim(),
      `[See the litter on our site](${appOrigin}/#litters)`,
    ].filter(Boolean);
    return { subject: `New litter: ${litter.name}`.slice(0, 200), body: lines.join('\n\n') };
  },
  async articleDraft(em: EntityManager, articleId: number, appOrigin: string) {
    const article = await em.findOne(Article, { id: articleId, kind: 'blog' });
    if (!article) return null;
    // The newsletter links to the post: live as the public reads decide (published, or scheduled for a time that has come).
    if (article.status === 'draft' || !article.publishedAt || article.publishedAt > new Date()) {
      throw badRequest(`“${article.title}” is not published yet: publish it first, so the newsletter’s link leads to it.`);
    }
    const lines = [article.summary.trim(), `[Read “${article.title}” on our blog](${appOrigin}/blog/${article.slug})`].filter(Boolean);
    return { subject: article.title.slice(0, 200), body: lines.join('\n\n') };
  },
};
