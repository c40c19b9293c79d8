// How long filing a complaint (with a mobile number, so an SMS notice follows) takes when the SMS gateway works,
// when it refuses connections, and when it never answers. The notice goes through the outbox queue, so the three
// should match. Usage: node bench/sms-gateway-down.mjs [--complaints 20]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { median, startServer } from './support.mjs';

const { values } = parseArgs({ options: { complaints: { type: 'string', default: '20' } } });
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

const cookieOf = (res) => res.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token='))?.split(';')[0];

/** A gateway that answers 200, or one that takes the connection and never answers (the client gives up after 10 s). */
async function gateway(kind) {
  const sockets = new Set();
  const server = createServer((req, res) => {
    req.resume();
    if (kind === 'up') req.on('end', () => res.end('{}'));
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/send`;
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(resolve);
      }),
  };
}

async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  await new Promise((resolve) => server.close(resolve));
  return { url: `http://127.0.0.1:${port}/send`, close: async () => undefined };
}

async function measure(label, target) {
  const server = await startServer({ port: 3911, env: { SMS_API_URL: target.url, RATE_LIMIT: 'off', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  try {
    const post = (url, body, cookie) =>
      fetch(server.url + url, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    const email = `sms-bench-${Date.now()}@example.com`;
    const password = 'sms-bench-rider-2026';
    const signedUp = await post('/api/auth/sign-up/email', { name: 'Bench Rider', email, gender: 'female', password, confirmPassword: password });
    if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
    const admin = cookieOf(await post('/api/auth/sign-in/email', ADMIN));
    const outbox = await (await fetch(`${server.url}/api/admin/outbox?pageSize=100`, { headers: { cookie: admin } })).json();
    await fetch(outbox.items.find((m) => m.recipient === email).body.match(/https?:\/\/\S+/)[0], { redirect: 'manual' });
    const cookie = cookieOf(await post('/api/auth/sign-in/email', { email, password }));
    const times = [];
    // The first filing after a fresh start waits for the classifier's first training: a warm-up, not counted.
    for (let i = -1; i < Number(values.complaints); i++) {
      const form = new FormData();
      const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
      for (const [k, v] of Object.entries({ type: 'water', where: 'train', trainNumber: '12951', pnr: '4512345678', location: 'Coach B2', incidentDate: today, mobile: '9876512345', description: `No water in coach B2 since Nagpur (${i}).` })) form.append(k, v);
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/complaints`, { method: 'POST', headers: { cookie, origin: server.url }, body: form });
      if (i >= 0) times.push(performance.now() - t0);
      if (res.status !== 201) throw new Error(`filing: ${res.status} ${await res.text()}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${label.padEnd(34)} median ${median(times).toFixed(0).padStart(5)} ms, p90 ${sorted[Math.floor(sorted.length * 0.9)].toFixed(0).padStart(5)} ms, max ${sorted.at(-1).toFixed(0).padStart(5)} ms (${times.length} complaints)`);
  } finally {
    await server.stop();
    await target.close();
  }
}

await measure('gateway up', await gateway('up'));
await measure('gateway down (connection refused)', await closedPort());
await measure('gateway never answers', await gateway('hold'));
