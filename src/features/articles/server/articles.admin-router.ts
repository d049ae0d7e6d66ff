import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import {
  AdminArticleListInputSchema,
  ArticleInputSchema,
  ArticleUpdateSchema,
  PreviewInputSchema,
  PublishInputSchema,
} from '../articles.schema.ts';
import {
  createArticle,
  getArticleAdmin,
  listArticlesAdmin,
  previewMarkdown,
  publishArticle,
  removeArticle,
  unpublishArticle,
  updateArticle,
} from './articles.admin-service.ts';

export const articlesAdminRouter = router({
  list: adminProcedure.input(AdminArticleListInputSchema).query(({ ctx, input }) => listArticlesAdmin(ctx.em, input)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getArticleAdmin(ctx.em, input.id)),
  /**
   * The editor's live preview: the same renderer and sanitiser as the public page. A query (a mutation
   * would clear the public caches on every keystroke), reached by POST /api/admin/articles/preview
   * because a Markdown body does not fit in a URL.
   */
  preview: adminProcedure.input(PreviewInputSchema).query(({ input }) => previewMarkdown(input.body)),
  create: adminProcedure.input(ArticleInputSchema).mutation(({ ctx, input }) => createArticle(ctx.em, input)),
  update: adminProcedure.input(ArticleUpdateSchema).mutation(async ({ ctx, input }) => {
    const { article, releasedUrls } = await updateArticle(ctx.em, input.id, input.data);
    await ctx.services.media.release(releasedUrls);
    return article;
  }),
  publish: adminProcedure.input(PublishInputSchema).mutation(({ ctx, input }) => publishArticle(ctx.em, input)),
  unpublish: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => unpublishArticle(ctx.em, input.id)),
  remove: adminProcedure.input(IdInputSchema).mutation(async ({ ctx, input }) => {
    const { releasedUrls } = await removeArticle(ctx.em, input.id);
    await ctx.services.media.release(releasedUrls);
    return { ok: true as const };
  }),
});
