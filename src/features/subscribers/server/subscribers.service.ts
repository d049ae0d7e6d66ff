import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Subscriber } from './subscriber.entity.ts';
import { normalizeEmail, UNSUBSCRIBE_NOT_FOUND, type SubscribeSchema } from '../subscribers.schema.ts';
import { AppError } from '../../../lib/server/errors.ts';
import type { z } from 'zod';

export type SubscribeData = z.output<typeof SubscribeSchema>;

export interface SubscribeReceipt {
  ok: true;
}

const newToken = () => randomBytes(32).toString('base64url');

/**
 * Subscribes an address. Idempotent: the same address in any case or spacing is one subscriber,
 * and answering the same way every time also keeps the list private (no "already subscribed").
 * A previously unsubscribed address becomes active again.
 */
export async function subscribe(em: EntityManager, input: SubscribeData): Promise<SubscribeReceipt> {
  if (input.website?.trim()) return { ok: true };
  const email = normalizeEmail(input.email);
  for (let attempt = 0; ; attempt++) {
    try {
      await upsert(em, email, input.name);
      return { ok: true };
    } catch (error) {
      // Two requests for one new address raced; the other one inserted it, so update that row.
      if (!(error instanceof UniqueConstraintViolationException) || attempt > 0) throw error;
      em.clear();
    }
  }
}

async function upsert(em: EntityManager, email: string, name: string | undefined) {
  const existing = await em.findOne(Subscriber, { email });
  const now = new Date();
  if (existing) {
    existing.status = 'active';
    if (name) existing.name = name;
  } else {
    em.create(Subscriber, {
      email,
      name: name ?? null,
      status: 'active',
      unsubscribeToken: newToken(),
      createdAt: now,
      updatedAt: now,
    });
  }
  await em.flush();
}

/** One-click unsubscribe from the link in every newsletter. Repeating it is harmless. */
export async function unsubscribe(em: EntityManager, token: string): Promise<{ ok: true }> {
  const subscriber = await em.findOne(Subscriber, { unsubscribeToken: token });
  if (!subscriber) throw new AppError('NOT_FOUND', UNSUBSCRIBE_NOT_FOUND);
  if (subscriber.status !== 'unsubscribed') {
    subscriber.status = 'unsubscribed';
    await em.flush();
  }
  return { ok: true };
}
