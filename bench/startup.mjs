// Cold start of `npm start`'s server process: until /api/health answers, with a fresh and an
// existing PGlite data directory. Usage: node bench/startup.mjs [runs]
import { rmSync } from 'node:fs';
import { median, startServer } from './support.mjs';

const runs = Number(process.argv[2] ?? 5);
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const first = await startServer({ port: 3901 });
  fresh.push(first.ms);
  await first.stop();
  const again = await startServer({ port: 3901, dataDir: first.dataDir });
  existing.push(again.ms);
  await again.stop();
  rmSync(first.dataDir, { recursive: true, force: true });
}
const fmt = (xs) => `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, n=${xs.length})`;
console.log(`cold start, fresh data dir:    ${fmt(fresh)}`);
console.log(`cold start, existing data dir: ${fmt(existing)}`);
