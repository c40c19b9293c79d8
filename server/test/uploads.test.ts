import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complaint, file, pendingUpload } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { createComplaint, fileComplaint, complaintFields, jpeg, png, runSql, sql } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';
import { startS3, type TestS3 } from './s3';

type User = Awaited<ReturnType<typeof createUser>>;

function uploadAvatar(t: TestApp, who: User, bytes: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  return t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { origin: ORIGIN, cookie: who.cookie }, payload: form });
}

function sendChatPhoto(t: TestApp, who: User, sessionId: string, bytes: Buffer) {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'p.png');
  return t.app.inject({ method: 'POST', url: `/api/support/sessions/${sessionId}/photos`, headers: { origin: ORIGIN, cookie: who.cookie }, payload: form });
}

async function startChat(t: TestApp, who: User): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/support/sessions', headers: { origin: ORIGIN, cookie: who.cookie }, payload: { type: 'chat' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const fileIdOf = (url: string) => url.split('/').pop() as string;

describe('uploads kept in an S3 bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('files a complaint with a photo and serves the photo back from the bucket', async () => {
    expect(t.app.services.storage.name).toBe('s3');
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await jpeg(120, 80) }]);
    const res = await t.app.inject({ url: c.photos[0].url, headers: { cookie: passenger.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 120, height: 80 });
    // The very bytes in the bucket, and nothing on this node's disk.
    expect(await t.app.services.storage.get(`complaints/${fileIdOf(c.photos[0].url)}.jpg`)).toEqual(res.rawPayload);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(false);
    expect(await t.database.db.select().from(pendingUpload)).toEqual([]);
  });

  it('keeps a profile photo there and removes the one it replaces', async () => {
    const user = await createUser(t.app);
    const first = (await uploadAvatar(t, user, await png(500, 500))).json().image as string;
    const second = await uploadAvatar(t, user, await png(800, 600));
    expect(second.statusCode, second.body).toBe(200);
    const shown = await t.app.inject({ url: second.json().image, headers: { cookie: user.cookie } });
    expect(shown.statusCode).toBe(200);
    expect(await t.app.services.storage.get(`avatars/${fileIdOf(second.json().image)}.jpg`)).toEqual(shown.rawPayload);
    expect(await t.app.services.storage.get(`avatars/${fileIdOf(first)}.jpg`)).toBeNull();
  });

  it('keeps a chat photo there', async () => {
    const passenger = await createUser(t.app);
    const res = await sendChatPhoto(t, passenger, await startChat(t, passenger), await png(300, 200));
    expect(res.statusCode, res.body).toBe(201);
    const seen = await t.app.inject({ url: res.json().photoUrl, headers: { cookie: passenger.cookie } });
    expect(seen.statusCode).toBe(200);
    expect(await t.app.services.storage.get(`support/${fileIdOf(res.json().photoUrl)}.jpg`)).toEqual(seen.rawPayload);
  });

  it('answers 404 for a photo whose bytes are gone from the bucket', async () => {
    const passenger = await createUser(t.app);
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await jpeg() }]);
    await t.app.services.storage.remove(`complaints/${fileIdOf(c.photos[0].url)}.jpg`);
    expect((await t.app.inject({ url: c.photos[0].url, headers: { cookie: passenger.cookie } })).statusCode).toBe(404);
  });
});

