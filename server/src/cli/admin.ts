import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@railmadad/contract';
import { buildApp } from '../app';
import { ensureAccount } from '../auth/bootstrap';
import { ConfigError, loadConfig } from '../config';
import { MIGRATIONS_DIR, openDatabase } from '../db/client';
import { buildIndexesAhead } from '../db/indexes-ahead';
import { rebuildFigures } from '../modules/complaints/complaint-figures';

const USAGE = `Usage: npm run admin -- create EMAIL [--password PASSWORD] [--name NAME] [--role admin|staff|passenger]
       npm run admin -- figures rebuild
       npm run admin -- indexes ahead

create: creates a verified account with the role (admin by default), or gives an existing
account that role (its password stays as it is). Without --password a strong one is generated
and printed once.
figures rebuild: recounts the dashboards' figures (cards and charts) from the complaints, for
a database changed outside the server (a bulk load, a repair). Filing waits while it runs.
indexes ahead (PostgreSQL): before starting a new release on a large database, builds the indexes
its migrations add, CONCURRENTLY, while the old release keeps serving; the migrations then skip
them instead of locking their tables for the build. Run it with the new release's code.

With the embedded database (no DATABASE_URL), stop the server first: only one process may
open ./data at a time.`;

async function rebuild() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'error' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const started = performance.now();
    const rows = await rebuildFigures(database.db);
    console.log(`Recounted the figures in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows.figures} figure rows, ${rows.moves} days of moves, ${rows.totals} statuses, ${rows.openDue} hours of open due times, ${rows.openLoad} staff holding open complaints.`);
  } finally {
    await database.close();
  }
}

async function indexesAhead() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'error' });
  if (!config.databaseUrl) {
    console.log('The embedded database (no DATABASE_URL) builds its indexes when the server starts: nothing to do ahead.');
    return;
  }
  const started = performance.now();
  const { built, present, left } = await buildIndexesAhead(config.databaseUrl, MIGRATIONS_DIR, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (built.length + present.length + left.length === 0) console.log('No migration waiting to run adds an index to an existing table.');
  else console.log(`Built ${built.length} index(es) in ${seconds} s; ${present.length} already there; ${left.length} left to the migrations.`);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (command === 'figures' && email === 'rebuild' && !values.help) return rebuild();
  if (command === 'indexes' && email === 'ahead' && !values.help) return indexesAhead();
  if (values.help || command !== 'create' || !email || !email.includes('@') || !ROLES.includes(values.role as Role)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const password = values.password ?? randomBytes(12).toString('base64url');
  if (password.length < 8) {
    console.error('The password needs at least 8 characters.');
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'error' });
  const app = await buildApp({ config, logger: false });
  try {
    const result = await ensureAccount(app.services.auth, app.services.database.db, { email, password, name: values.name, role: values.role as Role });
    if (result.created) {
      console.log(`Created ${values.role} ${email.toLowerCase()}.`);
      if (!values.password) console.log(`Password: ${password}\nKeep it safe; change it after signing in (Forgot password).`);
    } else {
      console.log(`${email.toLowerCase()} already had an account; it now has the ${values.role} role. Its password is unchanged.`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
