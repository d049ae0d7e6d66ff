// REST for other clients: the signed-in family's conversation (GET, newest first, by cursor) and a new message (POST).
import { z } from 'zod';
import { queryValue, restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import { MESSAGES_TEXT, SendMessageSchema, type MessageDto, type MessagesPageDto } from '../messages.schema.ts';
import { messagesRouter } from './messages.router.ts';

/** 10,000 characters of text (up to 4 bytes each once JSON-escaped… in practice far less) and ten upload URLs. */
export const MESSAGE_BODY_LIMIT = 64 * 1024;

const MessageSchema = z
  .strictObject({
    id: z.number().int(),
    conversationId: z.number().int(),
    sender: z.enum(['family', 'breeder']),
    authorName: z.string(),
    text: z.string(),
    attachments: z.array(z.strictObject({ url: z.string(), kind: z.enum(['photo', 'pdf']), name: z.string().nullable() })),
    createdAt: IsoInstantSchema,
    read: z.boolean(),
    via: z.enum(['web', 'email']),
    held: z.boolean(),
  })
  .meta({ id: 'Message' }) satisfies z.ZodType<MessageDto>;

const MessagesPageSchema = z
  .strictObject({
    conversationId: z.number().int().nullable(),
    items: z.array(MessageSchema),
    nextCursor: z.number().int().nullable(),
    unread: z.number().int(),
  })
  .meta({ id: 'MessagesPage' }) satisfies z.ZodType<MessagesPageDto>;

const CursorQuerySchema = z.object({ cursor: z.coerce.number(MESSAGES_TEXT.badCursor).int().positive().optional() });

export const messagesRest = restRoutes(messagesRouter, [
  {
    method: 'GET',
    url: '/api/messages',
    // A cursor that is not a number is passed through so the procedure's schema answers a clear 400.
    call: (c, { query }) => {
      const raw = queryValue(query.cursor);
      return c.list({ cursor: raw === undefined ? undefined : /^\d+$/.test(raw) ? Number(raw) : (raw as never) });
    },
    doc: {
      tag: 'Messages',
      summary: 'The signed-in family’s conversation with the breeder, newest first (pass nextCursor as cursor for older messages)',
      access: 'signed-in',
      query: CursorQuerySchema,
      response: MessagesPageSchema,
      errors: [400, 401],
    },
  },
  {
    method: 'POST',
    url: '/api/messages',
    status: 201,
    bodyLimit: MESSAGE_BODY_LIMIT,
    call: (c, { body }) => c.send(body as never),
    doc: {
      tag: 'Messages',
      summary:
        'Write to the breeder (text, and optionally photos or PDFs uploaded to /api/messages/attachments or already in the conversation)',
      access: 'signed-in',
      body: SendMessageSchema,
      response: MessageSchema,
      errors: [400, 401],
    },
  },
]);
