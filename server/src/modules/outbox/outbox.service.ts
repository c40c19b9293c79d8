import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { outbox } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';
import type { MailMessage, MailProvider } from '../../providers/mail';
import { backoffDelay, type RetryPolicy, SMS_RETRY, withRetry } from '../../providers/retry';
import type { SmsMessage, SmsProvider } from '../../providers/sms';

export type Messenger = ReturnType<typeof createMessenger>;

export type SendResult = { id: string; status: 'stored' | 'queued' | 'sent' | 'failed'; error?: string };
type OutboxRow = typeof outbox.$inferSelect;
type Message = Omit<typeof outbox.$inferInsert, 'id' | 'status'>;

/** How long a worker holds a message it is sending; a node that dies mid-send lets it go after this. */
const CLAIM_MS = 60_000;
/** How often each node looks for messages due (a new message is also sent at once, without waiting for this). */
const POLL_MS = 2_000;
const BATCH = 20;

/** The Outbox screen's order, newest first; `outbox_created_id_idx` serves it. */
const LIST_KEYS: SortKey[] = [
  { expr: sql`${outbox.createdAt}`, dir: 'desc', kind: 'time' },
  { expr: sql`${outbox.id}`, dir: 'desc', kind: 'text' },
];

/** A failure worth another try: a network error, a 5xx or 429 from an SMS gateway, a 4xx from a mail server. */
function retryable(error: unknown): boolean {
  const e = error as { retryable?: boolean; responseCode?: number };
  if (typeof e.retryable === 'boolean') return e.retryable;
  return !(typeof e.responseCode === 'number' && e.responseCode >= 500);
}

/**
 * E-mail and SMS go out through a queue in the database (the outbox). Sending one writes its row and returns at once;
 * a worker on every node claims due rows (`FOR UPDATE SKIP LOCKED`: one node per message), tries each once, and puts
 * a failure back with the original prototype's back-off (1 s, 2 s, 4 s; three retries) until it is sent or has
 * failed for good, across restarts. Failed messages stay on the Outbox screen with their error; an admin can queue
 * one again. With no provider configured, the outbox is the delivery: the message is stored, printed to the log and
 * readable by admins, so a fresh install can still verify accounts.
 *
 * `wait: true` is for the few messages a person stands waiting for (a sign-in code, staff's own SMS): it is sent
 * in the request itself, with the same retries, and the answer says how it went.
 */
/** An SMS or an e-mail as the code that sends it sees it. */
export type OutgoingMessage = { channel: 'email'; to: string; subject: string; text: string } | { channel: 'sms'; to: string; text: string };

