import { z } from 'zod';
import { calendarDate } from './analytics';
import { COMPLAINT_TYPES, SEVERITIES } from './complaints';
import { DESCRIPTION_MAX } from './limits';
import { LANGUAGES } from './enums';
import { cursorParam, keysetPageOf } from './system';

/**
 * Smart classification: the model's call on each complaint (the original prototype's Classified / Pending
 * Review) and a person's review of it (Reviewed), which becomes a labelled example.
 */
export const CLASSIFICATION_STATUSES = ['classified', 'pending_review', 'reviewed'] as const;
export type ClassificationStatus = (typeof CLASSIFICATION_STATUSES)[number];

export const classifyRequestSchema = z.object({ text: z.string().trim().min(1, 'text_required').max(DESCRIPTION_MAX) });

const scoredType = z.object({ category: z.enum(COMPLAINT_TYPES), confidence: z.number() });

export const predictionSchema = z.object({
  category: z.enum(COMPLAINT_TYPES),
  confidence: z.number(),
  top3: z.array(scoredType),
  emergency: z.boolean(),
  emergencyScore: z.number(),
  severity: z.enum(SEVERITIES),
  modelVersion: z.number().int(),
});
export type Prediction = z.infer<typeof predictionSchema>;

/** What the filing form may know while a passenger types: the likely types, nothing more. */
export const typeSuggestionSchema = z.object({ top3: z.array(scoredType) });
export type TypeSuggestion = z.infer<typeof typeSuggestionSchema>;

const percent = z.coerce.number().min(0).max(100);

export const classificationListQuerySchema = z
  .object({
    q: z.string().trim().max(100).optional(),
    type: z.enum(COMPLAINT_TYPES).optional(),
    status: z.enum(CLASSIFICATION_STATUSES).optional(),
    language: z.enum(LANGUAGES).optional(),
    /** Confidence bounds in percent, both included. */
    minConfidence: percent.optional(),
    maxConfidence: percent.optional(),
    /** Days in India, both included. */
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    cursor: cursorParam,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => q.minConfidence === undefined || q.maxConfidence === undefined || q.minConfidence <= q.maxConfidence, {
    message: 'confidence_range_reversed',
    path: ['minConfidence'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'range_reversed', path: ['from'] });
export type ClassificationListQuery = z.input<typeof classificationListQuerySchema>;

export const classificationSchema = z.object({
  reference: z.string(),
  text: z.string(),
  language: z.string(),
  /** The type the passenger chose, the model's call and, once reviewed, the settled type. */
  chosenType: z.enum(COMPLAINT_TYPES),
  predictedType: z.enum(COMPLAINT_TYPES),
  reviewedType: z.enum(COMPLAINT_TYPES).nullable(),
  confidence: z.number(),
  top3: z.array(scoredType),
  emergency: z.boolean(),
  /** A person's word on the emergency call; null until someone judged it. */
  reviewedEmergency: z.boolean().nullable(),
  suggestedSeverity: z.enum(SEVERITIES),
  status: z.enum(CLASSIFICATION_STATUSES),
  modelVersion: z.number().int(),
  llm: z.object({ category: z.enum(COMPLAINT_TYPES), confidence: z.number().nullable(), model: z.string() }).nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type Classification = z.infer<typeof classificationSchema>;

export const classificationListSchema = keysetPageOf(classificationSchema);
export type ClassificationList = z.infer<typeof classificationListSchema>;

/**
 * Confirm the model (its own type) or correct it (another type): the type the complaint really
 * is. `emergency` settles the emergency call: false clears a false alarm, true raises one.
 */
export const reviewSchema = z
  .object({ type: z.enum(COMPLAINT_TYPES, { message: 'type_required' }).optional(), emergency: z.boolean().optional() })
  .refine((r) => r.type !== undefined || r.emergency !== undefined, { message: 'type_required', path: ['type'] });
export type ReviewInput = z.infer<typeof reviewSchema>;

export const classifierModelSchema = z.object({
  version: z.number().int(),
  status: z.enum(['active', 'retired', 'rejected']),
  examples: z.number().int(),
  corrections: z.number().int(),
  accuracy: z.number(),
  top3: z.number(),
  emergencyRecall: z.number(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type ClassifierModelInfo = z.infer<typeof classifierModelSchema>;

export const classificationSummarySchema = z.object({
  /** Share of reviewed calls the reviewer confirmed; null before the first review. */
  accuracy: z.number().nullable(),
  reviewed: z.number().int(),
  processedToday: z.number().int(),
  pendingReview: z.number().int(),
  /** Below this confidence a call waits for review (0–1). */
  threshold: z.number(),
  distribution: z.array(z.object({ type: z.enum(COMPLAINT_TYPES), count: z.number().int() })),
  /** Ten bins of width 10 %: [0,10), …, [90,100]. */
  histogram: z.array(z.object({ from: z.number().int(), count: z.number().int() })),
  /** The last 8 weeks (Monday first, days in India) with reviews in them. */
  weekly: z.array(z.object({ week: z.string(), accuracy: z.number().nullable(), reviewed: z.number().int() })),
  model: classifierModelSchema.nullable(),
});
export type ClassificationSummary = z.infer<typeof classificationSummarySchema>;

export const TRAINING_STATES = ['idle', 'training', 'done', 'failed'] as const;
export const trainingStatusSchema = z.object({
  state: z.enum(TRAINING_STATES),
  /** 0–1 while training. */
  progress: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The model the last run produced and whether it replaced the active one. */
  result: z
    .object({
      version: z.number().int(),
      accepted: z.boolean(),
      accuracy: z.number(),
      previousAccuracy: z.number().nullable(),
      /** Share of held-back emergencies caught: the other half of "not worse". */
      emergencyRecall: z.number(),
      previousEmergencyRecall: z.number().nullable(),
      examples: z.number().int(),
      corrections: z.number().int(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type TrainingStatus = z.infer<typeof trainingStatusSchema>;
