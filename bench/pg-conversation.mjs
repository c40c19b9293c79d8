// A filing's conversation with PostgreSQL, recorded and sent again: the database's own rate for exactly the statements
// the server sends, with no HTTP, session check, parsing or classifier in between; and the runner that measures such
// plain SQL.
import { randomBytes } from 'node:crypto';
import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL counting the round trips (a Sync of the extended protocol, or a simple Query) and,
 * while `recording` is on, keeping every statement sent with its parameters: the conversation a replay sends again.
 */
export function countingProxy(target) {
  let trips = 0;
  let recording = null;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    let started = false;
    let buffer = Buffer.alloc(0);
    const named = new Map(); // this connection's named statements: name → text
    let parsed = '';
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) break;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) break;
          buffer = buffer.subarray(len);
          started = true;
          continue;
        }
        if (buffer.length < 5) break;
        const type = String.fromCharCode(buffer[0]);
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) break;
        const message = buffer.subarray(5, len + 1);
        if (type === 'S' || type === 'Q') trips++;
        if (type === 'Q' && recording) recording.push({ text: cString(message, 0)[0], values: [] });
        if (type === 'P') {
          const [name, at] = cString(message, 0);
          parsed = cString(message, at)[0];
          if (name) named.set(name, parsed);
        }
        if (type === 'B' && recording) recording.push({ text: bindText(message, named, parsed), values: bindValues(message) });
        buffer = buffer.subarray(len + 1);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        trips: () => trips,
        record: () => {
          recording = [];
        },
        recorded: () => {
          const statements = recording;
          recording = null;
          return statements;
        },
        close: () => server.close(),
      }),
    ),
  );
}
/** A NUL-terminated string at `at`, and where the next field starts. */
const cString = (b, at) => {
  const end = b.indexOf(0, at);
  return [b.toString('utf8', at, end), end + 1];
};
/** The statement a Bind message runs: a named one, or the unnamed one parsed just before it. */
const bindText = (message, named, parsed) => {
  const [, at] = cString(message, 0);
  const [statement] = cString(message, at);
  return statement ? named.get(statement) : parsed;
};
/** A Bind message's parameters, as text (node-postgres sends them as text), null for NULL. */
function bindValues(message) {
  let [, at] = cString(message, 0);
  [, at] = cString(message, at);
  const formats = message.readInt16BE(at);
  at += 2 + 2 * formats;
  const count = message.readInt16BE(at);
  at += 2;
  const values = [];
  for (let i = 0; i < count; i++) {
    const len = message.readInt32BE(at);
    at += 4;
    values.push(len < 0 ? null : message.toString('utf8', at, at + len));
    if (len > 0) at += len;
  }
  return values;
}

/**
 * A transaction (`client => Promise`) sending a recorded conversation again: the same statements with the same
 * parameters, but fresh ids for the rows it adds. Our ids are 22 characters of base64url (server/src/lib/ids.ts);
 * the accounts' ids, and the bench's seeded ones, are not, so the rows a replay points at stay the same.
 */
export function replayer(conversation) {
  const newId = () => randomBytes(16).toString('base64url');
  return (client) => {
    const fresh = new Map();
    const idOf = (v) => (typeof v === 'string' && /^[A-Za-z0-9_-]{22}$/.test(v) ? (fresh.get(v) ?? fresh.set(v, newId()).get(v)) : v);
    return conversation.reduce((done, st) => done.then(() => client.query(st.text, st.values.length > 0 ? st.values.map(idOf) : undefined)), Promise.resolve());
  };
}

/**
 * Runs `transaction(client, worker, i)` on `connections` clients of `pool`, again and again for `seconds`: committed
 * transactions a second, their p50 and p99 in ms, and those that failed (rolled back and counted, with the first
 * error's message).
 */
export async function plainSqlRate(pool, { connections, seconds }, transaction) {
  const latencies = [];
  let errors = 0;
  let firstError = null;
  const until = performance.now() + seconds * 1000;
  const worker = async (w) => {
    const client = await pool.connect();
    try {
      for (let i = 0; performance.now() < until; i++) {
        const t0 = performance.now();
        try {
          await transaction(client, w, i);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors++;
          firstError ??= error.message;
          await client.query('rollback').catch(() => undefined);
        }
      }
    } finally {
      client.release();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  latencies.sort((a, b) => a - b);
  const at = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? Number.NaN);
  return { rps: latencies.length / ((performance.now() - t0) / 1000), p50: at(0.5), p99: at(0.99), ok: latencies.length, errors, firstError };
}
