// Cold start of `npm start`'s server process: until /api/health answers, with a fresh and an
// existing PGlite data directory. Usage: node bench/startup.mjs [runs]
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { median, startServer } from './support.mjs';

const runs = Number(process.argv[2] ?? 5);
const fresh = [];
const existing = [];
const model = [];
for (let i = 0; i < runs; i++) {
  const first = await startServer({ port: 3901 });
  fresh.push(first.ms);
  // A new database trains its first classifier in the background; wait for it before stopping.
  const started = performance.now();
  const cached = () => existsSync(join(first.dataDir, 'classifier')) && readdirSync(join(first.dataDir, 'classifier')).some((f) => /^model-v1-\w+\.rmc$/.test(f));
  while (!cached()) await new Promise((r) => setTimeout(r, 100));
  model.push(first.ms + performance.now() - started);
  await first.stop();
  const again = await startServer({ port: 3901, dataDir: first.dataDir });
  existing.push(again.ms);
  await again.stop();
  rmSync(first.dataDir, { recursive: true, force: true });
}
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;
console.log(`cold start, fresh data dir:    ${fmt(fresh)}`);
console.log(`first classifier model ready:  ${fmt(model)}`);
console.log(`cold start, existing data dir: ${fmt(existing)}`);
