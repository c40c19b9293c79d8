import type { Role } from '@railmadad/contract';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/errors';
import type { Auth } from './auth';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** Set by `requireUser`/`requireRole`: the signed-in user, never null after them. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** Who may call a route ('gateway': a third party posting with a shared secret); the role matrix test reads it from every registered route. */
    access?: 'public' | 'user' | 'gateway' | Role[];
  }
}

/** Resolves the better-auth session (cookie or bearer token) once per request. */
export async function loadSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.sessionUser !== undefined && request.sessionUser !== null) return request.sessionUser;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  const u = session?.user as { id: string; name: string; email: string; role?: string | null; banned?: boolean | null } | undefined;
  request.sessionUser = u && !u.banned ? { id: u.id, name: u.name, email: u.email, role: (u.role ?? 'passenger') as Role } : null;
  return request.sessionUser;
}

/** Guards run as `onRequest` hooks: a caller without access hears 401/403 before any body is parsed or validated. */
export function createGuards(auth: Auth) {
  const requireUser: onRequestAsyncHookHandler = async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await loadSessionUser(auth, request);
    if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
    request.user = user;
  };
  const requireRole = (...roles: Role[]): onRequestAsyncHookHandler =>
    async function requireRoleHandler(request, reply) {
      await requireUser.call(this, request, reply);
      if (!roles.includes(request.user.role)) throw new AppError('forbidden', 'You do not have access to this page.');
    };
  return { requireUser, requireRole };
}
export type Guards = ReturnType<typeof createGuards>;
