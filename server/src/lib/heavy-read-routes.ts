import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type HeavyReads, waitInLine } from '../db/heavy-reads';

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

/** How long a staff screen's heavy read gives way to other requests before it starts anyway. */
export const GIVE_WAY_MS = 250;

/**
 * The requests in flight to routes that are not heavy reads: filing, tracking, almost all a passenger does (not their
 * own complaint list, whose route is one), and staff's light calls such as the cards. Node answers them all in one
 * thread, so a heavy read started beside them takes its time from them.
 */
function lightRequests(app: FastifyInstance) {
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const counted = new WeakSet<FastifyRequest>();
  const end = (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inFlight--;
    if (inFlight === 0) for (const wake of waiters.splice(0)) wake();
  };
  app.addHook('onRequest', async (request) => {
    if ((request.routeOptions.config as { heavyRead?: boolean } | undefined)?.heavyRead) return;
    counted.add(request);
    inFlight++;
  });
  app.addHook('onResponse', async (request) => end(request));
  app.addHook('onRequestAbort', async (request) => end(request));
  return {
    /** Resolves when no light request is in flight, after `maxMs` at most, or at once when `signal` aborts. */
    async quiet(maxMs: number, signal: AbortSignal): Promise<void> {
      if (inFlight > 0) await waitInLine(waiters, maxMs, signal);
    },
  };
}

/**
 * Wraps every route marked `config.heavyRead` (register before the routes). Run by staff, such a read first gives way
 * to the light requests in flight (at most GIVE_WAY_MS), then takes a slot of the heavy-read budget. So staff
 * screens opened again and again during a burst of filings answer a little later, and the filings keep their pace.
 */
export function limitHeavyReads(app: FastifyInstance, heavyReads: HeavyReads, options: { giveWayMs?: number } = {}) {
  const giveWayMs = options.giveWayMs ?? GIVE_WAY_MS;
  const light = lightRequests(app);
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
        await light.quiet(giveWayMs, gone.signal);
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
