import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintFields, createComplaint, fileComplaint, getComplaint } from './complaint-helpers';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';

let t: TestApp;
let passenger: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  passenger = await createUser(t.app, 'passenger');
  admin = await createUser(t.app, 'admin');
});
afterAll(() => t.close());

describe('input a database or a parser cannot take is refused with a clear 400', () => {
  it('a NUL character in a path, a query or a body', async () => {
    const filed = await createComplaint(t.app, passenger.cookie);
    const path = await t.app.inject({ url: `/api/complaints/${filed.reference}%00`, headers: { cookie: passenger.cookie } });
    expect(path.statusCode, path.body).toBe(400);
    expect(path.json()).toMatchObject({ code: 'validation_failed' });

    const query = await t.app.inject({ url: '/api/complaints?q=wa%00ter', headers: { cookie: admin.cookie } });
    expect(query.statusCode, query.body).toBe(400);

    const me = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: passenger.cookie, origin: ORIGIN }, payload: { name: 'a\u0000b' } });
    expect(me.statusCode, me.body).toBe(400);
    expect(me.json().message).toMatch(/character/i);

    const form = await fileComplaint(t.app, passenger.cookie, complaintFields({ description: 'No water in the toilets\u0000 since Nagpur.' }));
    expect(form.statusCode, form.body).toBe(400);

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: 'a\u0000@example.com', password: 'x\u0000y-long-enough' } });
    expect(signIn.statusCode, signIn.body).toBe(400);

    // What was saved before is untouched.
    expect((await getComplaint(t.app, passenger.cookie, filed.reference)).json()).toMatchObject({ reference: filed.reference, description: filed.description });
  });

  it('JSON nested deeper than any form needs', async () => {
    for (const url of ['/api/auth/sign-in/email', '/api/me']) {
      const res = await t.app.inject({
        method: url === '/api/me' ? 'PATCH' : 'POST',
        url,
        headers: { cookie: passenger.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload: '['.repeat(20_000) + ']'.repeat(20_000),
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
    }
  });

  it('a JSON body that is not an object', async () => {
    for (const payload of ['true', '42', '"text"', 'null', '[]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { cookie: passenger.cookie, origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${payload} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'The request body must be a JSON object.' });
    }
  });

  it('the auth library\'s own profile update is closed: it would store any name or image address unchecked', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: passenger.cookie, origin: ORIGIN }, payload: { name: null, image: 'https://tracker.example/p.gif' } });
    expect(res.statusCode).toBe(404);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: passenger.cookie } });
    expect(me.json()).toMatchObject({ name: expect.stringMatching(/^Test passenger/) });
  });

  it('a multipart body cut short or without its boundary', async () => {
    const boundary = 'rm-boundary';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nwater\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`;
    for (const url of ['/api/complaints', '/api/me/photo']) {
      for (const [contentType, payload] of [
        [`multipart/form-data; boundary=${boundary}`, cut],
        ['multipart/form-data', cut],
        [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nwat`],
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers: { cookie: passenger.cookie, origin: ORIGIN, 'content-type': contentType }, payload });
        expect(res.statusCode, `${url} ${contentType} ${res.body}`).toBe(400);
        expect(res.json().message).toBeTruthy();
      }
    }
  });

  it('a photo that cannot be decoded, or is too large to open', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    for (const bytes of [truncated, huge]) {
      const type = bytes === huge ? 'image/png' : 'image/jpeg';
      const filing = await fileComplaint(t.app, passenger.cookie, complaintFields(), { photos: [{ bytes, type, name: type === 'image/png' ? 'a.png' : 'a.jpg' }] });
      expect(filing.statusCode, filing.body).toBe(400);
      expect(filing.json()).toMatchObject({ code: 'invalid_image', message: expect.stringMatching(bytes === huge ? /too large/ : /damaged/) });
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(bytes)], { type }), 'me.png');
      const photo = await t.app.inject({ method: 'POST', url: '/api/me/photo', headers: { cookie: passenger.cookie, origin: ORIGIN }, payload: form });
      expect(photo.statusCode, photo.body).toBe(400);
    }
  });
});
