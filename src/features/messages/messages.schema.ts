// Conversations between the breeder and each family: shapes, limits and the exact messages, shared by forms and the server.
import { z } from 'zod';
import { PageInputSchema } from '../../lib/shared/paging.ts';

export const MESSAGE_MAX_CHARS = 10_000;
export const MESSAGE_MAX_ATTACHMENTS = 10;
/** Messages per page of a conversation (newest first, keyset on the id). */
export const MESSAGES_PAGE_SIZE = 30;
/** A family's photo or PDF from the site: the media pipeline's limit for both (it checks again after sniffing). */
export const MESSAGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** What the family's file picker offers (the phone's camera roll and files); the server sniffs the content. */
export const MESSAGE_FILE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,application/pdf';
/** Where a family uploads a file for a message (multipart/form-data, the field "file"). */
export const MESSAGE_UPLOAD_PATH = '/api/messages/attachments';

export const MESSAGES_TEXT = {
  empty: 'Write a message or attach a file.',
  tooLong: 'A message can be at most 10,000 characters.',
  tooManyAttachments: 'Attach at most 10 files to one message.',
  attachmentInvalid: 'This attachment is not one of our private uploads.',
  notFound: 'Conversation not found.',
  familyNotFound: 'That family does not exist.',
  inquiryNotFound: 'That inquiry does not exist.',
  badCursor: 'The page cursor is not valid.',
  applicationNotFound: 'That application does not exist.',
  fileTooLarge: 'Photos and PDFs can be at most 20 MB.',
  fileWrongType: 'Attach a photo (JPEG, PNG, WebP, AVIF or HEIC) or a PDF: this file is neither (its content is checked, not its name).',
  fileMissing: 'Choose a photo or a PDF to attach.',
  fileForm: 'Send the file as multipart/form-data in the field "file".',
  fileFailed: 'The file could not be attached. Please try again.',
} as const;

/** What POST /api/messages/attachments answers (201): pass `url` in a message's attachments. */
export interface MessageUploadDto {
  /** The upload's canonical address, for `attachments`. */
  url: string;
  /** Where the family reads it back (private: this family and admins only). */
  previewUrl: string;
  kind: 'photo' | 'pdf';
  name: string | null;
}

/** Upload URLs as the media pipeline hands them out (canonical form, before the private address). */
const UPLOAD_URL = /^\/uploads\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/;
const AttachmentUrlSchema = z.string(MESSAGES_TEXT.attachmentInvalid).regex(UPLOAD_URL, MESSAGES_TEXT.attachmentInvalid);

const MessageBody = {
  text: z.string().max(MESSAGE_MAX_CHARS, MESSAGES_TEXT.tooLong).default(''),
  attachments: z.array(AttachmentUrlSchema).max(MESSAGE_MAX_ATTACHMENTS, MESSAGES_TEXT.tooManyAttachments).default([]),
};

const notEmpty = (v: { text: string; attachments: string[] }, ctx: z.RefinementCtx) => {
  if (!v.text.trim() && v.attachments.length === 0) ctx.addIssue({ code: 'custom', path: ['text'], message: MESSAGES_TEXT.empty });
};

/** What a family sends (to its own conversation). */
export const SendMessageSchema = z.object(MessageBody).superRefine(notEmpty);
export type SendMessageInput = z.input<typeof SendMessageSchema>;

/** What the breeder sends, to one conversation. */
export const AdminSendMessageSchema = z.object({ conversationId: z.number().int().positive(), ...MessageBody }).superRefine(notEmpty);
export type AdminSendMessageInput = z.input<typeof AdminSendMessageSchema>;

