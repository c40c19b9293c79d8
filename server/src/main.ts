import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// Two settings of V8's garbage collector, measured at 3.2 M complaints (bench/README.md, "Memory"):
// - No allocation-site pretenuring. From a burst in which many objects happened to survive (a sign-in's password hash
//   holds the thread for a moment), V8 may start allocating everything from those code sites straight into the old
//   generation; every request's short-lived objects then pile up there until a full collection. Tracking a complaint
//   under load took the RSS from ~190 MB to 330–430 MB in two runs of three, and ran a fifth slower.
// - The old generation grows by half of what is live after a full collection, not by up to four times it. The staff
//   screens' requests last long enough for their objects to reach the old generation; with the default, the heap grew
//   to 220 MB for 80 MB live and the RSS to ~420 MB. With this it stays near 220 MB, for a full collection every few
//   hundred milliseconds under load (a few milliseconds each, mostly on V8's own thread).
setFlagsFromString('--no-allocation-site-pretenuring');
setFlagsFromString('--heap-growing-percent=50');

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  const app = await buildApp({
    config,
    logger: {
      level: config.logLevel,
      transport: process.stdout.isTTY ? { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } : undefined,
    },
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Rail Madad is ready at ${config.publicUrl} (${app.services.database.kind}, ${Math.round(performance.now() - started)} ms)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness answers 503 from here on, so a load balancer stops sending new requests.
    app.services.readiness.shutDown();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
