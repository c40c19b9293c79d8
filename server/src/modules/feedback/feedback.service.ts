import { type FeedbackEntry, type FeedbackList, type feedbackListQuerySchema, isPhoneOnlyEmail } from '@railmadad/contract';
import { and, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { complaint, feedback, user } from '../../db/schema';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** How the legacy route stores a complaint named by reference (upper-cased): anything else is a feedback type. */
const NAMES_A_COMPLAINT = sql`${feedback.subject} ~ '^CMP[0-9]+$'`;

/** The Feedback Form puts "Category: …" and "Subcategory: …" lines before the text; those are shown apart. */
const withoutCategoryLines = (message: string) => message.replace(/^Category:[^\n]*\n(?:Subcategory:[^\n]*\n)?\n?/, '');

/** The Feedback Form's entries for staff: the rows the legacy route writes (the ratings of resolved complaints have their complaint id set). */
/** Newest first, the id breaking ties; `feedback_form_idx` (and `feedback_subject_idx` for one complaint) serve it. */
const LIST_KEYS: SortKey[] = [
  { expr: sql`${feedback.createdAt}`, dir: 'desc', kind: 'time' },
  { expr: sql`${feedback.id}`, dir: 'desc', kind: 'text' },
];

export function createFeedbackService(deps: { db: Db; exactCountMax?: number }) {
  const { db } = deps;

  return {
    async list(query: z.output<typeof feedbackListQuerySchema>): Promise<FeedbackList> {
      const { page, pageSize } = query;
      const where: SQL[] = [isNull(feedback.complaintId)];
      if (query.kind === 'complaint') where.push(NAMES_A_COMPLAINT);
      if (query.kind === 'general') where.push(not(NAMES_A_COMPLAINT));
      if (query.complaint) where.push(eq(feedback.subject, query.complaint));
      const filter = and(...where);
      const [found, counted] = await Promise.all([
        keysetPage({
          list: 'feedback',
          keys: LIST_KEYS,
          cursor: query.cursor,
          page,
          pageSize,
          fetch: (seek, order, limit, offset) =>
            db
          .select({
            key: keyColumn(LIST_KEYS),
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
          .where(and(filter, seek))
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        }),
        boundedCount(db, sql`from ${feedback} where ${filter}`, deps.exactCountMax ?? EXACT_COUNT_MAX),
      ]);
      const items = found.rows.map(
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
      return { items, ...counted, page, pageSize, next: found.next, prev: found.prev };
    },
  };
}
