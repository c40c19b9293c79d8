import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and any unknown non-API GET (or HEAD) answered with index.html so client routes work on reload.
 */
export async function serveWeb(app: FastifyInstance, webDist: string) {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset; the right one is sent per Accept-Encoding.
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // HEAD too: an uptime monitor asking for /login must see the site up.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/api/') || path.startsWith('/socket.io') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ code: 'not_found', message: 'Not found.' });
    }
    return sendIndex(request, reply);
  });
}
