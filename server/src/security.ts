import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './lib/errors';

/**
 * The CSP hashes of the inline scripts of the built index.html: the one that sets theme, language
 * and text size before first paint (inlined by the build, web/inline-head-script.ts, to spare a
 * phone a round trip). No other inline script runs.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
}

const csp = (scriptHashes: string[]) => [
  "default-src 'self'",
  ["script-src 'self'", ...scriptHashes].join(' '),
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://lh3.googleusercontent.com",
  // 'self' covers the socket too (ws:/wss: to this host): no other host may be reached from a page.
  "connect-src 'self'",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function addSecurityHeaders(app: FastifyInstance, isHttps: boolean, scriptHashes: string[] = []) {
  const CSP = csp(scriptHashes);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=(self)');
    if (isHttps) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a request says it comes from: its Origin header, or its Referer's origin when Origin is absent. */
export function claimedOrigin(headers: { origin?: string; referer?: string }): string | undefined {
  if (headers.origin) return headers.origin;
  if (!headers.referer) return undefined;
  return URL.canParse(headers.referer) ? new URL(headers.referer).origin : 'null';
}

/**
 * Forged requests: a page elsewhere (another site, or another port of this host) cannot change anything in a
 * signed-in person's name. A state-changing request that carries a cookie, and every sign-in or sign-up, must
 * come from one of `trusted`; otherwise 403 `untrusted_origin`, which says which address to use. Requests
 * without a cookie (a bearer token, an SMS gateway) carry nobody's session and pass; so does one with neither
 * Origin nor Referer, which browsers always send with a POST from a page.
 */
export function guardOrigin(app: FastifyInstance, trusted: readonly string[], publicUrl: string) {
  const allowed = new Set(trusted);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.headers.cookie && !request.url.startsWith('/api/auth/')) return;
    const from = claimedOrigin(request.headers);
    if (from === undefined || allowed.has(from)) return;
    throw new AppError(
      'untrusted_origin',
      `This page is open at ${from}, an address this server does not accept. Open ${publicUrl} instead, or ask the operator to add ${from} to TRUSTED_ORIGINS.`,
    );
  });
}
