// Conversations (one per family account, or per verified e-mail for a visitor's inquiry) and their messages.
import { defineEntity, p } from '@mikro-orm/core';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { trigramIndexes } from '../../../lib/server/sql.ts';
import { User } from '../../auth/server/user.entity.ts';

export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The family's account; null while the conversation belongs to a visitor's e-mail only. */
    family: () => p.manyToOne(User).nullable().deleteRule('cascade').unique(),
    /** A visitor's address (lower case), claimed by the account that verifies it. */
    email: p.string().length(254).nullable().index(),
    lastMessageAt: p.datetime().nullable(),
    preview: p.string().length(200).default(''),
    /** The highest message id each side has read; unread counts are kept beside them. */
    familyReadUpTo: p.integer().default(0),
    breederReadUpTo: p.integer().default(0),
    familyUnread: p.integer().default(0),
    breederUnread: p.integer().default(0),
    /** E-mail batching: at most one notification per side per 10 minutes while unread. */
    familyEmailedAt: p.datetime().nullable(),
    breederEmailedAt: p.datetime().nullable(),
    /** The family turned message e-mails off. */
    familyEmailOff: p.boolean().default(false),
    /** The family's address bounced (the breeder sees it). */
    emailFailingAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // The list's order, and the search's columns (issue 35, Migration20261128155000_search_trigram_everywhere).
  indexes: [
    {
      name: 'conversations_list_order_index',
      expression: 'create index "conversations_list_order_index" on "conversations" ("last_message_at" desc nulls last, "id" desc)',
    },
    ...trigramIndexes('conversations', ['email', 'preview']),
  ],
});
export type IConversation = InstanceType<typeof Conversation.class>;

export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    conversation: () => p.manyToOne(Conversation).deleteRule('cascade'),
    sender: p.enum(['family', 'breeder'] as const),
    /** The account that wrote it (null: by e-mail from a visitor, or the account is gone). */
    author: () => p.manyToOne(User).nullable().deleteRule('set null'),
    text: p.text(),
    via: p.enum(['web', 'email'] as const).default('web'),
    /** An inbound e-mail's Message-ID: the same mail delivered twice is stored once. */
    emailMessageId: p.string().length(500).nullable().unique(),
    /** From an address other than the family's: shown to the breeder only, until she decides. */
    held: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  indexes: [{ properties: ['conversation', 'id'] }],
});
export type IMessage = InstanceType<typeof Message.class>;

/** A photo or PDF of a message: a private upload. */
export const MessageAttachment = defineEntity({
  name: 'MessageAttachment',
  tableName: 'message_attachments',
  properties: {
    id: p.integer().primary().autoincrement(),
    message: () => p.manyToOne(Message).deleteRule('cascade').index(),
    url: p.string().length(500).index(),
    name: p.string().length(200).nullable(),
    position: p.integer(),
  },
});

export const messageAttachmentMediaRefs = mediaReference(MessageAttachment, ['url']);

/**
 * A file a family uploaded from the site for a message it has not sent yet (or has): the upload is the family's,
 * so it may attach it and read it back. Sending keeps the row; the family's account going takes it along.
 */
export const MessageUpload = defineEntity({
  name: 'MessageUpload',
  tableName: 'message_uploads',
  properties: {
    id: p.integer().primary().autoincrement(),
    family: () => p.manyToOne(User).deleteRule('cascade').index(),
    url: p.string().length(500).unique(),
    name: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const messageUploadMediaRefs = mediaReference(MessageUpload, ['url']);