describe('a save that fails after the bytes were written', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A real failure inside the database, as a full disk or a lost connection would give.
    await runSql(t.app, sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by test'; end $$`);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await runSql(t.app, sql`drop trigger if exists refuse on file`);
    await runSql(t.app, sql`drop trigger if exists refuse on complaint_photo`);
    await runSql(t.app, sql`drop trigger if exists refuse on support_message`);
  });
  const refuseInsertsInto = (table: 'file' | 'complaint_photo' | 'support_message') => runSql(t.app, sql.raw(`create trigger refuse before insert on ${table} for each row execute function refuse()`));

  /** Every stored key under DATA_DIR/files/<folder>. */
  const stored = (folder: string) => {
    const dir = join(t.config.dataDir, 'files', folder);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const notes = () => t.database.db.select().from(pendingUpload);

  it('leaves no complaint photo, whichever insert fails', async () => {
    const passenger = await createUser(t.app);
    for (const table of ['file', 'complaint_photo'] as const) {
      await refuseInsertsInto(table);
      const res = await fileComplaint(t.app, passenger.cookie, complaintFields(), { photos: [{ bytes: await jpeg() }, { bytes: await jpeg(30, 30) }] });
      expect(res.statusCode, table).toBe(500);
      expect(stored('complaints'), table).toEqual([]);
      expect(await notes()).toEqual([]);
      await runSql(t.app, sql.raw(`drop trigger refuse on ${table}`));
    }
    expect(await t.database.db.select().from(complaint).where(eq(complaint.passengerId, passenger.id))).toEqual([]);
    // The same filing goes through once the database takes it.
    const c = await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await jpeg() }]);
    expect(stored('complaints')).toEqual([`${fileIdOf(c.photos[0].url)}.jpg`]);
  });

  it('leaves no new profile photo, and the old one stays', async () => {
    const user = await createUser(t.app);
    const old = (await uploadAvatar(t, user, await png(300, 300))).json().image as string;
    await refuseInsertsInto('file');
    expect((await uploadAvatar(t, user, await png(400, 400))).statusCode).toBe(500);
    expect(stored('avatars')).toEqual([`${fileIdOf(old)}.jpg`]);
    expect(await notes()).toEqual([]);
    expect((await t.app.inject({ url: old, headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('leaves no chat photo, and no file row without its message', async () => {
    const passenger = await createUser(t.app);
    const session = await startChat(t, passenger);
    // The file row goes in first; the message after it is refused.
    await refuseInsertsInto('support_message');
    expect((await sendChatPhoto(t, passenger, session, await png())).statusCode).toBe(500);
    expect(stored('support')).toEqual([]);
    expect(await notes()).toEqual([]);
    expect(await t.database.db.select().from(file).where(eq(file.ownerId, passenger.id))).toEqual([]);
  });
});

describe('the sweep of uploads a crash left unrecorded', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Writes bytes as a filing does and stops there, as a node killed before its commit would. */
  async function crashAfterWriting(folder: string, ageMinutes: number) {
    const fileId = newId();
    const key = `${folder}/${fileId}.jpg`;
    await t.app.services.uploads.put([{ key, fileId, bytes: await jpeg(), contentType: 'image/jpeg' }]);
    await runSql(t.app, sql`update pending_upload set created_at = now() - ${ageMinutes} * interval '1 minute' where key = ${key}`);
    return { key, fileId };
  }
  const note = async (key: string) => (await t.database.db.select().from(pendingUpload).where(eq(pendingUpload.key, key)))[0];

  it('removes an unrecorded file older than an hour, and keeps a young one and a recorded one', async () => {
    const owner = await createUser(t.app);
    const orphan = await crashAfterWriting('complaints', 61);
    const young = await crashAfterWriting('support', 20);
    const recorded = await crashAfterWriting('avatars', 120);
    // Its row is there (a note left by mistake must not cost a file anyone can see).
    await t.database.db.insert(file).values({ id: recorded.fileId, ownerId: owner.id, purpose: 'avatar', contentType: 'image/jpeg', size: 1 });

    expect(await t.app.services.uploads.sweep()).toBe(1);
    const { storage } = t.app.services;
    expect(await storage.get(orphan.key)).toBeNull();
    expect(await note(orphan.key)).toBeUndefined();
    expect(await storage.get(young.key)).not.toBeNull();
    expect(await note(young.key)).toBeDefined();
    expect(await storage.get(recorded.key)).not.toBeNull();
    expect(await note(recorded.key)).toBeUndefined();

    // Once the young one is old too, the next sweep takes it.
    await runSql(t.app, sql`update pending_upload set created_at = now() - interval '2 hours' where key = ${young.key}`);
    expect(await t.app.services.uploads.sweep()).toBe(1);
    expect(await storage.get(young.key)).toBeNull();
    expect(await t.database.db.select().from(pendingUpload)).toEqual([]);
  });

  it('leaves nothing to sweep after saves that went through', async () => {
    const passenger = await createUser(t.app);
    await createComplaint(t.app, passenger.cookie, {}, [{ bytes: await jpeg() }]);
    await uploadAvatar(t, passenger, await png());
    await uploadAvatar(t, passenger, await png(90, 90));
    expect(await t.database.db.select().from(pendingUpload)).toEqual([]);
    expect(await t.app.services.uploads.sweep(0)).toBe(0);
  });
});
