import {
  isValidPhone,
  normalizePhone,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_TTL_SECONDS,
  PASSWORD_MAX,
  PASSWORD_MIN,
  signUpSchema,
} from '@railmadad/contract';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { languageFromCookie, languageOf, type Messages } from '../lib/messages';
import { admin, bearer, phoneNumber, twoFactor } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { hit } from '../lib/throttle';
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
};

const HOUR = 60 * 60 * 1000;
/** Failed-or-not sign-in attempts allowed per account in 15 minutes, whatever the IP. */
const SIGN_IN_PER_ACCOUNT = { limit: 10, windowMs: 15 * 60 * 1000 };

/** Phone sign-ups get a placeholder address until they add their own; it never receives mail. */
export const phoneOnlyEmail = (phone: string) => `${phone.replace(/\D/g, '')}@phone.railmadad.invalid`;

/** The language on the screen a request came from (the web app's `lang` cookie), for someone with no settings yet. */
const screenLanguage = (ctx: { request?: Request; headers?: Headers } | null | undefined) =>
  languageFromCookie(ctx?.request?.headers.get('cookie') ?? ctx?.headers?.get('cookie')) ?? 'en';

const tooMany = (message: string) => new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message });

export function createAuth({ config, db, messenger, messages, notifications, accounts }: AuthDeps) {
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
        if (limitsOn && email && !(await hit(db, `sign-in:${email}`, SIGN_IN_PER_ACCOUNT.limit, SIGN_IN_PER_ACCOUNT.windowMs))) {
          throw tooMany('Too many sign-in attempts for this account. Please wait a few minutes.');
        }
        return { context: { body: { ...body, email } } };
      }
      case '/phone-number/send-otp':
      case '/phone-number/verify': {
        const phone = normalizePhone(String(body.phoneNumber ?? ''));
        if (!isValidPhone(phone)) {
          throw new APIError('BAD_REQUEST', { code: 'INVALID_PHONE_NUMBER', message: 'Invalid phone number format. Please use format: +91XXXXXXXXXX' });
        }
        if (ctx.path === '/phone-number/send-otp' && limitsOn && !(await hit(db, `otp-send:${phone}`, OTP_MAX_SENDS_PER_HOUR, HOUR))) {
          throw tooMany('Too many codes sent to this number. Please try again in an hour.');
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
      default:
        return;
    }
  });

  return betterAuth({
    appName: 'Rail Madad',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
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
    },
    hooks: { before: beforeHook },
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
          const result = await messenger.sendSms({ to, text: messages.text(language, 'sms.phoneCode', { code }) });
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
