import { count, desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { MailMessage, MailProvider } from '../../providers/mail';
import type { SmsMessage, SmsProvider } from '../../providers/sms';

export type Messenger = ReturnType<typeof createMessenger>;

export type SendResult = { id: string; status: 'stored' | 'sent' | 'failed'; error?: string };

/**
 * Sends e-mail and SMS through the configured providers and records every message in the
 * outbox. With no provider, the outbox is the delivery: the message is stored, printed to the
 * log and readable by admins, so a fresh install can still verify accounts.
 */
export function createMessenger(deps: { db: Db; log: FastifyBaseLogger; mail?: MailProvider; sms?: SmsProvider }) {
  const { db, log } = deps;

  async function record(row: Omit<typeof outbox.$inferInsert, 'id'>): Promise<string> {
    const id = newId();
    await db.insert(outbox).values({ id, ...row });
    return id;
  }

  return {
    async sendEmail(message: MailMessage): Promise<SendResult> {
      const base = { channel: 'email' as const, recipient: message.to, subject: message.subject, body: message.text };
      if (!deps.mail) {
        const id = await record({ ...base, status: 'stored' });
        log.info({ outbox: id, to: message.to, subject: message.subject }, `outbox e-mail\n${message.text}`);
        return { id, status: 'stored' };
      }
      try {
        await deps.mail.send(message);
        return { id: await record({ ...base, status: 'sent', attempts: 1 }), status: 'sent' };
      } catch (error) {
        const reason = (error as Error).message;
        log.error({ to: message.to, err: reason }, 'e-mail delivery failed');
        return { id: await record({ ...base, status: 'failed', error: reason, attempts: 1 }), status: 'failed', error: reason };
      }
    },

    async sendSms(message: SmsMessage): Promise<SendResult> {
      const base = { channel: 'sms' as const, recipient: message.to, subject: null, body: message.text };
      if (!deps.sms) {
        const id = await record({ ...base, status: 'stored' });
        log.info({ outbox: id, to: message.to }, `outbox SMS: ${message.text}`);
        return { id, status: 'stored' };
      }
      try {
        const { attempts } = await deps.sms.send(message);
        return { id: await record({ ...base, status: 'sent', attempts }), status: 'sent' };
      } catch (error) {
        const reason = (error as Error).message;
        const attempts = (error as { attempts?: number }).attempts ?? 1;
        log.error({ to: message.to, err: reason, attempts }, 'SMS delivery failed');
        return { id: await record({ ...base, status: 'failed', error: reason, attempts }), status: 'failed', error: reason };
      }
    },

    async list(page: number, pageSize: number) {
      const [items, [{ total }]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(outbox),
      ]);
      return {
        items: items.map((m) => ({
          id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
        total,
        page,
        pageSize,
      };
    },
  };
}
