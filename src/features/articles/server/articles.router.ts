import { publicProcedure, router } from '../../../lib/server/trpc.ts';
import { BlogListInputSchema, LegalInputSchema, ResourceSearchInputSchema, SlugInputSchema } from '../articles.schema.ts';
import { getBlogPost, getLegalPage, getResource, listBlogPosts, listResources, searchResources } from './articles.service.ts';

// Not behind the public cache: "published" depends on the clock (scheduled posts), and the pages
// that show these are cached as rendered HTML anyway.
export const articlesRouter = router({
  blogList: publicProcedure.input(BlogListInputSchema).query(({ ctx, input }) => listBlogPosts(ctx.em, input)),
  blogPost: publicProcedure.input(SlugInputSchema).query(({ ctx, input }) => getBlogPost(ctx.em, input.slug)),
  resources: publicProcedure.query(({ ctx }) => listResources(ctx.em)),
  resourceSearch: publicProcedure.input(ResourceSearchInputSchema).query(({ ctx, input }) => searchResources(ctx.em, input)),
  resource: publicProcedure.input(SlugInputSchema).query(({ ctx, input }) => getResource(ctx.em, input.slug)),
  legal: publicProcedure.input(LegalInputSchema).query(({ ctx, input }) => getLegalPage(ctx.em, input)),
});
