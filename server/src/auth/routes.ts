import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../lib/errors';
import type { Auth } from './auth';

// Fastify sets its own length; cookies are copied one by one below.
const SKIPPED_HEADERS = new Set(['set-cookie', 'content-length']);

/**
 * The auth endpoints the product uses: the sign-in screens (web/src/features/auth), the profile's two-step sign-in
 * and account deletion, the links sent by e-mail and Google's return. The library offers many more (change-email,
 * list-sessions, the admin plugin's impersonate-user and set-role…); nothing of ours calls them, so they answer
 * 404 rather than being one more thing an attacker can reach. Profiles change through PATCH /api/me.
 */
const AUTH_ENDPOINTS: readonly (readonly [method: 'GET' | 'POST', path: RegExp])[] = [
  ['POST', /^\/sign-up\/email$/],
  ['POST', /^\/sign-in\/email$/],
  ['POST', /^\/sign-in\/social$/],
  ['GET', /^\/callback\/google$/],
  ['POST', /^\/callback\/google$/],
  ['POST', /^\/sign-out$/],
  ['GET', /^\/verify-email$/],
  ['POST', /^\/request-password-reset$/],
  ['GET', /^\/reset-password\/[^/]+$/],
  ['POST', /^\/reset-password$/],
  ['POST', /^\/phone-number\/send-otp$/],
  ['POST', /^\/phone-number\/verify$/],
  ['POST', /^\/two-factor\/(enable|disable|verify-totp|send-otp|verify-otp|verify-backup-code)$/],
  ['POST', /^\/delete-user$/],
];

export const isAuthEndpoint = (method: string, path: string) => AUTH_ENDPOINTS.some(([m, p]) => m === method && p.test(path));

/** Hands every /api/auth/* request to better-auth as a web Request and copies its answer back. */
export const authRoutes =
  (auth: Auth): FastifyPluginAsync =>
  async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
        if (!isAuthEndpoint(request.method, url.pathname.slice('/api/auth'.length))) {
          throw new AppError('not_found', 'Not found.');
        }
        const headers = fromNodeHeaders(request.headers);
        // Rate limits key on the client's address: Fastify resolved it (honouring TRUST_PROXY).
        headers.set('x-forwarded-for', request.ip);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        // Every auth endpoint takes an object; the library fails on anything else (`true`, `null`, `[]`) with a 500.
        if (hasBody && (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))) {
          throw new AppError('validation_failed', 'The request body must be a JSON object.');
        }
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (!SKIPPED_HEADERS.has(key.toLowerCase())) reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        // better-auth's own limiter answers with a message only; every error here carries a code.
        if (response.status === 429) {
          // The standard header, which browsers and HTTP clients honour; the library's own limiter says X-Retry-After.
          const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
          reply.removeHeader('x-retry-after');
          if (retryAfter) reply.header('retry-after', retryAfter);
          const detail = (await response.json().catch(() => ({}))) as { message?: string };
          return reply.send({ code: 'RATE_LIMITED', message: detail.message ?? 'Too many requests. Please try again later.' });
        }
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  };
