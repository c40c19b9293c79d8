import { type FeedbackEntry, type FeedbackList, type feedbackListQuerySchema, isPhoneOnlyEmail } from '@railmadad/contract';
import { and, count, desc, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { complaint, feedback, user } from '../../db/schema';

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** How the legacy route stores a complaint named by reference (upper-cased): anything else is a feedback type. */
const NAMES_A_COMPLAINT = sql`${feedback.subject} ~ '^CMP[0-9]+$'`;

/** The Feedback Form puts "Category: …" and "Subcategory: …" lines before the text; those are shown apart. */
const withoutCategoryLines = (message: string) => message.replace(/^Category:[^\n]*\n(?:Subcategory:[^\n]*\n)?\n?/, '');

/** The Feedback Form's entries for staff: the rows the legacy route writes (the ratings of resolved complaints have their complaint id set). */
export function createFeedbackService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async list(query: z.output<typeof feedbackListQuerySchema>): Promise<FeedbackList> {
      const { page, pageSize } = query;
      const where: SQL[] = [isNull(feedback.complaintId)];
      if (query.kind === 'complaint') where.push(NAMES_A_COMPLAINT);
      if (query.kind === 'general') where.push(not(NAMES_A_COMPLAINT));
      if (query.complaint) where.push(eq(feedback.subject, query.complaint));
      const filter = and(...where);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: feedback.id,
            createdAt: feedback.createdAt,
            storedName: feedback.name,
            accountName: user.name,
            email: feedback.email,
            category: feedback.category,
            subcategory: feedback.subcategory,
            message: feedback.message,
            rating: feedback.rating,
            subject: feedback.subject,
            reference: complaint.reference,
          })
          .from(feedback)
          .leftJoin(user, eq(user.id, feedback.userId))
          .leftJoin(complaint, eq(complaint.reference, feedback.subject))
          .where(filter)
          .orderBy(desc(feedback.createdAt), desc(feedback.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ total: count() }).from(feedback).where(filter),
      ]);
      const items = rows.map(
        (r): FeedbackEntry => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          name: r.accountName ?? r.storedName ?? '',
          email: r.email && !isPhoneOnlyEmail(r.email) ? r.email : null,
          category: r.category,
          subcategory: r.subcategory,
          message: withoutCategoryLines(r.message),
          rating: r.rating,
          complaint: r.reference,
          subject: r.subject,
        }),
      );
      return { items, total, page, pageSize };
    },
  };
}
