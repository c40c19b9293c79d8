import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from './auth';

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
        const headers = fromNodeHeaders(request.headers);
        // Rate limits key on the client's address: Fastify resolved it (honouring TRUST_PROXY).
        headers.set('x-forwarded-for', request.ip);
        const hasBody = request.method !== 'GET' && request.body !== undefined && request.body !== null;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
          }),
        );
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
      },
    });
  };
