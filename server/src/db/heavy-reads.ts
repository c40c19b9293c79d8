import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Heavy reads (analytics, the dashboard's cards and lists, the CSV export) get a budget of their own, so staff
 * screens can never take the connections filing and tracking need:
 * - on PostgreSQL, a second small pool whose connections carry a statement timeout; a heavy read waits for a slot
 *   of it and runs there, and a request whose client has gone away has its running statement cancelled;
 * - on PGlite (one connection, statements served in turn), one heavy read at a time whose statements go one by one,
 *   so a filing waits behind at most one of them; PGlite cannot stop a statement, so the timeout answers the
 *   staff member and the statement finishes in the background, still holding the budget.
 * Code needs no other handle: inside `run`, the ordinary `db` sends its queries to the heavy-read side.
 */
export type HeavyReads = {
  /** Runs `work` with a slot of the budget (waiting for one at most the timeout); `signal` aborts it when the client leaves. */
  run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T>;
  /** An async iterable whose steps run inside the current heavy read (a streamed export reads on after the handler returned). */
  bind<T>(iterable: AsyncIterable<T>): AsyncIterable<T>;
  readonly timeoutMs: number;
  /** Tests only: every heavy statement first sleeps this long in the database, to play a slow report. */
  slowForTests(seconds: number): void;
};

/** Thrown when a heavy read ran out of time, waiting for a slot or in the database. */
export class HeavyReadTimeout extends Error {
  constructor() {
    super('heavy read timed out');
  }
}

/** PostgreSQL's answer to a statement stopped by statement_timeout or by a cancel. */
export const isQueryCanceled = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e instanceof HeavyReadTimeout || e.code === '57014') return true;
  }
  return false;
};

type Context = { signal: AbortSignal; deadline: number; clients: Set<pg.PoolClient>; pending: Set<Promise<unknown>> };
const storage = new AsyncLocalStorage<Context>();

/**
 * Waits in `line` until someone takes it out of the line and calls it (true), or until `ms` have passed or `signal`
 * has aborted (false, and it leaves the line).
 */
export function waitInLine(line: (() => void)[], ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const end = (woken: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', giveUp);
      if (!woken) line.splice(line.indexOf(wake), 1);
      resolve(woken);
    };
    const wake = () => end(true);
    const giveUp = () => end(false);
    const timer = setTimeout(giveUp, ms);
    signal.addEventListener('abort', giveUp);
    line.push(wake);
  });
}

/** A counting semaphore whose waiters give up on their deadline or when their request goes away. */
function budget(size: number) {
  let used = 0;
  const waiters: (() => void)[] = [];
  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else used--;
  };
  async function acquire(signal: AbortSignal, timeoutMs: number): Promise<() => void> {
    signal.throwIfAborted();
    if (used < size) {
      used++;
      return release;
    }
    // Woken by a release, the slot it freed passes to this waiter.
    if (!(await waitInLine(waiters, timeoutMs, signal))) throw signal.aborted ? signal.reason : new HeavyReadTimeout();
    return release;
  }
  return { acquire };
}

function createRunner(size: number, timeoutMs: number, onAbort: (ctx: Context) => void) {
  const slots = budget(size);
  return async function run<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    if (storage.getStore()) return work();
    const started = Date.now();
    const release = await slots.acquire(signal, timeoutMs);
    // Over when its client goes away, or when it has answered (or failed, say one of its statements timed out): a
    // statement of it still waiting for a connection then never starts, and one still running is cancelled.
    const over = new AbortController();
    const ctx: Context = { signal: AbortSignal.any([signal, over.signal]), deadline: started + timeoutMs, clients: new Set(), pending: new Set() };
    const abort = () => onAbort(ctx);
    ctx.signal.addEventListener('abort', abort);
    try {
      return await storage.run(ctx, work);
    } finally {
      over.abort(new HeavyReadTimeout());
      ctx.signal.removeEventListener('abort', abort);
      // The slot is free once the database has let go of every statement of this read, not when its answer left.
      void Promise.allSettled([...ctx.pending]).then(release);
    }
  };
}

/** See `HeavyReads.bind`; for routes, which hold no handle on the database. */
export function bindHeavyRead<T>(iterable: AsyncIterable<T>): AsyncIterable<T> {
  const iterator = iterable[Symbol.asyncIterator]();
  const next = AsyncResource.bind(() => iterator.next());
  return { [Symbol.asyncIterator]: () => ({ next, return: async (value?: unknown) => (await iterator.return?.(value)) ?? { done: true, value: undefined } }) };
}

type QueryArgs = Parameters<pg.Pool['query']>;

/**
 * PostgreSQL: what drizzle is given instead of the pool. Outside a heavy read it is the ordinary pool; inside one,
 * a connection of the heavy-read pool, remembered while it works so a request that went away can cancel it.
 * (Its name ends in "Pool" so drizzle opens transactions on a connection of its own, as with a pg.Pool.)
 */
export class RoutingPool {
  private sleepSeconds = 0;
  readonly heavyReads: HeavyReads;

