import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';

export const Inquiry = defineEntity({
  name: 'Inquiry',
  tableName: 'inquiries',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(100),
    email: p.string().length(254),
    phone: p.string().length(50).nullable(),
    interest: p.enum(['available', 'upcoming', 'waitlist', 'information'] as const),
    message: p.text(),
    status: p
      .enum(['new', 'in_progress', 'closed'] as const)
      .default('new')
      .index(),
    notes: p.text().default(''),
    readAt: p.datetime().nullable(),
    createdAt: p
      .datetime()
      .onCreate(() => new Date())
      .index(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  // The dashboard list's order, so a page is read from the index, not sorted from the table (issue 35).
  indexes: [
    { name: 'inquiries_list_order_index', expression: 'create index "inquiries_list_order_index" on "inquiries" ("created_at", "id")' },
    // Today's unread inquiries (Migration20261128161000_today_indexes).
    {
      name: 'inquiries_unread_index',
      expression: 'create index "inquiries_unread_index" on "inquiries" ("created_at") where "read_at" is null',
    },
    ...trigramIndexes('inquiries', ['name', 'email', 'message']),
  ],
});
export type IInquiry = InstanceType<typeof Inquiry.class>;
