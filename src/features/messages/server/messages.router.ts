// The family's conversation with the breeder: every procedure is for a signed-in account and answers only about its own.
import { authedProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { isResync } from '../../../lib/server/live-events.ts';
import { liveStream } from '../../../lib/server/live-streams.ts';
import { EmailPreferenceSchema, MyMessagesSchema, SendMessageSchema, type MessageEventDto } from '../messages.schema.ts';
import {
  emailPreference,
  markReadAsFamily,
  MESSAGES_CHANNEL,
  myMessages,
  myUnreadCount,
  sendAsFamily,
  setEmailPreference,
  type LiveMessageEvent,
} from './messages.service.ts';

/** A family's messages to the breeder, per account (a person types far fewer; a script is stopped). */
export const MESSAGE_SEND_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export const messagesRouter = router({
  list: authedProcedure.input(MyMessagesSchema).query(({ ctx, input }) => myMessages(ctx.em, ctx.services, ctx.user.id, input.cursor)),
  send: authedProcedure
    .use(rateLimited('messages-send', MESSAGE_SEND_RATE_LIMIT.limit, MESSAGE_SEND_RATE_LIMIT.windowMs, 'account'))
    .input(SendMessageSchema)
    .mutation(({ ctx, input }) => sendAsFamily(ctx.em, ctx.services, ctx.user.id, input)),
  /** The caller's own unread count: one column of one row, polled by the header. */
  unreadCount: authedProcedure.query(({ ctx }) => myUnreadCount(ctx.em, ctx.user.id)),
  markRead: authedProcedure.mutation(({ ctx }) => markReadAsFamily(ctx.em, ctx.services, ctx.user.id)),
  emailPreference: authedProcedure.query(({ ctx }) => emailPreference(ctx.em, ctx.user.id)),
  setEmailPreference: authedProcedure
    .input(EmailPreferenceSchema)
    .mutation(({ ctx, input }) => setEmailPreference(ctx.em, ctx.user.id, input.enabled)),
  /** Server-sent events: something changed in this family's conversation (ids only; the client refetches). */
  live: authedProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<MessageEventDto> {
    for await (const event of liveStream<LiveMessageEvent>(ctx.services.live, MESSAGES_CHANNEL, ctx.stream, signal)) {
      if (isResync(event)) yield { kind: 'resync' };
      else if (event.familyId === ctx.user.id) yield { kind: event.kind, conversationId: event.conversationId, messageId: event.messageId };
    }
  }),
});
