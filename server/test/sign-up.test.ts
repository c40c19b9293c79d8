import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastMessageTo, ORIGIN, sessionCookie, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

let n = 0;
const uniqueEmail = () => `signup${++n}-${Date.now()}@example.com`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email: uniqueEmail(),
  gender: 'female',
  password: 'train-journey-42',
  confirmPassword: 'train-journey-42',
  ...overrides,
});

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN }, payload });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password } });

const linkIn = (text: string) => {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
};

/** Opens the verification link from the newest e-mail to `email`, as the person would. */
async function verifyFromOutbox(email: string) {
  const message = await lastMessageTo(t.app, email);
  expect(message?.channel).toBe('email');
  const link = linkIn(message?.body ?? '');
  expect(link.origin).toBe(ORIGIN);
  return t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
}

describe('POST /api/auth/sign-up/email', () => {
  it('keeps the language of the screen the passenger signed up from, and writes to them in it', async () => {
    const body = valid();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: ORIGIN, cookie: 'lang=ta' }, payload: body });
    expect(res.statusCode).toBe(200);
    const message = await lastMessageTo(t.app, body.email);
    expect(message?.subject).toBe('ரயில் மதத்துக்கான உங்கள் மின்னஞ்சலைச் சரிபாருங்கள்');
    expect(message?.body).toMatch(/^வணக்கம் Asha Verma/);
    await verifyFromOutbox(body.email);
    const cookie = sessionCookie((await signIn(body.email, body.password)).headers['set-cookie']);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().settings.language).toBe('ta');
  });

  it('creates an account and sends a verification e-mail to the outbox', async () => {
    const body = valid();
    const res = await signUp(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: body.email, name: 'Asha Verma', emailVerified: false });

    const message = await lastMessageTo(t.app, body.email);
    expect(message).toMatchObject({ channel: 'email', status: 'stored', subject: 'Verify your e-mail for Rail Madad' });
    expect(message?.body).toContain('/api/auth/verify-email?token=');
  });

  it('refuses sign-in until the e-mail is verified, then lets the person in as a passenger', async () => {
    const body = valid({ address: '12 Station Road, Pune' });
    expect((await signUp(body)).statusCode).toBe(200);

    const early = await signIn(body.email, body.password);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(early.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^railmadad\.session_token=[^;]/)]));

    const opened = await verifyFromOutbox(body.email);
    expect(opened.statusCode).toBeLessThan(400);

    const res = await signIn(body.email, body.password);
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookie(res.headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: body.email,
      emailVerified: true,
      role: 'passenger',
      gender: 'female',
      image: '/avatars/female.svg',
      address: '12 Station Road, Pune',
      phoneNumber: null,
      hasPassword: true,
    });
  });

  it('gives a man the male default picture', async () => {
    const body = valid({ name: 'Ravi Kumar', gender: 'male' });
    expect((await signUp(body)).statusCode).toBe(200);
    await verifyFromOutbox(body.email);
    const cookie = sessionCookie((await signIn(body.email, body.password)).headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ gender: 'male', image: '/avatars/male.svg' });
  });

  it('normalises the optional phone number and shows it on the profile', async () => {
    const body = valid({ phone: '98765 43210' });
    expect((await signUp(body)).statusCode).toBe(200);
    await verifyFromOutbox(body.email);
    const cookie = sessionCookie((await signIn(body.email, body.password)).headers['set-cookie']);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().phoneNumber).toBe('+919876543210');
  });

  it('stores the e-mail address in lower case', async () => {
    const body = valid();
    const res = await signUp({ ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(body.email);
  });

  it('answers 422 USER_ALREADY_EXISTS with the spec message for a taken address', async () => {
    const body = valid();
    expect((await signUp(body)).statusCode).toBe(200);
    const again = await signUp({ ...body, email: body.email.toUpperCase(), name: 'Someone Else' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'Email Address Already Exists!' });
  });

  it('answers 400 PASSWORDS_DO_NOT_MATCH when the confirmation differs', async () => {
    const body = valid({ confirmPassword: 'train-journey-43' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(await lastMessageTo(t.app, body.email)).toBeUndefined();
  });

  it('rejects a missing gender', async () => {
    const { gender: _g, ...body } = valid();
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'gender: gender_required' });
  });

  it('rejects a gender other than male or female', async () => {
    const res = await signUp(valid({ gender: 'other' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('gender: gender_required');
  });

  it('rejects a malformed e-mail address', async () => {
    const res = await signUp(valid({ email: 'not-an-email' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'email: invalid_email' });
  });

  it('rejects a password shorter than 8 characters', async () => {
    const res = await signUp(valid({ password: 'short1', confirmPassword: 'short1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'password: password_too_short' });
  });

  it.each(['abc', '98765432109876543'])('rejects the phone number %s', async (phone) => {
    const res = await signUp(valid({ phone }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'phone: invalid_phone' });
  });

  it('rejects a missing name', async () => {
    const res = await signUp(valid({ name: '   ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name: required');
  });

  it('rejects a request from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example' },
      payload: valid(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('untrusted_origin');
  });

  it('rejects a callback address on another site', async () => {
    const res = await signUp(valid({ callbackURL: 'https://evil.example/welcome' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('INVALID_CALLBACK_URL');
  });
});

describe('GET /api/auth/verify-email', () => {
  it('rejects a forged token and leaves the account unverified', async () => {
    const body = valid();
    expect((await signUp(body)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await signIn(body.email, body.password)).statusCode).toBe(403);
  });
});
