import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SETTINGS, NAME_MAX } from '@railmadad/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, lastMessageTo, ORIGIN, sessionCookie, type TestApp } from './helpers';

let t: TestApp;
/** One account for the requests that must be refused: it is never changed, so the tests can share it. */
let idle: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  idle = await createUser(t.app);
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const patchMe = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', headers: cookie ? { cookie } : {}, payload });
const patchSettings = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/me/settings', headers: cookie ? { cookie } : {}, payload });

function uploadPhoto(cookie: string | undefined, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type }), filename);
  return t.app.inject({ method: 'POST', url: '/api/me/photo', headers: cookie ? { cookie } : {}, payload: form });
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();

describe('GET /api/me', () => {
  it("returns the signed-in person's profile with default settings", async () => {
    const user = await createUser(t.app);
    const res = await me(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      email: user.email,
      emailVerified: true,
      role: 'passenger',
      gender: null,
      image: '/avatars/neutral.svg',
      twoFactorEnabled: false,
      hasPassword: true,
      settings: DEFAULT_SETTINGS,
    });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
  });
});

describe('PATCH /api/me', () => {
  it('saves the profile and returns the new values', async () => {
    const user = await createUser(t.app);
    const res = await patchMe(user.cookie, { name: '  Meera Iyer ', gender: 'female', phone: '98450 12345', address: 'Coach B2, Berth 14' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Meera Iyer', gender: 'female', phoneNumber: '+919845012345', address: 'Coach B2, Berth 14', image: '/avatars/female.svg' });
    expect((await me(user.cookie)).json()).toMatchObject({ name: 'Meera Iyer', gender: 'female', phoneNumber: '+919845012345' });
  });

  it('rejects a profile without a gender', async () => {
    const user = idle;
    const res = await patchMe(user.cookie, { name: 'Meera Iyer' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { gender: 'gender_required' } });
  });

  it('rejects a gender other than male or female', async () => {
    const user = idle;
    const res = await patchMe(user.cookie, { name: 'Meera Iyer', gender: 'unknown' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.gender).toBe('gender_required');
  });

  it(`rejects a name longer than ${NAME_MAX} characters`, async () => {
    const user = idle;
    const res = await patchMe(user.cookie, { name: 'a'.repeat(NAME_MAX + 1), gender: 'male' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('name');
    expect((await me(user.cookie)).json().name).not.toBe('a'.repeat(NAME_MAX + 1));
  });

  it('rejects an empty name', async () => {
    const user = idle;
    const res = await patchMe(user.cookie, { name: '   ', gender: 'male' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toBe('required');
  });

  it('rejects a malformed phone number', async () => {
    const user = idle;
    const res = await patchMe(user.cookie, { name: 'Ravi', gender: 'male', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.phone).toBe('invalid_phone');
  });

  it('answers 401 without a session, whatever the body', async () => {
    expect((await patchMe(undefined, { name: 'Ravi', gender: 'male' })).statusCode).toBe(401);
    expect((await patchMe(undefined, {})).statusCode).toBe(401);
  });
});

describe('PATCH /api/me/settings', () => {
  it('changes only the given settings and keeps them across requests', async () => {
    const user = await createUser(t.app);
    const res = await patchSettings(user.cookie, { theme: 'dark', emailNotifications: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', emailNotifications: false });

    const second = await patchSettings(user.cookie, { language: 'ur' });
    expect(second.json()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', emailNotifications: false, language: 'ur' });
    expect((await me(user.cookie)).json().settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', emailNotifications: false, language: 'ur' });
  });

  it('rejects a theme other than light or dark and changes nothing', async () => {
    const user = idle;
    const res = await patchSettings(user.cookie, { theme: 'blue', emailNotifications: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(res.json().fields).toHaveProperty('theme');
    expect((await me(user.cookie)).json().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('rejects a language outside the 16 supported', async () => {
    const user = idle;
    const res = await patchSettings(user.cookie, { language: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('language');
  });

  it('rejects a switch that is not true or false', async () => {
    const user = idle;
    const res = await patchSettings(user.cookie, { pushNotifications: 'yes' });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect((await patchSettings(undefined, { theme: 'dark' })).statusCode).toBe(401);
  });
});

describe('POST /api/me/photo', () => {
  it('stores the photo as a JPEG whose longest side is 400 px and shows it on the profile', async () => {
    const user = await createUser(t.app);
    const res = await uploadPhoto(user.cookie, await pngOf(1600, 1200));
    expect(res.statusCode).toBe(200);
    const { image, width, height } = res.json();
    expect(image).toMatch(/^\/api\/files\/[\w-]+$/);
    expect([width, height]).toEqual([400, 300]);
    expect((await me(user.cookie)).json().image).toBe(image);

    const file = await t.app.inject({ url: image, headers: { cookie: user.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(meta.exif).toBeUndefined();
  });

  it('does not enlarge a small photo and applies its orientation', async () => {
    const user = await createUser(t.app);
    // Orientation 6 means "rotate 90° clockwise to view": a 300x200 picture shows as 200x300.
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await uploadPhoto(user.cookie, rotated, 'phone.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect([res.json().width, res.json().height]).toEqual([200, 300]);
    const file = await t.app.inject({ url: res.json().image, headers: { cookie: user.cookie } });
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.orientation).toBeUndefined();
  });

  it('replaces the previous photo', async () => {
    const user = await createUser(t.app);
    const first = (await uploadPhoto(user.cookie, await pngOf(500, 500))).json().image;
    const second = (await uploadPhoto(user.cookie, await pngOf(800, 600))).json().image;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first, headers: { cookie: user.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second, headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('lets another signed-in person see the photo, but nobody signed out', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { image } = (await uploadPhoto(owner.cookie, await pngOf(600, 600))).json();
    expect((await t.app.inject({ url: image, headers: { cookie: other.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: image })).statusCode).toBe(401);
  });

  it('rejects a text file named photo.png with 400 invalid_image', async () => {
    const user = idle;
    const res = await uploadPhoto(user.cookie, Buffer.from('this is not a picture at all\n'.repeat(20)));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_image');
    expect((await me(user.cookie)).json().image).toBe('/avatars/neutral.svg');
  });

  it('rejects an 11 MB file with 413', async () => {
    const user = idle;
    const res = await uploadPhoto(user.cookie, Buffer.alloc(11 * 1024 * 1024, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('rejects a form without a file', async () => {
    const user = idle;
    const form = new FormData();
    form.append('note', 'no photo here');
    const res = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { cookie: user.cookie }, payload: form });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('rejects a body that is not multipart', async () => {
    const user = idle;
    const res = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { cookie: user.cookie }, payload: { photo: 'x' } });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 without a session', async () => {
    expect((await uploadPhoto(undefined, await pngOf(10, 10))).statusCode).toBe(401);
  });
});

describe('GET /api/files/:id', () => {
  it('answers 404 for an unknown file', async () => {
    const user = idle;
    const res = await t.app.inject({ url: '/api/files/unknown-file', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('rejects an id longer than 64 characters', async () => {
    const user = idle;
    const res = await t.app.inject({ url: `/api/files/${'x'.repeat(65)}`, headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/delete-user', () => {
  const deleteUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/delete-user', headers: { origin: ORIGIN, cookie }, payload });
  const signInStatus = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } })).statusCode;

  it('refuses a wrong password and keeps the account', async () => {
    const user = await createUser(t.app);
    const res = await deleteUser(user.cookie, { password: 'not-my-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_PASSWORD');
    expect(await signInStatus(user.email, user.password)).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('refuses without the password, as the spec asks for it again', async () => {
    const user = await createUser(t.app);
    const res = await deleteUser(user.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_REQUIRED');
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('deletes the account, its photo and its session with the right password', async () => {
    const user = await createUser(t.app);
    const { image } = (await uploadPhoto(user.cookie, await pngOf(640, 480))).json();
    const stored = join(t.config.dataDir, 'files', 'avatars', `${image.split('/').pop()}.jpg`);
    expect(existsSync(stored)).toBe(true);

    const res = await deleteUser(user.cookie, { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    expect((await me(user.cookie)).statusCode).toBe(401);
    expect(await signInStatus(user.email, user.password)).toBe(401);
    expect(existsSync(stored)).toBe(false);
  });

  it('lets a phone-only account, which has no password, delete itself from a fresh session', async () => {
    const phoneNumber = '+919812300077';
    await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { origin: ORIGIN }, payload: { phoneNumber } });
    const code = (await lastMessageTo(t.app, phoneNumber))?.body.slice(0, 6) ?? '';
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/verify', headers: { origin: ORIGIN }, payload: { phoneNumber, code } });
    const cookie = sessionCookie(verified.headers['set-cookie']);
    expect((await me(cookie)).json().hasPassword).toBe(false);

    const res = await deleteUser(cookie, {});
    expect(res.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a request from another site', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
      payload: { password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/delete-user', headers: { origin: ORIGIN }, payload: { password: 'whatever-123' } });
    expect(res.statusCode).toBe(401);
  });
});
