// The one list of entities MikroORM knows about.
import { Litter } from '../features/dogs/server/litter.entity.ts';
import { Puppy, PuppyPhoto } from '../features/puppies/server/puppy.entity.ts';
import { DogHealthTest, ParentDog, ParentDogPhoto } from '../features/dogs/server/parent-dog.entity.ts';
import { GalleryImage } from '../features/gallery/server/gallery-image.entity.ts';
import { Testimonial } from '../features/testimonials/server/testimonial.entity.ts';
import { Inquiry } from '../features/inquiries/server/inquiry.entity.ts';
import { Subscriber } from '../features/subscribers/server/subscriber.entity.ts';
import { Newsletter } from '../features/subscribers/server/newsletter.entity.ts';
import { AppSecret } from '../lib/server/app-secret.entity.ts';
import { Media } from '../features/media/server/media.entity.ts';
import { Session, User } from '../features/auth/server/user.entity.ts';
import { SiteSettings } from '../features/settings/server/site-settings.entity.ts';
import { RateLimitCounter } from '../lib/server/rate-limit.entity.ts';
import { OutboxMessage } from '../features/mail/server/outbox-message.entity.ts';
import { AccountErasure } from '../features/auth/server/account-erasure.entity.ts';
import {
  ChecklistItem,
  ChecklistTick,
  FamilyDocument,
  FamilyPortalState,
  PuppyPickup,
  PuppyUpdate,
  PuppyUpdatePhoto,
  PuppyWeight,
  UpdateNotice,
} from '../features/portal/server/portal.entity.ts';
import { Article, ArticleAttachment, ArticleSlugRedirect, LegalVersion } from '../features/articles/server/article.entity.ts';
import { Application, ApplicationDraft, ApplicationEvent } from '../features/applications/server/application.entity.ts';
import { CareItem, CareScheduleItem, HealthFamilyPrefs, HealthReminder, HealthShareLink } from '../features/health/server/health.entity.ts';
import { CareRequest, HealthGoHomeMail, HealthLitterProtocol, HealthProtocol } from '../features/health/server/health.entity.ts';
import {
  Contract,
  ContractEvent,
  ContractSigningKey,
  ContractTemplate,
  ContractTemplateVersion,
} from '../features/contracts/server/contract.entity.ts';
import { PushSubscription } from '../features/notifications/server/push-subscription.entity.ts';
import { Conversation, Message, MessageAttachment } from '../features/messages/server/message.entity.ts';
import { MessageUpload } from '../features/messages/server/message.entity.ts';

import { Payment, PaymentAccount, PaymentSettings } from '../features/payments/server/payments.entity.ts';
import { Booking, VisitSettings } from '../features/visits/server/visits.entity.ts';
export const entities = [
  Litter,
  Puppy,
  PuppyPhoto,
  ParentDog,
  ParentDogPhoto,
  DogHealthTest,
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
  ArticleAttachment,
  LegalVersion,
  Application,
  ApplicationEvent,
  ApplicationDraft,
  AccountErasure,
  PuppyUpdate,
  PuppyUpdatePhoto,
  PuppyWeight,
  UpdateNotice,
  FamilyPortalState,
  ChecklistItem,
  ChecklistTick,
  PuppyPickup,
  FamilyDocument,
  Newsletter,
  AppSecret,
  PaymentAccount,
  Payment,
  PaymentSettings,
  CareItem,
  CareScheduleItem,
  HealthShareLink,
  HealthGoHomeMail,
  CareRequest,
  HealthProtocol,
  HealthLitterProtocol,
  HealthReminder,
  HealthFamilyPrefs,
  VisitSettings,
  Booking,
  ContractTemplate,
  ContractTemplateVersion,
  Contract,
  ContractEvent,
  ContractSigningKey,
  PushSubscription,
  Conversation,
  Message,
  MessageAttachment,
  MessageUpload,
];