  constructor(
    readonly main: pg.Pool,
    readonly heavy: pg.Pool,
    options: { size: number; timeoutMs: number; connectionString: string },
  ) {
    const run = createRunner(options.size, options.timeoutMs, (ctx) => {
      // Cancelled from a connection of its own: both pools may be busy. The cancelled connection is closed on its
      // release (see `checkout`), so the cancel can never land on another request's statement.
      for (const client of ctx.clients) void cancel(options.connectionString, (client as unknown as { processID: number }).processID);
    });
    this.heavyReads = { run, bind: bindHeavyRead, timeoutMs: options.timeoutMs, slowForTests: (s) => {
        this.sleepSeconds = s;
      } };
  }

  private async checkout(ctx: Context): Promise<pg.PoolClient> {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const client = await this.heavy.connect();
    // Gone while this connection was coming: the cancel has already been sent to the others, not to this one.
    if (ctx.signal.aborted) {
      client.release(true);
      throw ctx.signal.reason;
    }
    ctx.clients.add(client);
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => {
      ctx.clients.delete(client);
      client.release = release;
      return release(err ?? ctx.signal.aborted);
    };
    return client;
  }

  query(...args: QueryArgs) {
    const ctx = storage.getStore();
    if (!ctx) return (this.main.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
    const work = (async () => {
      const client = await this.checkout(ctx);
      // A cancel reaches only a statement already running: none is started once the client has gone.
      const live = () => {
        if (ctx.signal.aborted) throw ctx.signal.reason;
      };
      try {
        live();
        if (this.sleepSeconds) await client.query(`select pg_sleep(${Number(this.sleepSeconds)})`);
        live();
        return await (client.query as (...a: QueryArgs) => Promise<pg.QueryResult>)(...args);
      } finally {
        client.release();
      }
    })();
    ctx.pending.add(work);
    return work;
  }

  async connect(): Promise<pg.PoolClient> {
    const ctx = storage.getStore();
    return ctx ? this.checkout(ctx) : this.main.connect();
  }

  on(event: 'error', listener: (err: Error) => void) {
    this.main.on(event, listener);
    this.heavy.on(event, listener);
    return this;
  }

  /**
   * Closes both pools once no statement has been running for a moment (at most a few seconds): a request whose client
   * left goes on after the HTTP server has closed, and its next statement would find the pool ended.
   */
  async end() {
    const pools = [this.main, this.heavy];
    await untilQuiet(() => pools.some((p) => p.totalCount > p.idleCount || p.waitingCount > 0));
    await Promise.all(pools.map((p) => p.end()));
  }
}

/** Resolves once `busy()` has stayed false for `quietMs`, or after `maxMs` whatever it says. */
export async function untilQuiet(busy: () => boolean, { quietMs = 100, maxMs = 5_000, everyMs = 20 } = {}) {
  const started = Date.now();
  let quietSince = busy() ? null : started;
  while (Date.now() - started < maxMs && (quietSince === null || Date.now() - quietSince < quietMs)) {
    await new Promise((r) => setTimeout(r, everyMs));
    if (busy()) quietSince = null;
    else quietSince ??= Date.now();
  }
}

async function cancel(connectionString: string, pid: number) {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select pg_cancel_backend($1)', [pid]);
  } catch {
    // The statement may have ended on its own meanwhile; the connection is closed on release either way.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PGlite: the client drizzle is given. Inside a heavy read its statements go one at a time (a filing then waits
 * behind one of them at most), each answered with a timeout once the read's time is up.
 */
export function routePglite(client: PGlite, options: { timeoutMs: number }): { client: PGlite; heavyReads: HeavyReads; busy: () => boolean } {
  let sleepSeconds = 0;
  let queue: Promise<unknown> = Promise.resolve();
  // Statements and transactions under way, so closing can wait for them (see RoutingPool.end).
  let inFlight = 0;
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight++;
      try {
        return await fn(...args);
      } finally {
        inFlight--;
      }
    };
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const routedQuery = (...args: unknown[]) => {
    const ctx = storage.getStore();
    if (!ctx) return query(...args);
    if (ctx.signal.aborted) return Promise.reject(ctx.signal.reason);
    const work = queue.then(async () => {
      if (Date.now() >= ctx.deadline || ctx.signal.aborted) throw new HeavyReadTimeout();
      if (sleepSeconds) await query(`select pg_sleep(${Number(sleepSeconds)})`);
      return query(...args);
    });
    queue = work.catch(() => undefined);
    ctx.pending.add(queue);
    const remaining = ctx.deadline - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new HeavyReadTimeout()), Math.max(remaining, 0));
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  // PGlite keeps its state in private fields: every other method runs on the client itself.
  const countedQuery = counted(routedQuery);
  const methods = new Map<PropertyKey, unknown>();
  const routed = new Proxy(client, {
    get(target, prop) {
      if (prop === 'query') return countedQuery;
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      if (prop !== 'exec' && prop !== 'transaction') return value.bind(target);
      if (!methods.has(prop)) methods.set(prop, counted(value.bind(target)));
      return methods.get(prop);
    },
  });
  const run = createRunner(1, options.timeoutMs, () => undefined);
  return {
    client: routed,
    busy: () => inFlight > 0,
    heavyReads: { run, bind: bindHeavyRead, timeoutMs: options.timeoutMs, slowForTests: (s) => {
        sleepSeconds = s;
      } },
  };
}
