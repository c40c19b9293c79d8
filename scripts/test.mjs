// Runs every check and test of the project and ends with one line: "N passed, N failed".
//   npm test                    type checks, lint, the build, unit + API tests on PGlite, browser journeys
//   TEST_DATABASE_URL=postgres://…  also runs the API tests on that PostgreSQL (a database per test file)
//   TEST_REDIS_URL=redis://…        with TEST_DATABASE_URL, also runs the two-node scale-out tests
// Browser journeys need Debian's chromium at /usr/bin/chromium (CHROMIUM_PATH to change). Without it
// they are skipped with a notice, except in CI (CI=true), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const ROOT = new URL('..', import.meta.url).pathname;
const REPORTS = `${ROOT}.test-artifacts/reports`;
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const results = [];
let passed = 0;
let failed = 0;
let skipped = 0;
const started = Date.now();

function run(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  results.push({ name, ok, seconds: (Date.now() - t0) / 1000 });
  return ok;
}

/** A vitest run whose counts go into the total. */
function vitest(name, root, env = {}, extra = []) {
  const report = `${REPORTS}/${name.replace(/\W+/g, '-')}.json`;
  const ok = run(name, 'npx', ['vitest', 'run', '--root', root, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], env);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (!ok && r.numFailedTests === 0) failed += 1; // a file that failed to load still fails the run
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

/** A check that is not a test file (types, lint, build) counts as one test. */
function check(name, command, args, env) {
  if (run(name, command, args, env)) passed += 1;
  else failed += 1;
}

check('type check', 'npm', ['run', 'typecheck', '--silent']);
check('lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']);
// The production build first: the two-node tests run the server from it, as `npm start` does.
check('build (web app, and the server to JavaScript)', 'npm', ['run', 'build', '--silent']);
vitest('contract unit tests', 'contract');
vitest('web unit tests', 'web');
// Without the PostgreSQL and Redis settings, even when CI has them set for the leg after it: the embedded database is the
// default a fresh install runs on, so it is tested on its own.
vitest('server API tests on PGlite', 'server', { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' });

const pg = process.env.TEST_DATABASE_URL;
if (pg) {
  vitest('server API tests on PostgreSQL (+ Redis scale-out)', 'server', { TEST_DATABASE_URL: pg, TEST_REDIS_URL: process.env.TEST_REDIS_URL ?? '' });
} else {
  console.log('\n━━ server API tests on PostgreSQL: skipped (set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test) ━━');
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  vitest('browser journeys (Playwright + Chromium)', 'e2e');
} else if (process.env.CI) {
  console.log(`\n━━ browser journeys: ${chromium} is missing, and CI needs them ━━`);
  failed += 1;
} else {
  console.log(`\n━━ browser journeys: skipped, no browser at ${chromium} (apt-get install -y chromium) ━━`);
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)} s, ${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
