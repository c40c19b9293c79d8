import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { iceServersSchema } from '@railmadad/contract';
import { z } from 'zod';
import type { IceConfig } from './modules/support/ice';
import type { SpeechConfig } from './providers/speech';
import { serverPath } from './paths';

const optionalUrl = z.url().optional();
const optionalString = z.string().trim().min(1).optional();

/** Every environment variable the server reads; all optional (README.md, "Configuration"). */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    /** Other addresses the app is opened at (a LAN name, an IP), comma-separated origins such as http://192.168.1.5:3000. */
    TRUSTED_ORIGINS: z
      .string()
      .optional()
      .transform((text, ctx) => {
        const origins: string[] = [];
        for (const item of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
          const url = URL.canParse(item) ? new URL(item) : undefined;
          if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
            ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin (scheme, host and port only, e.g. http://192.168.1.5:3000)` });
            return z.NEVER;
          }
          origins.push(url.origin);
        }
        return origins;
      }),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().default('Rail Madad <no-reply@railmadad.local>'),
    SMS_API_URL: optionalUrl,
    SMS_API_KEY: optionalString,
    SMS_SENDER_ID: z.string().default('RLMADD'),
    SMS_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
    GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
    LLM_BASE_URL: optionalUrl,
    LLM_MODEL: optionalString,
    LLM_API_KEY: optionalString,
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    DEEPGRAM_API_KEY: optionalString,
    DEEPGRAM_BASE_URL: z.url().default('https://api.deepgram.com'),
    STT_BASE_URL: optionalUrl,
    STT_API_KEY: optionalString,
    STT_MODEL: z.string().trim().min(1).default('whisper-1'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_REGION: z.string().trim().min(1).default('auto'),
    SUPPORT_EMAIL: z.email().default('support@railmadad.local'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    /** A bearer token a Prometheus server scrapes /api/metrics with, instead of an admin's session. */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    DUE_HOURS_HIGH: z.coerce.number().positive().max(24 * 30).default(4),
    DUE_HOURS_MEDIUM: z.coerce.number().positive().max(24 * 30).default(24),
    DUE_HOURS_LOW: z.coerce.number().positive().max(24 * 30).default(72),
    CLASSIFIER_REVIEW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),
    CLASSIFIER_SEED_FILE: optionalString,
    LIST_EXACT_COUNT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    HEAVY_READ_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(2),
    HEAVY_READ_TIMEOUT_MS: z.coerce.number().int().min(100).max(10 * 60_000).default(15_000),
    ICE_SERVERS: z
      .string()
      .transform((text, ctx) => {
        try {
          return iceServersSchema.shape.iceServers.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
          return z.NEVER;
        }
      })
      .optional(),
    TURN_URLS: optionalString,
    TURN_SECRET: optionalString,
    TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  })
  .refine((e) => Boolean(e.ADMIN_EMAIL) === Boolean(e.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => Boolean(e.GOOGLE_CLIENT_ID) === Boolean(e.GOOGLE_CLIENT_SECRET), {
    message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
    path: ['GOOGLE_CLIENT_SECRET'],
  })
  .refine((e) => Boolean(e.TURN_URLS) === Boolean(e.TURN_SECRET), {
    message: 'TURN_URLS and TURN_SECRET go together',
    path: ['TURN_SECRET'],
  })
  .refine((e) => Boolean(e.LLM_BASE_URL) === Boolean(e.LLM_MODEL), {
    message: 'LLM_BASE_URL and LLM_MODEL go together',
    path: ['LLM_MODEL'],
  })
  .superRefine((e, ctx) => {
    const s3 = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY };
    const missing = Object.entries(s3).filter(([, v]) => !v).map(([k]) => k);
    // Half an S3 setup would quietly store photos on one node's disk, where the others cannot read them.
    if (missing.length && missing.length < 4) {
      ctx.addIssue({ code: 'custom', path: [missing[0]], message: `S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: ${missing.join(', ')} missing` });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Where the app may be opened from: PUBLIC_URL's origin and TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  dataDir: string;
  /** An S3-compatible bucket for uploaded files (none: DATA_DIR/files). */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };
  databaseUrl?: string;
  redisUrl?: string;
  authSecret: string;
  admin?: { email: string; password: string };
  smtpUrl?: string;
  mailFrom: string;
  sms?: { url: string; apiKey?: string; senderId: string };
  /** The shared secret an SMS gateway sends with each incoming text (none: the inbound webhook is off). */
  smsInboundSecret?: string;
  google?: { clientId: string; clientSecret: string };
  supportEmail: string;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  rateLimit: boolean;
  /** Lets a scraper read /api/metrics with `Authorization: Bearer <token>` (admins' sessions can too). */
  metricsToken?: string;
  trustProxy: boolean;
  /** Hours to resolve a complaint, by severity (configurable). */
  dueHours: { high: number; medium: number; low: number };
  /** A classifier call below this confidence (or differing from the passenger's type) waits for review. */
  reviewThreshold: number;
  /** Staff lists count their rows exactly up to this many; past it they show the database's estimate ("about N"). */
  exactCountMax: number;
  /** A model file (`npm run classifier -- train --out FILE`) a new database starts with instead of training its own. */
  classifierSeedFile?: string;
  /** A second opinion on low-confidence calls, when configured. */
  llm?: { kind: 'gemini'; apiKey: string; model: string; baseUrl: string } | { kind: 'openai'; baseUrl: string; model: string; apiKey?: string };
  /** How long the assistant waits for the model before the built-in engine answers instead. */
  llmTimeoutMs: number;
  /**
   * Staff screens' heavy reads (analytics, the dashboard's cards and list, the CSV export): PostgreSQL connections of
   * their own, apart from the pool filing and tracking use, and how long one may take before it is stopped (a 503).
   */
  heavyReads: { connections: number; timeoutMs: number };
  /** STUN/TURN servers for voice and video calls (none: browsers on one network connect directly). */
  ice: IceConfig;
  /** Speech to text for voice input (none: the browser's own recognition, where it has one). docs/voice.md */
  speech?: SpeechConfig;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the secret from DATA_DIR, or makes one there, so sessions survive a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // Blank variables mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  // Relative to where `npm start` was typed (npm runs the server inside server/, but ./data means
  // the folder the person is in), or to the current directory when run directly.
  const dataDir = resolve(source.INIT_CWD ?? process.cwd(), overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: e.HOST,
    publicUrl,
    trustedOrigins: [...new Set([new URL(publicUrl).origin, ...(e.TRUSTED_ORIGINS ?? [])])],
    dataDir,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY, region: e.S3_REGION }
        : undefined,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_API_URL ? { url: e.SMS_API_URL, apiKey: e.SMS_API_KEY, senderId: e.SMS_SENDER_ID } : undefined,
    smsInboundSecret: e.SMS_INBOUND_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : undefined,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST ?? serverPath('..', 'web', 'dist')),
    rateLimit: e.RATE_LIMIT === 'on',
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY === 'true',
    dueHours: { high: e.DUE_HOURS_HIGH, medium: e.DUE_HOURS_MEDIUM, low: e.DUE_HOURS_LOW },
    reviewThreshold: e.CLASSIFIER_REVIEW_THRESHOLD,
    exactCountMax: e.LIST_EXACT_COUNT_MAX,
    classifierSeedFile: e.CLASSIFIER_SEED_FILE ? resolve(source.INIT_CWD ?? process.cwd(), e.CLASSIFIER_SEED_FILE) : undefined,
    llm: e.GEMINI_API_KEY
      ? { kind: 'gemini', apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL.replace(/\/$/, '') }
      : e.LLM_BASE_URL && e.LLM_MODEL
        ? { kind: 'openai', baseUrl: e.LLM_BASE_URL.replace(/\/$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY }
        : undefined,
    speech:
      e.DEEPGRAM_API_KEY || e.STT_BASE_URL
        ? {
            deepgram: e.DEEPGRAM_API_KEY ? { apiKey: e.DEEPGRAM_API_KEY, baseUrl: e.DEEPGRAM_BASE_URL.replace(/\/$/, '') } : undefined,
            openai: e.STT_BASE_URL ? { baseUrl: e.STT_BASE_URL.replace(/\/$/, ''), apiKey: e.STT_API_KEY, model: e.STT_MODEL } : undefined,
          }
        : undefined,
    llmTimeoutMs: e.LLM_TIMEOUT_MS,
    heavyReads: { connections: e.HEAVY_READ_CONNECTIONS, timeoutMs: e.HEAVY_READ_TIMEOUT_MS },
    ice: {
      servers: e.ICE_SERVERS,
      turn: e.TURN_URLS && e.TURN_SECRET ? { urls: e.TURN_URLS.split(',').map((u) => u.trim()), secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS } : undefined,
    },
    ...overrides,
  };
}
