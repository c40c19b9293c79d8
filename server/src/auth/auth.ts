import {
  isValidPhone,
  normalizePhone,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_TTL_SECONDS,
  isPhoneOnlyEmail,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_ONLY_EMAIL_DOMAIN,
  signUpSchema,
} from '@railmadad/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { languageFromCookie, languageOf, type Messages } from '../lib/messages';
import { admin, bearer, phoneNumber, twoFactor } from 'better-auth/plugins';
import { and, eq, like, or } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { clearHits, hit, hitsSoFar, waitFor } from '../lib/throttle';
import type { AccountService } from '../modules/account/account.service';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { Messenger } from '../modules/outbox/outbox.service';

export type AuthDeps = {
  config: Config;
  db: Db;
  messenger: Messenger;
  notifications: NotificationsService;
  accounts: AccountService;
  messages: Messages;
  /** Told when a session ends (sign-out, revoked, password reset, account deleted or banned), after it commits. */
  onSessionEnded?: (end: SessionEnd) => void;
};

/** A session that ended, or (no sessionId) every session of a person. */
export type SessionEnd = { userId: string; sessionId?: string };

const HOUR = 60 * 60 * 1000;
/**
 * Wrong passwords. One address that gets an account's password wrong 5 times in 15 minutes must wait for the
 * window to end; the owner signing in from anywhere else is not held up by it. Past 10 wrong passwords from all
 * addresses together, every try on that account waits a little longer (a quarter second per failure, at most
 * 3 s), which makes guessing from many addresses slow without locking the owner out. A password reset through
 * the e-mailed link lifts both.
 */
const WRONG_PASSWORDS = { perAddress: 5, slowAfter: 10, stepMs: 250, maxDelayMs: 3_000, windowMs: 15 * 60 * 1000 };
const wrongFromAddress = (email: string, address: string) => `sign-in-fail:${email}:${address}`;
const wrongForAccount = (email: string) => `sign-in-fail:${email}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The client's address: the auth routes put Fastify's (which honours TRUST_PROXY) in x-forwarded-for. */
const addressOf = (ctx: { request?: Request; headers?: Headers }) => (ctx.request?.headers ?? ctx.headers)?.get('x-forwarded-for') ?? 'unknown';

/** Phone sign-ups get a placeholder address until they add their own; it never receives mail. */
export const phoneOnlyEmail = (phone: string) => `${phone.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
/** The stand-in address of an account signed up by phone, which reaches nobody (the web app never shows it either). */
export { isPhoneOnlyEmail };

/** The language on the screen a request came from (the web app's `lang` cookie), for someone with no settings yet. */
const screenLanguage = (ctx: { request?: Request; headers?: Headers } | null | undefined) =>
  languageFromCookie(ctx?.request?.headers.get('cookie') ?? ctx?.headers?.get('cookie')) ?? 'en';

const tooMany = (message: string, retryAfterSeconds: number) =>
  new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message }, { 'retry-after': String(retryAfterSeconds) });

