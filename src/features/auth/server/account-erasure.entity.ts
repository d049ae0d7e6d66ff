import { defineEntity, p } from '@mikro-orm/core';

/**
 * The audit of an account deleted on its owner's request: that it happened and when, nothing that
 * identifies the person (the user id is a number no longer attached to any data).
 */
export const AccountErasure = defineEntity({
  name: 'AccountErasure',
  tableName: 'account_erasures',
  properties: {
    id: p.integer().primary().autoincrement(),
    formerUserId: p.integer(),
    /** Who asked: the account's owner. */
    requestedBy: p.string().length(20).default('self'),
    erasedAt: p.datetime().onCreate(() => new Date()),
  },
});
