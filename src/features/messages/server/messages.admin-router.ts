// The breeder's conversations (all adminProcedure): the list with unread counts, one thread, send, mark read, live events.
import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { isResync } from '../../../lib/server/live-events.ts';
import { liveStream } from '../../../lib/server/live-streams.ts';
import {
  AdminSendMessageSchema,
  ConversationIdSchema,
  ConversationListSchema,
  ConversationPageSchema,
  FamilyIdSchema,
  InquiryIdSchema,
  ThreadOfSchema,
  type MessageEventDto,
} from '../messages.schema.ts';
import {
  adminConversation,
  listConversations,
  markReadAsBreeder,
  MESSAGES_CHANNEL,
  sendAsBreeder,
  unreadTotal,
  type LiveMessageEvent,
} from './messages.service.ts';
import { conversationForFamily, conversationForInquiry, threadOf } from './conversations.queries.ts';

export const messagesAdminRouter = router({
  list: adminProcedure.input(ConversationListSchema).query(({ ctx, input }) => listConversations(ctx.em, input)),
  unreadCount: adminProcedure.query(({ ctx }) => unreadTotal(ctx.em)),
  conversation: adminProcedure
    .input(ConversationPageSchema)
    .query(({ ctx, input }) => adminConversation(ctx.em, ctx.services, input.conversationId, input.cursor)),
  forFamily: adminProcedure.input(FamilyIdSchema).mutation(({ ctx, input }) => conversationForFamily(ctx.em, input.familyId)),
  /** Where an application's or an inquiry's conversation is (shown inside those screens); makes nothing. */
  threadOf: adminProcedure.input(ThreadOfSchema).query(({ ctx, input }) => threadOf(ctx.em, input)),
  forInquiry: adminProcedure.input(InquiryIdSchema).mutation(({ ctx, input }) => conversationForInquiry(ctx.em, input.inquiryId)),
  send: adminProcedure.input(AdminSendMessageSchema).mutation(({ ctx, input }) => sendAsBreeder(ctx.em, ctx.services, ctx.user.id, input)),
  markRead: adminProcedure
    .input(ConversationIdSchema)
    .mutation(({ ctx, input }) => markReadAsBreeder(ctx.em, ctx.services, input.conversationId)),
  /** Server-sent events: a change in any conversation (ids only; the dashboard refetches what it shows). */
  live: adminProcedure.subscription(async function* ({ ctx, signal }): AsyncGenerator<MessageEventDto> {
    for await (const event of liveStream<LiveMessageEvent>(ctx.services.live, MESSAGES_CHANNEL, ctx.stream, signal)) {
      yield isResync(event) ? { kind: 'resync' } : { kind: event.kind, conversationId: event.conversationId, messageId: event.messageId };
    }
  }),
});
