import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

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
  "connect-src 'self' ws: wss:",
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
