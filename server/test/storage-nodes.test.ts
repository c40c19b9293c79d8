import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/providers/storage';
import { complaintFields, jpeg, multipart, png } from './complaint-helpers';
import { type Cluster, hasNginx, NGINX, type Node, startCluster } from './nodes/cluster';
import type { TestS3 } from './s3';

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
// As in support-nodes.test.ts: without nginx a developer's run skips this file with a notice; CI fails instead.
const missingNginx = !hasNginx && !process.env.CI;
if (redisUrl && databaseUrl && missingNginx) console.log(`storage-nodes.test.ts skipped: no nginx at ${NGINX} (apt-get install -y nginx)`);

/**
 * Uploads on two real server processes behind nginx, both keeping files in one S3-compatible
 * bucket: a photo sent to one node is served by the other, each with its own DATA_DIR.
 */
describe.skipIf(!redisUrl || !databaseUrl || missingNginx)('uploads across two server processes sharing an S3 bucket', { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let a: Node;
  let b: Node;
  let cookie: string;

  beforeAll(async () => {
    if (!hasNginx) throw new Error(`CI needs nginx at ${NGINX}: .ci/run installs it (apt-get install -y nginx)`);
    cluster = await startCluster(redisUrl as string, { s3: true });
    [a, b] = cluster.nodes;
    // A passenger signed up and in on node A (verified in the database: the e-mail link is covered elsewhere).
    const email = `storage-nodes-${Date.now().toString(36)}@example.com`;
    const password = 'one-bucket-two-nodes-42';
    const headers = { origin: cluster.url, 'content-type': 'application/json' };
    const signUp = await fetch(`${a.url}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ name: 'Meera Iyer', email, gender: 'female', password, confirmPassword: password }) });
    if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    await db.query('update "user" set email_verified = true where email = $1', [email]);
    await db.end();
    const signIn = await fetch(`${a.url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith('railmadad.session_token=')) ?? '').split(';')[0];
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  const read = async (base: string, path: string, extraCookie = '') => {
    const res = await fetch(`${base}${path}`, { headers: { cookie: `${cookie}${extraCookie ? `; ${extraCookie}` : ''}` } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('serves from node B, and through nginx from either node, a complaint photo filed on node A', async () => {
    const filed = await fetch(`${a.url}/api/complaints`, { method: 'POST', headers: { origin: cluster.url, cookie }, body: multipart(complaintFields(), [{ bytes: await jpeg(160, 90) }]) });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const photoUrl = ((await filed.json()) as { photos: { url: string }[] }).photos[0].url;

    const onA = await read(a.url, photoUrl);
    expect(onA.res.status).toBe(200);
    const onB = await read(b.url, photoUrl);
    expect(onB.res.status).toBe(200);
    expect(onB.res.headers.get('content-type')).toBe('image/jpeg');
    expect(onB.bytes).toEqual(onA.bytes);
    expect(await sharp(onB.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 90 });

    for (const node of [a, b]) {
      const through = await read(cluster.url, photoUrl, cluster.cookieFor(node));
      expect(through.res.status).toBe(200);
      expect(cluster.answeredBy(through.res)).toBe(node);
      expect(through.bytes).toEqual(onA.bytes);
    }
    // In the bucket, not on a node's disk.
    const bucket = createS3Storage((cluster.s3 as TestS3).options);
    expect(await bucket.get(`complaints/${photoUrl.split('/').pop()}.jpg`)).toEqual(onA.bytes);
  });

  it('shows on node A a profile photo set on node B, and no longer the one it replaced', async () => {
    const upload = async (node: Node, bytes: Buffer) => {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
      const res = await fetch(`${node.url}/api/me/photo`, { method: 'POST', headers: { origin: cluster.url, cookie }, body: form });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { image: string }).image;
    };
    const first = await upload(a, await png(300, 300));
    const second = await upload(b, await png(500, 400));
    const me = (await (await fetch(`${a.url}/api/me`, { headers: { cookie } })).json()) as { image: string };
    expect(me.image).toBe(second);
    const shown = await read(a.url, second);
    expect(shown.res.status).toBe(200);
    expect(await sharp(shown.bytes).metadata()).toMatchObject({ width: 400, height: 320 });
    expect((await read(a.url, first)).res.status).toBe(404);
  });
});
