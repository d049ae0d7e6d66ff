import { describe, expect, it } from 'vitest';
import { ArticleSchema, ARTICLE_KINDS } from './articles.schema.ts';
import { findArticle, listArticles } from './articles.content.ts';

describe('articles', () => {
  it.each(ARTICLE_KINDS)('every %s article fits the article shape, with a unique slug', (kind) => {
    const articles = listArticles(kind);
    expect(articles.length).toBeGreaterThan(0);
    for (const a of articles) expect(ArticleSchema.parse(a)).toEqual({ ...a, kind });
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);
  });

  it('blog posts are dated and newest first; guides are not dated', () => {
    const dates = listArticles('blog').map((a) => a.date!);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(listArticles('resource').every((a) => a.date === null)).toBe(true);
  });

  it('finds an article only under its own kind', () => {
    expect(findArticle('resource', 'vaccinations-and-vet-care')?.title).toBe('Vaccinations and Vet Care');
    expect(findArticle('blog', 'vaccinations-and-vet-care')).toBeUndefined();
    expect(findArticle('blog', 'what-is-puppy-culture')?.title).toBe('What Is Puppy Culture?');
  });
});