export function createMessenger(deps: { db: Db; log: FastifyBaseLogger; mail?: MailProvider; sms?: SmsProvider; retry?: RetryPolicy; exactCountMax?: number }) {
  const { db, log } = deps;
  const policy = deps.retry ?? SMS_RETRY;

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.channel === 'email') {
      if (!deps.mail) throw Object.assign(new Error('no mail provider is configured'), { retryable: false });
      await deps.mail.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
    } else {
      if (!deps.sms) throw Object.assign(new Error('no SMS provider is configured'), { retryable: false });
      await deps.sms.send({ to: row.recipient, text: row.body });
    }
  }

  const markSent = (id: string, attempts: number) =>
    db.update(outbox).set({ status: 'sent', attempts, sentAt: new Date(), lockedUntil: null, nextAttemptAt: null, error: null }).where(eq(outbox.id, id));

  /** One try of a claimed row: sent, back in the queue for later, or failed for good. */
  async function attempt(row: OutboxRow): Promise<void> {
    try {
      await deliver(row);
      await markSent(row.id, row.attempts);
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      // `attempts` already counts this one: the first retry follows the first try.
      if (retryable(error) && row.attempts <= policy.retries) {
        const delay = backoffDelay(policy, row.attempts - 1);
        await db.update(outbox).set({ status: 'queued', error: reason, lockedUntil: null, nextAttemptAt: new Date(Date.now() + delay) }).where(eq(outbox.id, row.id));
        // Looked at again when it is due, not at the next round: the back-off is the one promised.
        if (timer) setTimeout(() => timer && void deliverDue(), delay).unref();
        log.warn({ outbox: row.id, to: row.recipient, err: reason, attempts: row.attempts }, `${row.channel} delivery failed; trying again`);
      } else {
        await db.update(outbox).set({ status: 'failed', error: reason, lockedUntil: null, nextAttemptAt: null }).where(eq(outbox.id, row.id));
        log.error({ outbox: row.id, to: row.recipient, err: reason, attempts: row.attempts }, `${row.channel} delivery failed`);
      }
    }
  }

  /** Claims what is due (queued and its time has come, or held by a node that stopped) and counts the try. */
  async function claim(limit: number): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update ${outbox} set status = 'sending', locked_until = now() + ${`${CLAIM_MS} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${outbox}
        where status in ('queued', 'sending') and (case when status = 'queued' then next_attempt_at else locked_until end) <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked
      )
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return db.query.outbox.findMany({ where: (o, { inArray }) => inArray(o.id, ids) });
  }

  /** This node's worker, once started. */
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  /** Sends everything due, batch after batch; a call while one runs makes it look once more when done. */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let tried = 0;
      do {
        again = false;
        for (let batch = await claim(BATCH); batch.length > 0; batch = await claim(BATCH)) {
          await Promise.all(batch.map(attempt));
          tried += batch.length;
        }
      } while (again);
      return tried;
    })()
      .catch((err) => {
        log.error({ err }, 'outbox delivery round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const toRow = (message: OutgoingMessage): Message => ({ channel: message.channel, recipient: message.to, subject: message.channel === 'email' ? message.subject : null, body: message.text });

  const providerOf = (channel: Message['channel']) => (channel === 'email' ? deps.mail : deps.sms);

  /**
   * Writes a message with `executor` (the caller's transaction, or the database) and sends nothing: `afterCommit`,
   * called once the row is committed, wakes this node's worker (or logs a stored one). A rollback leaves no row.
   */
  async function queue(executor: Db | Tx, row: Message): Promise<SendResult & { status: 'stored' | 'queued'; afterCommit: () => void }> {
    const id = newId();
    if (!providerOf(row.channel)) {
      await executor.insert(outbox).values({ id, ...row, status: 'stored' });
      const afterCommit = () => log.info({ outbox: id, to: row.recipient, subject: row.subject }, `outbox ${row.channel}: ${row.subject ? `${row.subject}\n` : ''}${row.body}`);
      return { id, status: 'stored', afterCommit };
    }
    await executor.insert(outbox).values({ id, ...row, status: 'queued', nextAttemptAt: new Date() });
    return { id, status: 'queued', afterCommit: () => void deliverDue() };
  }

  /**
   * `queueAllIn` for a caller that runs the insert itself later in its transaction (complaint-changes.ts folds it into
   * its last statement): the insert (null when there is nothing to send) and what to run after the commit.
   */
  function draftAllIn(tx: Db | Tx, messages: OutgoingMessage[]) {
    const rows = messages.map((m) => {
      const row = toRow(m);
      const queued = Boolean(providerOf(row.channel));
      return { id: newId(), ...row, status: queued ? ('queued' as const) : ('stored' as const), nextAttemptAt: queued ? new Date() : null };
    });
    const insert = rows.length ? tx.insert(outbox).values(rows) : null;
    const after = rows.map((r) =>
      r.status === 'queued'
        ? () => void deliverDue()
        : () => log.info({ outbox: r.id, to: r.recipient, subject: r.subject }, `outbox ${r.channel}: ${r.subject ? `${r.subject}\n` : ''}${r.body}`),
    );
    return { insert, after };
  }

  async function send(row: Message, provider: unknown, wait: boolean): Promise<SendResult> {
    if (!provider || !wait) {
      const { afterCommit, ...queued } = await queue(db, row);
      afterCommit();
      return queued;
    }
    const id = newId();
    // Sent here and now, held by this request so no worker takes it meanwhile.
    await db.insert(outbox).values({ id, ...row, status: 'sending', lockedUntil: new Date(Date.now() + CLAIM_MS) });
    const stored = { id, ...row, subject: row.subject ?? null, status: 'sending' as const, error: null, attempts: 0, nextAttemptAt: null, lockedUntil: null, sentAt: null, createdAt: new Date() };
    let attempts = 0;
    try {
      await withRetry(policy, () => {
        attempts++;
        return deliver(stored);
      });
      await markSent(id, attempts);
      return { id, status: 'sent' };
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      await db.update(outbox).set({ status: 'failed', error: reason, attempts, lockedUntil: null }).where(eq(outbox.id, id));
      log.error({ outbox: id, to: row.recipient, err: reason, attempts }, `${row.channel} delivery failed`);
      return { id, status: 'failed', error: reason };
    }
  }

  return {
    sendEmail(message: MailMessage, options: { wait?: boolean } = {}): Promise<SendResult> {
      return send({ channel: 'email', recipient: message.to, subject: message.subject, body: message.text }, deps.mail, options.wait ?? false);
    },

    sendSms(message: SmsMessage, options: { wait?: boolean } = {}): Promise<SendResult> {
      return send({ channel: 'sms', recipient: message.to, subject: null, body: message.text }, deps.sms, options.wait ?? false);
    },

    /** An e-mail or SMS written in the caller's transaction; it goes out only after `afterCommit`. */
    queueIn(tx: Db | Tx, message: OutgoingMessage) {
      return queue(tx, toRow(message));
    },

    /** As `queueIn` for several messages, written in one statement (a notice's SMS and e-mail go together). */
    async queueAllIn(tx: Db | Tx, messages: OutgoingMessage[]): Promise<(() => void)[]> {
      const { insert, after } = draftAllIn(tx, messages);
      if (insert) await insert;
      return after;
    },

    draftAllIn,

    deliverDue,

    /** Starts this node's worker: what is already due goes now, then every POLL_MS. */
    start() {
      if (timer || (!deps.mail && !deps.sms)) return;
      timer = setInterval(() => void deliverDue(), POLL_MS);
      timer.unref();
      void deliverDue();
    },

    /** Stops the worker and waits for the round in progress, so the database can close under it. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },

    /** An admin sends a failed message again: it goes back in the queue with a fresh set of tries. */
    async retry(id: string) {
      const [row] = await db
        .update(outbox)
        .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
        .where(sql`${outbox.id} = ${id} and ${outbox.status} = 'failed'`)
        .returning();
      if (!row) {
        const exists = await db.query.outbox.findFirst({ where: eq(outbox.id, id), columns: { status: true } });
        if (!exists) throw new AppError('not_found', 'No such message.');
        throw new AppError('conflict', 'Only a message that failed can be sent again.');
      }
      void deliverDue();
      return toItem(row);
    },

    /** A page of messages, newest first, by cursor (or by page number for callers not yet moved to cursors). */
    async list(query: { cursor?: string; page: number; pageSize: number }) {
      const { page, pageSize } = query;
      const [found, counted] = await Promise.all([
        keysetPage({
          list: 'outbox',
          keys: LIST_KEYS,
          cursor: query.cursor,
          page,
          pageSize,
          fetch: (seek, order, limit, offset) =>
            db
              .select({ row: outbox, key: keyColumn(LIST_KEYS) })
              .from(outbox)
              .where(seek)
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
        }),
        boundedCount(db, sql`from ${outbox}`, deps.exactCountMax ?? EXACT_COUNT_MAX),
      ]);
      return { items: found.rows.map((r) => toItem(r.row)), ...counted, page, pageSize, next: found.next, prev: found.prev };
    },
  };
}

function toItem(m: OutboxRow) {
  return {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    subject: m.subject,
    body: m.body,
    status: m.status,
    error: m.error,
    attempts: m.attempts,
    nextAttemptAt: m.status === 'queued' ? (m.nextAttemptAt?.toISOString() ?? null) : null,
    sentAt: m.sentAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}
