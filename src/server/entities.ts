// The one list of entities MikroORM knows about.
import { Litter } from '../features/litters/server/litter.entity.ts';
import { Puppy } from '../features/puppies/server/puppy.entity.ts';
import { ParentDog } from '../features/parents/server/parent-dog.entity.ts';
import { GalleryImage } from '../features/gallery/server/gallery-image.entity.ts';
import { Testimonial } from '../features/testimonials/server/testimonial.entity.ts';
import { Inquiry } from '../features/inquiries/server/inquiry.entity.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { Media } from '../features/media/server/media.entity.ts';
import { Session, User } from '../features/auth/server/user.entity.ts';
import { SiteSettings } from '../features/settings/server/site-settings.entity.ts';
import { RateLimitCounter } from '../lib/server/rate-limit.entity.ts';
import { OutboxMessage } from '../features/mail/server/outbox-message.entity.ts';
import { Article, ArticleSlugRedirect, LegalVersion } from '../features/articles/server/article.entity.ts';

export const entities = [
  Litter,
  Puppy,
  ParentDog,
  GalleryImage,
  Testimonial,
  Inquiry,
  Subscriber,
  Media,
  User,
  Session,
  SiteSettings,
  RateLimitCounter,
  OutboxMessage,
  Article,
  ArticleSlugRedirect,
  LegalVersion,
];
