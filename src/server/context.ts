// Builds the tRPC context from a Fastify request; shared by the tRPC and REST plugins.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../lib/server/trpc.ts';

export function createContext(request: FastifyRequest, reply: FastifyReply): Context {
  return {
    em: request.em,
    user: request.user,
    sessionId: request.sessionId,
    stream: request.liveStream,
    services: request.server.services,
    req: {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      proxy: {
        protocol: request.protocol,
        forwardedFor: headerValue(request.headers['x-forwarded-for']),
        forwardedProto: headerValue(request.headers['x-forwarded-proto']),
      },
      cookies: request.cookies,
      setCookie: (name, value, options) => void reply.setCookie(name, value, options),
      clearCookie: (name, options) => void reply.clearCookie(name, options),
    },
  };
}

const headerValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
