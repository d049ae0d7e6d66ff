import { adminProcedure, router } from '../../../lib/server/trpc.ts';
import { IdInputSchema } from '../../../lib/shared/paging.ts';
import { InquiryListSchema, InquiryUpdateSchema } from '../inquiries.schema.ts';
import {
  getInquiry,
  inquiriesCsv,
  listInquiries,
  markInquiryUnread,
  openInquiry,
  removeInquiry,
  unreadInquiryCount,
  updateInquiry,
} from './inquiries.admin-service.ts';

export const inquiriesAdminRouter = router({
  list: adminProcedure.input(InquiryListSchema).query(({ ctx, input }) => listInquiries(ctx.em, input)),
  unreadCount: adminProcedure.query(({ ctx }) => unreadInquiryCount(ctx.em)),
  byId: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => getInquiry(ctx.em, input.id)),
  /** Opening an inquiry marks it read, so this is a mutation. */
  open: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => openInquiry(ctx.em, input.id)),
  markUnread: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => markInquiryUnread(ctx.em, input.id)),
  update: adminProcedure.input(InquiryUpdateSchema).mutation(({ ctx, input }) => updateInquiry(ctx.em, input)),
  remove: adminProcedure.input(IdInputSchema).mutation(({ ctx, input }) => removeInquiry(ctx.em, input.id)),
  exportCsv: adminProcedure
    .input(InquiryListSchema.omit({ page: true }).default({}))
    .query(({ ctx, input }) => inquiriesCsv(ctx.em, input)),
});
