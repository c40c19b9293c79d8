import { COMPLAINT_TYPE_LABELS, COMPLAINT_TYPES, type ComplaintType, legacyFeedbackItemSchema, legacyFeedbackSchema, smsRequestSchema } from '@railmadad/contract';
import { isValidPhone, normalizePhone } from '@railmadad/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPhoneOnlyEmail } from '../../auth/auth';
import type { Guards } from '../../auth/session';
import type { Db } from '../../db/client';
import { feedback } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Messenger } from '../outbox/outbox.service';
import type { ComplaintsService } from './complaints.service';
import { readComplaintForm } from './multipart';

/** The original client's type may come as a value ("water") or as its label ("Water Availability"). */
function toType(value: string | undefined): ComplaintType | string | undefined {
  if (!value) return value;
  const v = value.trim();
  if ((COMPLAINT_TYPES as readonly string[]).includes(v)) return v;
  const byLabel = COMPLAINT_TYPES.find((t) => COMPLAINT_TYPE_LABELS[t].toLowerCase() === v.toLowerCase());
  return byLabel ?? v;
}

/** A complaint reference as stored (CMP100001), whatever its case; any other subject as it is. */
const isReference = (subject: string) => /^CMP\d+$/i.test(subject);
const asReference = (subject: string) => (isReference(subject) ? subject.toUpperCase() : subject);

/**
 * The prototype's calls (spec section 7), kept working for existing clients with a session
 * cookie or a bearer token, each with and without the `/api` prefix (docs/ARCHITECTURE.md).
 */
export const legacyRoutes =
  (deps: { complaints: ComplaintsService; messenger: Messenger; guards: Guards; db: Db }): FastifyPluginAsyncZod =>
  async (app) => {
    const { complaints, guards, db } = deps;
    const user = { onRequest: guards.requireUser, config: { access: 'user' as const } };

    for (const prefix of ['', '/api']) {
      app.post(
        `${prefix}/complaints/file/`,
        { ...user, schema: { tags: ['original API'], summary: 'File a complaint with the original multipart field names', consumes: ['multipart/form-data'] } },
        async (request, reply) => {
          const { fields, photos } = await readComplaintForm(request);
          const result = await complaints.file(
            request.user,
            {
              type: toType(fields.type),
              description: fields.description,
              location: fields.location,
              trainNumber: fields.train_number,
              pnr: fields.pnr_number,
              severity: fields.severity?.trim().toLowerCase() || undefined,
              incidentDate: fields.date_of_incident?.slice(0, 10),
              where: 'train',
            },
            photos,
            { idempotencyKey: request.headers['idempotency-key'] as string | undefined },
          );
          const c = result.complaint;
          return reply.code(result.created ? 201 : 200).send({ message: 'Complaint submitted successfully!', complaint_id: c.reference, reference: c.reference, status: c.status, photos: c.photos.length });
        },
      );

      app.post(
        `${prefix}/complaints/feedback/`,
        { ...user, schema: { tags: ['original API'], body: legacyFeedbackSchema, response: { 201: z.object({ message: z.string(), id: z.string() }) } } },
        async (request, reply) => {
          const b = request.body;
          const author = request.user;
          // Feedback on a complaint (by its reference) is only for one this person may see: a passenger their own.
          const subject = asReference(b.complaint);
          if (isReference(subject)) await complaints.get(author, subject);
          // The form writes "Category: …\nSubcategory: …\n\n<text>"; keep the parts apart as well.
          const category = /^Category:\s*(.+)$/m.exec(b.feedback_message)?.[1]?.trim() ?? null;
          const subcategory = /^Subcategory:\s*(.+)$/m.exec(b.feedback_message)?.[1]?.trim() ?? null;
          const id = newId();
          await db.insert(feedback).values({
            id,
            subject,
            userId: request.user.id,
            rating: b.rating ?? null,
            message: b.feedback_message,
            category,
            subcategory,
            // Written under the account's own name and address, whatever the form says; an account signed up by phone
            // has no real address, and the one typed is how to reach them.
            name: author.name,
            email: (isPhoneOnlyEmail(author.email) ? b.user_email : author.email).toLowerCase(),
          });
          return reply.code(201).send({ message: 'Feedback submitted successfully!', id });
        },
      );

      app.get(
        `${prefix}/complaints/feedback/`,
        { ...user, schema: { tags: ['original API'], querystring: z.object({ complaint_id: z.string().trim().min(1).max(64) }), response: { 200: z.array(legacyFeedbackItemSchema) } } },
        async (request) => {
          const mineOnly = request.user.role === 'passenger' ? eq(feedback.userId, request.user.id) : undefined;
          const rows = await db
            .select()
            .from(feedback)
            .where(and(eq(feedback.subject, asReference(request.query.complaint_id)), mineOnly))
            .orderBy(desc(feedback.createdAt))
            .limit(100);
          return rows.map((r) => ({
            id: r.id,
            complaint: r.subject,
            feedback_message: r.message,
            rating: r.rating,
            user_name: r.name ?? '',
            user_email: r.email ?? '',
            created_at: r.createdAt.toISOString(),
          }));
        },
      );

      app.post(
        `${prefix}/sms`,
        {
          onRequest: guards.requireRole('staff', 'admin'),
          config: { access: ['staff', 'admin'] },
          schema: { tags: ['original API'], summary: 'Send an SMS (staff)', body: smsRequestSchema, response: { 200: z.object({ message: z.string(), delivery: z.enum(['sent', 'outbox']) }), 502: z.object({ code: z.string(), message: z.string() }) } },
        },
        async (request, reply) => {
          const phone = normalizePhone(request.body.phone);
          if (!isValidPhone(phone)) throw new AppError('invalid_phone', 'Invalid phone number format. Please use format: +91XXXXXXXXXX');
          // The original API answers whether the SMS went: sent in the request, with the retries.
          const result = await deps.messenger.sendSms({ to: phone, text: request.body.message }, { wait: true });
          if (result.status === 'failed') return reply.code(502).send({ code: 'sms_failed', message: `Failed to SMS: ${result.error}` });
          return { message: 'SMS sent successfully', delivery: result.status === 'sent' ? ('sent' as const) : ('outbox' as const) };
        },
      );
    }
  };
