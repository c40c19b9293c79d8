import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;

/**
 * A classifier model trained from the corpus, in `file` (trained once, then reused): what a deployment ships, so the
 * server starts with it (`CLASSIFIER_SEED_FILE`) and no training in its thread competes with a measurement.
 */
export function classifierSeed(file) {
  if (existsSync(file)) return file;
  const code = `(async () => { const { trainFromCorpus } = await import('./server/src/classifier/corpus.ts'); const { encodeModel } = await import('./server/src/classifier/codec.ts'); require('node:fs').writeFileSync(${JSON.stringify(file)}, encodeModel(await trainFromCorpus())); })()`;
  execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  return file;
}

let built = false;
/**
 * The server as `npm start` runs it: plain JavaScript from server/build.mjs (built once per bench, ~1 s), not the
 * TypeScript source through tsx, whose loader and source maps cost ~100 MB of RSS and slow the start.
 */
export function builtServer() {
  if (!built) execFileSync(process.execPath, ['server/build.mjs'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
  return 'server/dist/main.js';
}

/** Starts the real server (built); resolves when /api/health answers, with the milliseconds it took. */
export async function startServer({ port, dataDir = mkdtempSync(join(tmpdir(), 'railmadad-bench-')), env = {}, nodeArgs = [] }) {
  const main = builtServer();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://localhost:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  return {
    ms,
    dataDir,
    /** The server's own process: its /proc entry gives its memory. */
    pid: child.pid,
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
