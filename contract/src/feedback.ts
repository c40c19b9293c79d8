import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './complaints';
import { cursorParam, keysetPageOf } from './system';

/**
 * What passengers send through the Feedback Form (`POST /complaints/feedback/`), for staff to read. The ratings given
 * on a resolved complaint are not among them: those show on the complaint itself.
 */
export const FEEDBACK_KINDS = ['complaint', 'general'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const feedbackListQuerySchema = z.object({
  /** `complaint`: those naming a complaint by its reference; `general`: the rest (a feedback type). Both when absent. */
  kind: z.enum(FEEDBACK_KINDS).optional(),
  /** Only those naming this complaint. */
  complaint: z.string().trim().toUpperCase().regex(/^CMP\d+$/, 'reference_invalid').optional(),
  cursor: cursorParam,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuerySchema>;

export const feedbackEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** The sender's name: their account's now, or the one written with the feedback if the account is gone. */
  name: z.string(),
  /** The address to answer at, as given on the form; null when there is none to show. */
  email: z.string().nullable(),
  /** The Feedback Form's category and subcategory as chosen (`cleanliness`, `Unclean Toilets`), when it names them. */
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  /** What the person wrote, without the category lines the form puts before it. */
  message: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable(),
  /** The reference of the complaint it names, when that complaint exists. */
  complaint: z.string().nullable(),
  /** The form's `complaint` field as sent: a complaint reference or a feedback type id (`delay`, `food`…). */
  subject: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const feedbackListSchema = keysetPageOf(feedbackEntrySchema);
export type FeedbackList = z.infer<typeof feedbackListSchema>;
