// The articles feature's face to the app (decision 146): blog posts, guides, legal pages.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import {
  Article,
  ArticleAttachment,
  ArticleSlugRedirect,
  LegalVersion,
  articleAttachmentMediaRefs,
  articleMediaRefs,
  legalVersionMediaRefs,
} from './article.entity.ts';
import { articlesRouter } from './articles.router.ts';
import { articlesAdminRouter } from './articles.admin-router.ts';
import { articlesRest } from './articles.rest.ts';
import { articlesAdminRest } from './articles.admin-rest.ts';

export const articlesModule = defineFeature({
  name: 'articles',
  entities: [Article, ArticleSlugRedirect, ArticleAttachment, LegalVersion],
  routers: { articles: articlesRouter },
  adminRouters: { articles: articlesAdminRouter },
  rest: [...articlesRest, ...articlesAdminRest],
  mediaReferences: [articleMediaRefs, articleAttachmentMediaRefs, legalVersionMediaRefs],
});
