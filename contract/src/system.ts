import { z } from 'zod';
import { LANGUAGES } from './enums';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;

/** One dependency of readiness: answering, not set up on this node, or not answering. */
export const readinessCheckSchema = z.enum(['ok', 'not configured', 'failed']);

/**
 * Whether this node should get traffic now (a load balancer's probe): 200 when ready, 503 otherwise.
 * A node shutting down answers `shutting_down` without running the checks.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  checks: z
    .object({
      database: readinessCheckSchema,
      redis: readinessCheckSchema,
      storage: readinessCheckSchema,
    })
    .optional(),
  /** Why a check failed, in a word or two (an error code, or that it did not answer in time); never a stack or a secret. */
  reasons: z.object({ database: z.string(), redis: z.string(), storage: z.string() }).partial().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** What the browser may know about the server's setup: never a secret. */
export const publicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  /** A language model can translate what people write (a translate button on messages, complaints, feedback). */
  translationEnabled: z.boolean(),
  supportEmail: z.string(),
  helpline: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The three System Overview cards on the home page, computed from the database. */
export const overviewSchema = z.object({
  cards: z.array(
    z.object({
      key: z.string(),
      value: z.number(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;

/** One page of a list: the items, how many there are in all, and which page this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/**
 * One page of a list read by keyset: `next` / `prev` are opaque cursors for the pages after and before (null at
 * either end), and `total` is exact up to a bound and the database's estimate past it (`exact: false`, "about N").
 * `page` stays for callers still paging by number.
 */
export const keysetPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({
    exact: z.boolean(),
    next: z.string().nullable(),
    prev: z.string().nullable(),
  });

/** Where a keyset list resumes: a `next` or `prev` cursor from the page before. */
export const cursorParam = z.string().max(1000).optional();

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  /** stored: no provider, kept here; queued: waiting for its next try; sending: being sent; sent; failed: gave up. */
  status: z.enum(['stored', 'queued', 'sending', 'sent', 'failed']),
  /** Why the last try failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = keysetPageOf(outboxMessageSchema);
export type OutboxList = z.infer<typeof outboxListSchema>;

export const paginationQuerySchema = z.object({
  cursor: cursorParam,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A text someone wrote, to be read in another language (only when the server has a language model). */
export const TRANSLATE_MAX = 4000;
export const translateRequestSchema = z.object({
  text: z.string().trim().min(1).max(TRANSLATE_MAX),
  to: z.enum(LANGUAGES),
});
export const translationSchema = z.object({ translation: z.string(), to: z.enum(LANGUAGES) });
export type Translation = z.infer<typeof translationSchema>;
