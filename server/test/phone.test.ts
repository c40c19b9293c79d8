import { OTP_MAX_ATTEMPTS, OTP_MAX_SENDS_PER_HOUR } from '@railmadad/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneOnlyEmail } from '../src/auth/auth';
import { user, verification } from '../src/db/schema';
import { hit } from '../src/lib/throttle';
import { createTestApp, createUser, lastMessageTo, ORIGIN, sessionCookie, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const INVALID_PHONE_MESSAGE = 'Invalid phone number format. Please use format: +91XXXXXXXXXX';

const post = (app: TestApp['app'], url: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
const sendOtp = (phoneNumber: string, app = t.app) => post(app, '/api/auth/phone-number/send-otp', { phoneNumber });
const verify = (phoneNumber: string, code: string, app = t.app) => post(app, '/api/auth/phone-number/verify', { phoneNumber, code });

let next = 0;
/** A fresh Indian mobile number per test, as a person would type it (10 digits). */
const newNumber = () => `98${String(Date.now() % 1e6).padStart(6, '0')}${String(++next).padStart(2, '0')}`;

async function codeSentTo(e164: string, app = t.app) {
  const sms = await lastMessageTo(app, e164);
  expect(sms?.channel).toBe('sms');
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

describe('POST /api/auth/phone-number/send-otp', () => {
  it('normalises a 10-digit number to +91 and sends a 6-digit code by SMS to the outbox', async () => {
    const res = await sendOtp('9876543210');
    expect(res.statusCode).toBe(200);
    const sms = await lastMessageTo(t.app, '+919876543210');
    expect(sms).toMatchObject({ channel: 'sms', status: 'stored', recipient: '+919876543210' });
    expect(sms?.body).toMatch(/^\d{6} is your Rail Madad verification code\. It is valid for 15 minutes\./);
  });

  it('accepts spaces, dashes and a +91 prefix', async () => {
    const res = await sendOtp('+91 98765-43211');
    expect(res.statusCode).toBe(200);
    expect((await lastMessageTo(t.app, '+919876543211'))?.channel).toBe('sms');
  });

  it.each(['abc', '', '1234567890123456789'])('rejects the number "%s" with the spec message', async (phoneNumber) => {
    const res = await sendOtp(phoneNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PHONE_NUMBER', message: INVALID_PHONE_MESSAGE });
  });

  it('rejects a body without a phone number', async () => {
    const res = await post(t.app, '/api/auth/phone-number/send-otp', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_PHONE_MESSAGE);
  });
});

describe('POST /api/auth/phone-number/verify', () => {
  it('signs in with the right code and creates a passenger', async () => {
    const typed = newNumber();
    const e164 = `+91${typed}`;
    expect((await sendOtp(typed)).statusCode).toBe(200);
    const code = await codeSentTo(e164);

    const res = await verify(typed, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ phoneNumber: e164, phoneNumberVerified: true });
    const cookie = sessionCookie(res.headers['set-cookie']);

    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'passenger', phoneNumber: e164, phoneNumberVerified: true, email: phoneOnlyEmail(e164), hasPassword: false });
  });

  it('signs the same person in again with a new code, without a second account', async () => {
    const typed = newNumber();
    const e164 = `+91${typed}`;
    await sendOtp(typed);
    const first = await verify(typed, await codeSentTo(e164));
    await sendOtp(typed);
    const second = await verify(typed, await codeSentTo(e164));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    const rows = await t.app.services.database.db.select().from(user).where(eq(user.phoneNumber, e164));
    expect(rows).toHaveLength(1);
  });

  it('does not accept a code twice', async () => {
    const typed = newNumber();
    await sendOtp(typed);
    const code = await codeSentTo(`+91${typed}`);
    expect((await verify(typed, code)).statusCode).toBe(200);
    const again = await verify(typed, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_NOT_FOUND');
  });

  it('answers 400 INVALID_OTP for a wrong code', async () => {
    const typed = newNumber();
    await sendOtp(typed);
    const code = await codeSentTo(`+91${typed}`);
    const res = await verify(typed, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_OTP');
    expect(res.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^railmadad\.session_token=[^;]/)]));
    // A mistake does not burn the code.
    expect((await verify(typed, code)).statusCode).toBe(200);
  });

  it('answers 400 OTP_NOT_FOUND when no code was ever sent', async () => {
    const res = await verify(newNumber(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_NOT_FOUND');
  });

  it('answers 400 OTP_EXPIRED for a code older than 15 minutes', async () => {
    const typed = newNumber();
    const e164 = `+91${typed}`;
    await sendOtp(typed);
    const code = await codeSentTo(e164);
    const { db } = t.app.services.database;
    const moved = await db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verification.identifier, `phone-number-otp-${e164}`))
      .returning({ id: verification.id });
    expect(moved).toHaveLength(1);

    const res = await verify(typed, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OTP_EXPIRED');
  });

  it('stores the code with a 15-minute expiry', async () => {
    const typed = newNumber();
    const before = Date.now();
    await sendOtp(typed);
    const [row] = await t.app.services.database.db
      .select({ expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, `phone-number-otp-+91${typed}`));
    const ttl = row.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThan(15.1 * 60_000);
  });

  it(`answers 403 TOO_MANY_ATTEMPTS after ${OTP_MAX_ATTEMPTS} wrong codes, even for the right one`, async () => {
    const typed = newNumber();
    await sendOtp(typed);
    const code = await codeSentTo(`+91${typed}`);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await verify(typed, wrongCode(code));
      expect(res.json().code).toBe('INVALID_OTP');
    }
    const blocked = await verify(typed, wrongCode(code));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await verify(typed, code)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('rejects an invalid number with the spec message', async () => {
    const res = await verify('abc', '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_PHONE_NUMBER', message: INVALID_PHONE_MESSAGE });
  });

  it('rejects a body without a code', async () => {
    const typed = newNumber();
    await sendOtp(typed);
    const res = await post(t.app, '/api/auth/phone-number/verify', { phoneNumber: typed });
    expect(res.statusCode).toBe(400);
  });
});

describe('the name step after a phone sign-in', () => {
  /** A new phone account, signed in: its cookie. */
  async function phoneAccount() {
    const typed = newNumber();
    await sendOtp(typed);
    const res = await verify(typed, await codeSentTo(`+91${typed}`));
    expect(res.statusCode).toBe(200);
    return { cookie: sessionCookie(res.headers['set-cookie']), e164: `+91${typed}` };
  }
  const setName = (cookie: string, payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/me/name', headers: { cookie, origin: ORIGIN }, payload: payload as Record<string, unknown> });
  const session = async (cookie: string) => (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().me;

  it('says a new phone account needs a name, until it gives one; the session says so on every start', async () => {
    const { cookie, e164 } = await phoneAccount();
    expect(await session(cookie)).toMatchObject({ name: e164, needsName: true });

    const res = await setName(cookie, { name: '  Ravi Kumar ', gender: 'male' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ravi Kumar', gender: 'male', needsName: false, phoneNumber: e164 });
    expect(await session(cookie)).toMatchObject({ name: 'Ravi Kumar', needsName: false });
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).json().needsName).toBe(false);
  });

  it('takes a name without a gender and leaves the rest of the profile as it was', async () => {
    const { cookie } = await phoneAccount();
    const profile = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie, origin: ORIGIN }, payload: { name: '9876501234', gender: 'female', address: 'Pune' } });
    expect(profile.statusCode, profile.body).toBe(200);
    // A name that is a phone number is still no name.
    expect(profile.json().needsName).toBe(true);
    const res = await setName(cookie, { name: 'Meera' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Meera', gender: 'female', address: 'Pune', needsName: false });
  });

  it('asks an existing phone account still named after its number on its next sign-in', async () => {
    const typed = newNumber();
    const e164 = `+91${typed}`;
    await sendOtp(typed);
    await verify(typed, await codeSentTo(e164));
    // Its next sign-in, as from another phone: asked again.
    await sendOtp(typed);
    const again = await verify(typed, await codeSentTo(e164));
    expect(await session(sessionCookie(again.headers['set-cookie']))).toMatchObject({ needsName: true });
  });

  it('refuses what the profile refuses, and a phone number for a name, with 400 validation_failed', async () => {
    const { cookie } = await phoneAccount();
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 'Ravi', gender: 'other' }, { name: '+91 98765 43210' }, { name: 42 }, []]) {
      const res = await setName(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    expect(await session(cookie)).toMatchObject({ needsName: true });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me/name', headers: { origin: ORIGIN }, payload: { name: 'Ravi' } });
    expect(res.statusCode).toBe(401);
  });

  it('does not ask an account that signed up with its name', async () => {
    const { cookie } = await createUser(t.app);
    expect(await session(cookie)).toMatchObject({ needsName: false });
  });
});

describe('POST /api/auth/phone-number/send-otp (rate limits on)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());

  it(`refuses a ${OTP_MAX_SENDS_PER_HOUR + 1}th code to one number within the hour with 429`, async () => {
    const typed = newNumber();
    const e164 = `+91${typed}`;
    const { db } = limited.app.services.database;
    // The count lives in fixed one-hour windows: do not start in the last seconds of one.
    const left = HOUR - (Date.now() % HOUR);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
    // The hour's earlier sends, counted the way the hook counts them (every request here comes
    // from one address, whose own limit of 3 a minute would answer first).
    for (let i = 0; i < OTP_MAX_SENDS_PER_HOUR - 1; i++) expect(await hit(db, `otp-send:${e164}`, OTP_MAX_SENDS_PER_HOUR, HOUR)).toBe(true);

    const fifth = await sendOtp(typed, limited.app);
    expect(fifth.statusCode).toBe(200);
    const sixth = await sendOtp(typed, limited.app);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many codes sent to this number. Please try again in an hour.' });

    // The refused request sent nothing; another number is still served.
    const { items } = await limited.app.services.messenger.list({ page: 1, pageSize: 100 });
    expect(items.filter((m) => m.recipient === e164)).toHaveLength(1);
    expect((await sendOtp(newNumber(), limited.app)).statusCode).toBe(200);
  });

  it('also limits one address to 3 codes a minute, whatever the number', async () => {
    const remoteAddress = '10.0.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        headers: { origin: ORIGIN },
        remoteAddress,
        payload: { phoneNumber: newNumber() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