/** Older messages than the cursor (a message id); none: the newest page. */
const CursorSchema = z.number(MESSAGES_TEXT.badCursor).int(MESSAGES_TEXT.badCursor).positive(MESSAGES_TEXT.badCursor).optional();
export const MyMessagesSchema = z.object({ cursor: CursorSchema }).default({});
export const ConversationPageSchema = z.object({ conversationId: z.number().int().positive(), cursor: CursorSchema });
export const ConversationIdSchema = z.object({ conversationId: z.number().int().positive() });
export const FamilyIdSchema = z.object({ familyId: z.number().int().positive() });
export const InquiryIdSchema = z.object({ inquiryId: z.number().int().positive() });
/** An application's or an inquiry's conversation (exactly one of the two). */
export const ThreadOfSchema = z.union([
  z.strictObject({ applicationId: z.number().int().positive() }),
  z.strictObject({ inquiryId: z.number().int().positive() }),
]);
export type ThreadOfInput = z.input<typeof ThreadOfSchema>;
export const ConversationListSchema = PageInputSchema.extend({ unreadOnly: z.boolean().default(false) });
export type ConversationListInput = z.input<typeof ConversationListSchema>;
export const EmailPreferenceSchema = z.object({ enabled: z.boolean() });

export type MessageSender = 'family' | 'breeder';

export interface MessageAttachmentDto {
  /** The private address (/private-media/…), served only to this family and admins. */
  url: string;
  kind: 'photo' | 'pdf';
  name: string | null;
}

export interface MessageDto {
  id: number;
  conversationId: number;
  sender: MessageSender;
  /** Who wrote it: the family's name or the breeder's. */
  authorName: string;
  text: string;
  attachments: MessageAttachmentDto[];
  createdAt: string;
  /** Whether the other side has read it. */
  read: boolean;
  /** Written on the site or by replying to an e-mail. */
  via: 'web' | 'email';
  /** A reply from an address that is not the family's: shown to the breeder only (always false for the family). */
  held: boolean;
}

export interface MessagesPageDto {
  conversationId: number | null;
  /** Newest first. */
  items: MessageDto[];
  /** Pass as `cursor` for older messages; null when there are none. */
  nextCursor: number | null;
  /** Messages from the other side this reader has not read yet. */
  unread: number;
}

export interface ConversationSummaryDto {
  id: number;
  familyId: number | null;
  familyName: string;
  email: string | null;
  lastMessageAt: string | null;
  preview: string;
  /** Messages from the family the breeder has not read. */
  unread: number;
  /** The family's address bounced: the breeder should reach them another way. */
  emailFailing: boolean;
}

export interface AdminConversationDto extends MessagesPageDto {
  conversation: ConversationSummaryDto;
}

/** Where an application's or an inquiry's conversation is, or will be (nothing is made by asking). */
export interface ThreadPlaceDto {
  /** The conversation, once there is one. */
  conversation: ConversationSummaryDto | null;
  /** The family's account (an application's, or the one that verified the inquiry's address); null: none yet. */
  familyId: number | null;
  /** The address a visitor's conversation is e-mailed to and claimed by. */
  email: string | null;
}

/**
 * A live event: something changed in a conversation (a new message, or the other side read it); or `resync`: the
 * server may have missed events (its database connection came back), so the page refetches what it shows.
 */
export type MessageEventDto = MessageChangeDto | { kind: 'resync' };
export interface MessageChangeDto {
  kind: 'message' | 'read';
  conversationId: number;
  messageId: number | null;
}

/** Splits text into plain runs and links (http, https, mailto, bare www.), for rendering as text nodes and anchors. */
export function linkifyParts(
  text: string,
  find: (text: string) => Array<{ index: number; lastIndex: number; url: string; schema: string }> | null,
) {
  const parts: Array<{ text: string; href?: string }> = [];
  let at = 0;
  for (const m of find(text) ?? []) {
    // Only web and mail links become anchors: never javascript: or data: (linkify finds none, but the rule is ours).
    if (!/^(https?:|mailto:)/i.test(m.url)) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: text.slice(m.index, m.lastIndex), href: m.url });
    at = m.lastIndex;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
