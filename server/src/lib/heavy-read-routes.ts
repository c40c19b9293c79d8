import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { HeavyReads } from '../db/heavy-reads';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A staff screen's heavy read (analytics, the dashboard's cards and list, the CSV export): run by staff it takes a
     * slot of the heavy-read budget and its statements run on the heavy-read connections, with their timeout, so it
     * cannot take the connections filing and tracking use. A passenger's call of the same route is light (their own
     * complaints) and runs as any other.
     */
    heavyRead?: boolean;
  }
}

/** Wraps every route marked `config.heavyRead` (register before the routes). */
export function limitHeavyReads(app: FastifyInstance, heavyReads: HeavyReads) {
  app.addHook('onRoute', (route) => {
    if (!(route.config as { heavyRead?: boolean } | undefined)?.heavyRead) return;
    const handler = route.handler as (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => unknown;
    route.handler = async function heavyRead(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const role = request.user?.role;
      if (role !== 'staff' && role !== 'admin') return handler.call(this, request, reply);
      // The client went away before its answer: stop the statements still working for it.
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('client closed the request'));
      };
      reply.raw.once('close', onClose);
      // Gone already (while its session was being checked): no slot is waited for.
      if (reply.raw.destroyed) onClose();
      try {
        return await heavyReads.run(gone.signal, async () => {
          const result = await handler.call(this, request, reply);
          // A streamed answer (the CSV export) keeps reading after the handler returned: its slot is held until it ends.
          if (result === reply) await finished(reply.raw).catch(() => undefined);
          return result;
        });
      } finally {
        reply.raw.off('close', onClose);
      }
    } as RouteHandlerMethod;
  });
}
