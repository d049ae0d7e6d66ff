// The messages feature's face to the app (decision 146): conversations, attachments, replies by e-mail.
import { defineFeature } from '../../../lib/server/feature-module.ts';
import {
  Conversation,
  Message,
  MessageAttachment,
  MessageUpload,
  messageAttachmentMediaRefs,
  messageUploadMediaRefs,
} from './message.entity.ts';
import { messagesRouter } from './messages.router.ts';
import { messagesAdminRouter } from './messages.admin-router.ts';
import { messagesRest } from './messages.rest.ts';
import { messagesToday } from './messages.today.ts';
import { eraseMessagesOf } from './messages.service.ts';
import { canReadMessageAttachment } from './messages-access.ts';
import inboundEmail from './inbound-email.plugin.ts';
import messageAttachments from './attachments.plugin.ts';

export const messagesModule = defineFeature({
  name: 'messages',
  entities: [Conversation, Message, MessageAttachment, MessageUpload],
  routers: { messages: messagesRouter },
  adminRouters: { messages: messagesAdminRouter },
  rest: messagesRest,
  today: { name: 'messages', source: messagesToday },
  eraseUser: eraseMessagesOf,
  canReadPrivateUpload: canReadMessageAttachment,
  mediaReferences: [messageAttachmentMediaRefs, messageUploadMediaRefs],
  plugins: [inboundEmail, messageAttachments],
});
