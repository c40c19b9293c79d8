// Fills a database with N complaints for load tests, in one SQL statement per 10 000 rows.
// Usage: node --import tsx bench/seed.ts COUNT PASSENGER_EMAIL STAFF_COUNT   (DATA_DIR / DATABASE_URL as for the server)
import { COMPLAINT_TYPES } from '@railmadad/contract';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { user } from '../server/src/db/schema';

const [countArg = '100000', email = 'passenger@bench.test', staffArg = '0'] = process.argv.slice(2);
const total = Number(countArg);
const staffCount = Number(staffArg);
const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
const { db } = database;
const [passenger] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
if (!passenger) throw new Error(`no account ${email}`);

const t0 = performance.now();
for (let s = 0; s < staffCount; s += 500) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role)
    select 'bench-staff-' || g, 'Staff ' || g, 'staff' || g || '@bench.test', true, 'staff'
    from generate_series(${s + 1}::int, ${Math.min(s + 500, staffCount)}::int) g`);
}
const types = sql.raw(`array[${COMPLAINT_TYPES.map((t) => `'${t}'`).join(',')}]`);
for (let done = 0; done < total; done += 10_000) {
  const n = Math.min(10_000, total - done);
  await db.execute(sql`
    insert into complaint (id, passenger_id, type, severity, status, emergency, train_number, pnr, location, incident_date, description, mobile, due_at, created_at, updated_at, assignee_id)
    select
      'bench-' || ${done} + g,
      ${passenger.id},
      (${types})[1 + (g % 16)],
      (array['low','medium','high'])[1 + (g % 3)],
      (array['open','in_progress','resolved','closed','reopened'])[1 + (g % 5)],
      g % 997 = 0,
      lpad(((g * 7919) % 90000 + 10000)::text, 5, '0'),
      lpad(((${done} + g)::bigint * 7 % 9000000000 + 1000000000)::text, 10, '0'),
      'Coach B' || (g % 12) || ', berth ' || (g % 72),
      current_date - (g % 300),
      'Bench complaint ' || (${done} + g) || ': ' || (array['no water in the toilet','AC not cooling','the coach is dirty','TTE asked for money','train running late by hours','food was stale'])[1 + (g % 6)],
      '+9198' || lpad((g % 100000000)::text, 8, '0'),
      now() + ((g % 96) - 24) * interval '1 hour',
      now() - (g % 60) * interval '1 day',
      now() - (g % 60) * interval '1 day',
      ${staffCount > 0 ? sql`case when g % 3 = 0 then null else 'bench-staff-' || (1 + g % ${staffCount}) end` : sql`null`}
    from generate_series(1, ${n}) g`);
}
await db.execute(sql`insert into complaint_event (id, complaint_id, kind, to_status, created_at) select 'ev-' || id, id, 'created', 'open', created_at from complaint where id like 'bench-%'`);
await db.execute(sql`analyze`);
console.log(`seeded ${total} complaints and ${staffCount} staff in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.close();
