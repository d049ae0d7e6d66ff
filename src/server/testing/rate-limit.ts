// What the rate-limit store tests share (rate-limit-store.test.ts through the database, rate-limit-store.redis.test.ts
// through Redis): failed logins from different addresses against one account, spread over two app instances.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN } from './test-app.ts';

const login = (app: FastifyInstance, i: number) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    remoteAddress: `10.9.0.${i}`,
    payload: { username: 'shared_target', password: `wrong-guess-${i}` },
  });

/** 5 failures on each of two instances, then the 11th attempt, on either, is refused. */
export async function expectSharedBudget(a: FastifyInstance, b: FastifyInstance) {
  for (let i = 0; i < 10; i++) expect((await login(i % 2 ? b : a, i)).statusCode).toBe(401);
  expect((await login(a, 100)).statusCode).toBe(429);
  expect((await login(b, 101)).statusCode).toBe(429);
}
