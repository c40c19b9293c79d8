import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@railmadad/contract';
import { buildApp } from '../app';
import { ensureAccount } from '../auth/bootstrap';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { rebuildFigures } from '../modules/complaints/complaint-figures';

const USAGE = `Usage: npm run admin -- create EMAIL [--password PASSWORD] [--name NAME] [--role admin|staff|passenger]
       npm run admin -- figures rebuild

create: creates a verified account with the role (admin by default), or gives an existing
account that role (its password stays as it is). Without --password a strong one is generated
and printed once.
figures rebuild: recounts the dashboards' figures (cards and charts) from the complaints, for
a database changed outside the server (a bulk load, a repair). Filing waits while it runs.

With the embedded database (no DATABASE_URL), stop the server first: only one process may
open ./data at a time.`;

async function rebuild() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'error' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const started = performance.now();
    const rows = await rebuildFigures(database.db);
    console.log(`Recounted the figures in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows.figures} figure rows, ${rows.moves} days of moves, ${rows.totals} statuses.`);
  } finally {
    await database.close();
  }
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'admin' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (command === 'figures' && email === 'rebuild' && !values.help) return rebuild();
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
