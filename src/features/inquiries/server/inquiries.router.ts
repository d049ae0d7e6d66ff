import { publicProcedure, rateLimited, router } from '../../../lib/server/trpc.ts';
import { InquirySchema } from '../inquiries.schema.ts';
import { createInquiry } from './inquiries.service.ts';

/** Per client address; counted before validation so a flood of junk is throttled too. */
export const INQUIRY_RATE_LIMIT = { limit: 5, windowMs: 60_000 };

export const inquiriesRouter = router({
  create: publicProcedure
    .use(rateLimited('inquiries', INQUIRY_RATE_LIMIT.limit, INQUIRY_RATE_LIMIT.windowMs))
    .input(InquirySchema)
    .mutation(({ ctx, input }) => createInquiry(ctx.em, input, ctx.services)),
});
