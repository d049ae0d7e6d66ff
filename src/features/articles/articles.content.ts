// Looks up the articles of a kind: the seam where the database will take over from the bundled content.
import type { Article, ArticleKind } from './articles.schema.ts';
import { BLOG_POSTS } from './blog-posts.content.ts';
import { OWNER_GUIDES } from './owner-guides.content.ts';

const BY_KIND: Record<ArticleKind, Article[]> = { blog: BLOG_POSTS, resource: OWNER_GUIDES };

/** In display order: blog posts newest first, guides as the breeder arranged them. */
export function listArticles(kind: ArticleKind): Article[] {
  return BY_KIND[kind];
}

export function findArticle(kind: ArticleKind, slug: string): Article | undefined {
  return BY_KIND[kind].find((a) => a.slug === slug);
}
