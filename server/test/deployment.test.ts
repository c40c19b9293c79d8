import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintFields, multipart } from './complaint-helpers';
import { type Cluster, hasNginx, NGINX, type Node, startCluster } from './nodes/cluster';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The deployment of docs/deploy.md (deploy/cluster.mjs): two nodes from the production build behind nginx, sharing
 * PostgreSQL and Redis. A session works on either node, both report themselves ready, and a node killed outright
 * while passengers are filing loses nothing it had acknowledged and duplicates nothing a phone sent again.
 */
describe.skipIf(!redisUrl || !databaseUrl)('two nodes from the production build behind nginx', { timeout: 120_000 }, () => {
  let cluster: Cluster;
  let a: Node;
  let b: Node;
  let passenger: { id: string; cookie: string };

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`CI needs nginx at ${NGINX}: .ci/run installs it (apt-get install -y nginx)`);
    cluster = await startCluster(redisUrl as string);
    [a, b] = cluster.nodes;
    // Signed up and in on node A itself, not through nginx.
    const email = `deploy-${Date.now().toString(36)}@example.com`;
    const password = 'two-nodes-no-loss-42';
    const headers = { origin: cluster.url, 'content-type': 'application/json' };
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ name: 'Asha Verma', email, gender: 'female', password, confirmPassword: password }) });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const { rows } = await db.query('update "user" set email_verified = true where email = $1 returning id', [email]);
    await db.end();
    const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    expect(signIn.status).toBe(200);
    passenger = { id: rows[0].id, cookie: (signIn.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')) ?? '').split(';')[0] };
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('reports both nodes ready, and nginx itself up', async () => {
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/api/health/ready`);
      expect(res.status, node.name).toBe(200);
      expect(((await res.json()) as { checks: unknown }).checks).toMatchObject({ database: 'ok', redis: 'ok', storage: 'ok' });
    }
    expect((await fetch(`${cluster.url}/nginx-up`)).status).toBe(204);
  });

  it('accepts on node B a session signed in on node A, directly and through nginx', async () => {
    const direct = await fetch(`${b.url}/api/me`, { headers: { cookie: passenger.cookie } });
    expect(direct.status).toBe(200);
    expect(((await direct.json()) as { id: string }).id).toBe(passenger.id);
    const through = await fetch(`${cluster.url}/api/me`, { headers: { cookie: `${passenger.cookie}; ${cluster.cookieFor(b)}` } });
    expect(cluster.answeredBy(through)).toBe(b);
    expect(((await through.json()) as { id: string }).id).toBe(passenger.id);
  });

  it('gives a browser without a node its own rmnode cookie, and spreads new browsers over both nodes', async () => {
    const seen = new Set<Node | undefined>();
    for (let i = 0; i < 24 && seen.size < 2; i++) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.headers.get('set-cookie') ?? '').toMatch(/^rmnode=[0-9a-f]{32}; Path=\/;/);
      seen.add(cluster.answeredBy(res));
    }
    expect(seen).toEqual(new Set([a, b]));
    const kept = await fetch(`${cluster.url}/api/health`, { headers: { cookie: cluster.cookieFor(a) } });
    expect(kept.headers.get('set-cookie')).toBeNull();
  });

  it('loses no acknowledged complaint and duplicates none when node A is killed while passengers file through it', async () => {
    const acknowledged = new Map<string, { reference: string; node: Node | undefined }>();
    const failures: string[] = [];
    let killedAt = 0;
    let keys = 0;
    const deadline = () => killedAt > 0 && Date.now() > killedAt + 4_000;

    /** One phone: each complaint keeps its Idempotency-Key and is sent again until the server acknowledges it. */
    const phone = async (n: number) => {
      while (!deadline()) {
        const key = `deploy-${n}-${++keys}`;
        for (let attempt = 1; ; attempt++) {
          let res: Response | undefined;
          try {
            res = await fetch(`${cluster.url}/api/complaints`, {
              method: 'POST',
              headers: { origin: cluster.url, cookie: `${passenger.cookie}; ${cluster.cookieFor(a)}`, 'idempotency-key': key },
              body: multipart(complaintFields({ description: `No water in coach B2 (${key}).` })),
            });
          } catch (error) {
            failures.push(`${key}: ${(error as Error).message}`);
          }
          // 200: an earlier try was stored but its answer was lost with node A; the server answers it again.
          if (res?.status === 201 || res?.status === 200) {
            acknowledged.set(key, { reference: ((await res.json()) as { reference: string }).reference, node: cluster.answeredBy(res) });
            break;
          }
          if (res) failures.push(`${key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
          if (attempt === 20) throw new Error(`${key} was never acknowledged:\n${failures.slice(-5).join('\n')}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    };
    const phones = [1, 2, 3, 4].map(phone);
    // Node A dies once it has taken a few filings, with more on their way.
    while (acknowledged.size < 8) await new Promise((r) => setTimeout(r, 50));
    await a.kill();
    killedAt = Date.now();
    await Promise.all(phones);

    const byNode = (node: Node) => [...acknowledged.values()].filter((x) => x.node === node).length;
    console.log(
      `kill -9 under load: ${acknowledged.size} complaints acknowledged (${byNode(a)} by node A, ${byNode(b)} by node B), ${failures.length} tries cut by the kill and sent again`,
    );
    expect(byNode(a)).toBeGreaterThanOrEqual(8);
    expect(byNode(b), 'filings after the kill went to node B').toBeGreaterThan(0);

    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ idempotency_key: string; reference: string; n: string; filed: string }>(
        `select c.idempotency_key, min(c.reference) as reference, count(*) as n,
                (select count(*) from complaint_event e where e.complaint_id = min(c.id)) as filed
           from complaint c where c.passenger_id = $1 group by c.idempotency_key`,
        [passenger.id],
      );
      const stored = new Map(rows.map((r) => [r.idempotency_key, r]));
      for (const [key, { reference }] of acknowledged) {
        expect(stored.get(key)?.reference, `acknowledged ${reference} (${key}) is stored`).toBe(reference);
      }
      // Every complaint sent was acknowledged in the end (its phone sent it again), so there is one row per key.
      expect(rows.length).toBe(acknowledged.size);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      expect(rows.filter((r) => Number(r.filed) < 1), 'each has its timeline').toEqual([]);
    } finally {
      await db.end();
    }
  });
});