export function createAuth({ config, db, messenger, messages, notifications, accounts, onSessionEnded }: AuthDeps) {
  const limitsOn = config.rateLimit;

  const beforeHook = createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    switch (ctx.path) {
      case '/sign-up/email': {
        const parsed = signUpSchema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const code = issue.message === 'passwords_do_not_match' ? 'PASSWORDS_DO_NOT_MATCH' : 'VALIDATION_FAILED';
          throw new APIError('BAD_REQUEST', { code, message: `${issue.path.join('.')}: ${issue.message}` });
        }
        const existing = await db.query.user.findFirst({ where: eq(schema.user.email, parsed.data.email), columns: { id: true } });
        // The spec tells the person the address is taken (section 8), so we do not hide it.
        if (existing) throw new APIError('UNPROCESSABLE_ENTITY', { code: 'USER_ALREADY_EXISTS', message: 'Email Address Already Exists!' });
        const { confirmPassword: _c, ...clean } = parsed.data;
        return { context: { body: { ...body, ...clean, email: parsed.data.email } } };
      }
      case '/sign-in/email': {
        const email = String(body.email ?? '').trim().toLowerCase();
        if (limitsOn && email) {
          const wait = await waitFor(db, wrongFromAddress(email, addressOf(ctx)), WRONG_PASSWORDS.perAddress, WRONG_PASSWORDS.windowMs);
          if (wait) throw tooMany('Too many wrong passwords for this account. Please wait a few minutes, or reset your password by e-mail.', wait);
          const failures = await hitsSoFar(db, wrongForAccount(email), WRONG_PASSWORDS.windowMs);
          if (failures > WRONG_PASSWORDS.slowAfter) await sleep(Math.min(WRONG_PASSWORDS.maxDelayMs, (failures - WRONG_PASSWORDS.slowAfter) * WRONG_PASSWORDS.stepMs));
        }
        return { context: { body: { ...body, email } } };
      }
      case '/phone-number/send-otp':
      case '/phone-number/verify': {
        const phone = normalizePhone(String(body.phoneNumber ?? ''));
        if (!isValidPhone(phone)) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_PHONE_NUMBER', message: 'Invalid phone number format. Please use format: +91XXXXXXXXXX' });
        }
        if (ctx.path === '/phone-number/send-otp' && limitsOn) {
          const wait = await waitFor(db, `otp-send:${phone}`, OTP_MAX_SENDS_PER_HOUR, HOUR);
          if (wait) throw tooMany('Too many codes sent to this number. Please try again in an hour.', wait);
          await hit(db, `otp-send:${phone}`, OTP_MAX_SENDS_PER_HOUR, HOUR);
        }
        return { context: { body: { ...body, phoneNumber: phone } } };
      }
      case '/delete-user': {
        // The spec asks for the password again (section 6); better-auth alone accepts any session under a day old.
        if (body.password || body.token) return;
        const session = await getSessionFromCtx(ctx);
        if (!session) return;
        const credential = await db.query.account.findFirst({
          where: and(eq(schema.account.userId, session.user.id), eq(schema.account.providerId, 'credential')),
          columns: { id: true },
        });
        if (credential) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_REQUIRED', message: 'Please enter your password to delete your account.' });
        return;
      }
      case '/reset-password': {
        // The e-mailed link proves the owner: their own address is no longer held back for wrong passwords.
        const token = typeof body.token === 'string' ? body.token : '';
        const found = token ? await db.query.verification.findFirst({ where: eq(schema.verification.identifier, `reset-password:${token}`), columns: { value: true } }) : undefined;
        const owner = found ? await db.query.user.findFirst({ where: eq(schema.user.id, found.value), columns: { email: true } }) : undefined;
        if (owner) await clearWrongPasswords(owner.email);
        return;
      }
      default:
        return;
    }
  });

  /** Forgets an account's wrong passwords, from every address. */
  const clearWrongPasswords = async (email: string) => {
    const key = wrongForAccount(email);
    await db.delete(schema.throttle).where(or(eq(schema.throttle.key, key), like(schema.throttle.key, `${key.replace(/[\\%_]/g, '\\$&')}:%`)));
  };

  const afterHook = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email' || !limitsOn) return;
    const email = String((ctx.body as { email?: unknown } | undefined)?.email ?? '').trim().toLowerCase();
    if (!email) return;
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      if ((returned.body as { code?: string } | undefined)?.code !== 'INVALID_EMAIL_OR_PASSWORD') return;
      await hit(db, wrongFromAddress(email, addressOf(ctx)), WRONG_PASSWORDS.perAddress, WRONG_PASSWORDS.windowMs);
      await hit(db, wrongForAccount(email), Number.MAX_SAFE_INTEGER, WRONG_PASSWORDS.windowMs);
      return;
    }
    // Signed in: this address starts afresh.
    await clearHits(db, wrongFromAddress(email, addressOf(ctx)));
  });

  return betterAuth({
    appName: 'Rail Madad',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // Profiles change through PATCH /api/me, which checks every field (a name, a photo that was re-encoded);
    // the library's own update would store whatever it is sent, `null` names and arbitrary image addresses.
    disabledPaths: ['/update-user'],
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent', level: config.logLevel === 'debug' || config.logLevel === 'trace' ? 'debug' : 'warn' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
        rateLimit: schema.rateLimit,
      },
    }),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        gender: { type: 'string', required: false },
        phone: { type: 'string', required: false },
        address: { type: 'string', required: false },
      },
      deleteUser: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await messenger.sendEmail({ to: user.email, ...messages.mail(await languageOf(db, user.id), 'resetPassword', { name: user.name, url }) });
      },
      async onPasswordReset({ user }) {
        await notifications.notify(user.id, 'password_changed');
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        await messenger.sendEmail({ to: user.email, ...messages.mail(await languageOf(db, user.id), 'verifyEmail', { name: user.name, url }) });
      },
      async afterEmailVerification(user) {
        await notifications.notify(user.id, 'email_verified');
      },
    },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' } }
      : {},
    account: { accountLinking: { enabled: true, trustedProviders: ['google'] } },
    rateLimit: {
      enabled: limitsOn,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/phone-number/send-otp': { window: 60, max: 3 },
        '/phone-number/verify': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
        '/two-factor/verify-otp': { window: 60, max: 10 },
        '/two-factor/send-otp': { window: 60, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: 'railmadad',
      // better-auth skips its origin/CSRF and callback-URL checks when NODE_ENV=test unless told otherwise.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-forwarded-for', 'x-real-ip'] },
    },
    databaseHooks: {
      user: {
        create: {
          async after(user, ctx) {
            // The language on the screen they signed up from becomes the account's.
            const language = screenLanguage(ctx);
            await db.insert(schema.userSettings).values({ userId: user.id, language }).onConflictDoNothing();
            await notifications.notify(user.id, 'welcome', { name: user.name });
          },
        },
        update: {
          // The two-factor plugin flips this flag only when it is turned on or off.
          async after(user, ctx) {
            const u = user as typeof user & { twoFactorEnabled?: boolean | null };
            if (ctx?.path === '/two-factor/verify-totp' && u.twoFactorEnabled) await notifications.notify(user.id, 'two_factor_enabled');
            if (ctx?.path === '/two-factor/disable' && !u.twoFactorEnabled) await notifications.notify(user.id, 'two_factor_disabled');
          },
        },
        delete: {
          async before(user) {
            await accounts.removeUserFiles(user.id);
          },
        },
      },
      // Every way the library ends a session passes here, so open sockets of that session can be closed at once.
      session: {
        delete: {
          async after(session) {
            onSessionEnded?.({ userId: session.userId, sessionId: session.id });
          },
        },
      },
    },
    hooks: { before: beforeHook, after: afterHook },
    plugins: [
      admin({ defaultRole: 'passenger', adminRoles: ['admin'] }),
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_MAX_ATTEMPTS,
        phoneNumberValidator: isValidPhone,
        async sendOTP({ phoneNumber: to, code }, ctx) {
          // Someone signing up by phone has no account yet: the language on their screen.
          const language = screenLanguage(ctx);
          // The person is waiting on this screen for the code: sent now, and they hear if it could not be.
          const result = await messenger.sendSms({ to, text: messages.text(language, 'sms.phoneCode', { code }) }, { wait: true });
          if (result.status === 'failed') throw new APIError('BAD_GATEWAY', { code: 'SMS_FAILED', message: 'Failed to send verification code' });
        },
        signUpOnVerification: {
          getTempEmail: phoneOnlyEmail,
          getTempName: (phone) => phone,
        },
      }),
      twoFactor({
        issuer: 'Rail Madad',
        otpOptions: {
          period: 5,
          async sendOTP({ user, otp }) {
            const u = user as typeof user & { phoneNumber?: string | null };
            const language = await languageOf(db, user.id);
            if (u.phoneNumber) {
              await messenger.sendSms({ to: u.phoneNumber, text: messages.text(language, 'sms.signInCode', { code: otp }) });
            } else {
              await messenger.sendEmail({
                to: user.email,
                subject: messages.text(language, 'mail.signInCode.subject'),
                text: [messages.text(language, 'mail.signInCode.body', { code: otp }), messages.text(language, 'mail.signature')].join('\n\n'),
              });
            }
          },
        },
      }),
      bearer(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
