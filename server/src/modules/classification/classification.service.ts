import type { Classification, ClassificationStatus, classificationListQuerySchema, ClassificationSummary, ComplaintType, Prediction, ReviewInput, Role, Severity } from '@railmadad/contract';
import { COMPLAINT_TYPE_LABELS, COMPLAINT_TYPES } from '@railmadad/contract';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { classification, complaint, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';
import { likePattern, ZONE } from '../../lib/sql';
import type { LlmClassifier } from '../../providers/llm';
import type { Change, ComplaintChanges } from '../complaints/complaint-changes';
import type { ClassifierService } from './classifier';

const WEEKS = 8;

/** The review queue's order: newest first, the complaint id breaking ties; `classification_created_idx` serves it. */
const LIST_KEYS: SortKey[] = [
  { expr: sql`${classification.createdAt}`, dir: 'desc', kind: 'time' },
  { expr: sql`${classification.complaintId}`, dir: 'desc', kind: 'text' },
];

/** Whether a call waits for a person: the model disagrees with the passenger or is unsure. */
export const needsReview = (prediction: Pick<Prediction, 'category' | 'confidence'>, chosen: ComplaintType, threshold: number) =>
  prediction.category !== chosen || prediction.confidence < threshold;

export type ClassificationService = ReturnType<typeof createClassificationService>;

export function createClassificationService(deps: {
  db: Db;
  classifier: ClassifierService;
  threshold: number;
  llm?: LlmClassifier;
  log: FastifyBaseLogger;
  /** A review changes the complaint's type or emergency call through the one writer of complaint changes. */
  changes: ComplaintChanges;
  /** Rows the list counts exactly before it shows an estimate. */
  exactCountMax?: number;
}) {
  const { db, classifier, threshold } = deps;
  const reviewer = sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${classification.reviewedBy})`;
  const columns = {
    reference: complaint.reference,
    text: complaint.description,
    language: complaint.language,
    chosenType: classification.chosenType,
    predictedType: classification.predictedType,
    reviewedType: classification.reviewedType,
    confidence: classification.confidence,
    top3: classification.top3,
    emergency: classification.emergency,
    reviewedEmergency: classification.reviewedEmergency,
    suggestedSeverity: classification.suggestedSeverity,
    status: classification.status,
    modelVersion: classification.modelVersion,
    llmType: classification.llmType,
    llmConfidence: classification.llmConfidence,
    llmModel: classification.llmModel,
    createdAt: classification.createdAt,
    reviewedAt: classification.reviewedAt,
    reviewedBy: reviewer,
  };
  type Row = { [K in keyof typeof columns]: unknown } & { createdAt: Date; reviewedAt: Date | null; llmType: string | null; llmModel: string | null };

  const toClassification = (r: Row): Classification => ({
    reference: r.reference as string,
    text: r.text as string,
    language: r.language as string,
    chosenType: r.chosenType as ComplaintType,
    predictedType: r.predictedType as ComplaintType,
    reviewedType: (r.reviewedType as ComplaintType | null) ?? null,
    confidence: r.confidence as number,
    top3: r.top3 as Classification['top3'],
    emergency: r.emergency as boolean,
    reviewedEmergency: (r.reviewedEmergency as boolean | null) ?? null,
    suggestedSeverity: r.suggestedSeverity as Severity,
    status: r.status as ClassificationStatus,
    modelVersion: r.modelVersion as number,
    llm: r.llmType && r.llmModel ? { category: r.llmType as ComplaintType, confidence: (r.llmConfidence as number | null) ?? null, model: r.llmModel } : null,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reviewedBy: (r.reviewedBy as string | null) ?? null,
  });

  async function one(reference: string) {
    const [row] = await db.select(columns).from(classification).innerJoin(complaint, eq(complaint.id, classification.complaintId)).where(eq(complaint.reference, reference));
    if (!row) throw new AppError('not_found', 'No classification for this complaint.');
    return toClassification(row as Row);
  }

  /** A configured LLM's opinion on an unsure call, recorded beside the local one. Never fails a filing. */
  async function askLlm(complaintId: string, text: string) {
    if (!deps.llm) return;
    try {
      const opinion = await deps.llm.classify(text);
      await db
        .update(classification)
        .set({ llmType: opinion.category, llmConfidence: opinion.confidence, llmModel: deps.llm.model })
        .where(eq(classification.complaintId, complaintId));
    } catch (error) {
      deps.log.warn({ err: error, complaintId }, 'LLM second opinion failed');
    }
  }

  return {
    /** The model's call on a complaint being filed, as an insert for the filing's transaction to run. */
    record(tx: Tx, complaintId: string, chosen: { type: ComplaintType; severity: Severity }, prediction: Prediction) {
      return tx.insert(classification).values({
        complaintId,
        modelVersion: prediction.modelVersion,
        chosenType: chosen.type,
        chosenSeverity: chosen.severity,
        predictedType: prediction.category,
        confidence: prediction.confidence,
        top3: prediction.top3,
        emergency: prediction.emergency,
        emergencyScore: prediction.emergencyScore,
        suggestedSeverity: prediction.severity,
        status: needsReview(prediction, chosen.type, threshold) ? 'pending_review' : 'classified',
      });
    },

    /** After the filing committed: an unsure call may also be put to the LLM, in the background. */
    afterFiling(complaintId: string, text: string, prediction: Prediction) {
      if (deps.llm && prediction.confidence < threshold) void askLlm(complaintId, text);
    },

    async list(query: z.output<typeof classificationListQuerySchema>) {
      const filters: SQL[] = [];
      const settled = sql`coalesce(${classification.reviewedType}, ${classification.predictedType})`;
      if (query.q) {
        const q = query.q;
        filters.push(/^cmp\d+$/i.test(q) ? eq(complaint.reference, q.toUpperCase()) : (or(ilike(complaint.description, likePattern(q)), ilike(complaint.reference, likePattern(q))) as SQL));
      }
      if (query.type) filters.push(sql`${settled} = ${query.type}`);
      if (query.status) filters.push(eq(classification.status, query.status));
      if (query.language) filters.push(eq(complaint.language, query.language));
      if (query.minConfidence !== undefined) filters.push(sql`${classification.confidence} >= ${query.minConfidence / 100}`);
      if (query.maxConfidence !== undefined) filters.push(sql`${classification.confidence} <= ${query.maxConfidence / 100}`);
      if (query.from) filters.push(sql`${classification.createdAt} >= (${query.from}::date::timestamp at time zone ${ZONE})`);
      if (query.to) filters.push(sql`${classification.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${ZONE})`);
      const where = filters.length ? and(...filters) : undefined;
      const [found, counted] = await Promise.all([
        keysetPage({
          list: 'classification',
          keys: LIST_KEYS,
          cursor: query.cursor,
          page: query.page,
          pageSize: query.pageSize,
          fetch: (seek, order, limit, offset) =>
            db
              .select({ ...columns, key: keyColumn(LIST_KEYS) })
              .from(classification)
              .innerJoin(complaint, eq(complaint.id, classification.complaintId))
              .where(and(where, seek))
              .orderBy(...order)
              .limit(limit)
              .offset(offset),
        }),
        boundedCount(db, sql`from ${classification} inner join ${complaint} on ${complaint.id} = ${classification.complaintId} ${where ? sql`where ${where}` : sql``}`, deps.exactCountMax ?? EXACT_COUNT_MAX),
      ]);
      return { items: found.rows.map((r) => toClassification(r as unknown as Row)), ...counted, page: query.page, pageSize: query.pageSize, next: found.next, prev: found.prev };
    },

    async summary(): Promise<ClassificationSummary> {
      const [totals] = await db
        .select({
          reviewed: sql<number>`count(*) filter (where ${classification.reviewedType} is not null)`.mapWith(Number),
          correct: sql<number>`count(*) filter (where ${classification.reviewedType} = ${classification.predictedType})`.mapWith(Number),
          today: sql<number>`count(*) filter (where ${classification.createdAt} >= (date_trunc('day', now() at time zone ${ZONE}) at time zone ${ZONE}))`.mapWith(Number),
          pending: sql<number>`count(*) filter (where ${classification.status} = 'pending_review')`.mapWith(Number),
        })
        .from(classification);
      const settled = sql<string>`coalesce(${classification.reviewedType}, ${classification.predictedType})`;
      const distribution = await db.select({ type: settled, count: count() }).from(classification).groupBy(settled);
      const bin = sql<number>`least(floor(${classification.confidence} * 10), 9)::int`;
      const bins = await db.select({ bin, count: count() }).from(classification).groupBy(bin);
      const week = sql<string>`to_char(date_trunc('week', ${classification.reviewedAt} at time zone ${ZONE}), 'YYYY-MM-DD')`;
      const weeks = await db
        .select({
          week,
          reviewed: count(),
          correct: sql<number>`count(*) filter (where ${classification.reviewedType} = ${classification.predictedType})`.mapWith(Number),
        })
        .from(classification)
        .where(sql`${classification.reviewedAt} >= date_trunc('week', now() at time zone ${ZONE}) at time zone ${ZONE} - interval '${sql.raw(String(WEEKS - 1))} weeks'`)
        .groupBy(week);
      const [model] = await classifier.models({ activeOnly: true });
      // The last 8 Mondays, oldest first, each with its reviews (or none).
      const monday = new Date(`${new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10)}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
      const weekly = Array.from({ length: WEEKS }, (_, i) => {
        const day = new Date(monday.getTime() - (WEEKS - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10);
        const found = weeks.find((w) => w.week === day);
        return { week: day, reviewed: found?.reviewed ?? 0, accuracy: found && found.reviewed > 0 ? found.correct / found.reviewed : null };
      });
      return {
        accuracy: totals.reviewed > 0 ? totals.correct / totals.reviewed : null,
        reviewed: totals.reviewed,
        processedToday: totals.today,
        pendingReview: totals.pending,
        threshold,
        distribution: COMPLAINT_TYPES.map((type) => ({ type, count: distribution.find((d) => d.type === type)?.count ?? 0 })),
        histogram: Array.from({ length: 10 }, (_, i) => ({ from: i * 10, count: bins.find((b) => b.bin === i)?.count ?? 0 })),
        weekly,
        model: model ?? null,
      };
    },

    /**
     * A person settles the type, the model's (confirm) or another (correct): the complaint takes
     * it, its timeline says so, and text and type become a labelled example. `emergency` settles
     * the emergency call the same way: a cleared false alarm goes back to the passenger's severity
     * and its place in the queue; a raised one becomes High with an 8-minute first response.
     */
    async review(actor: { id: string; name: string; role: Role }, reference: string, input: ReviewInput) {
      await deps.changes.transaction(async (scope) => {
        const { tx } = scope;
        const [found] = await tx
          .select({ row: complaint, chosenSeverity: classification.chosenSeverity })
          .from(complaint)
          .innerJoin(classification, eq(classification.complaintId, complaint.id))
          .where(eq(complaint.reference, reference))
          .for('update');
        if (!found) throw new AppError('not_found', 'No classification for this complaint.');
        const { row } = found;
        const call: Partial<typeof classification.$inferInsert> = { reviewedBy: actor.id, reviewedAt: new Date() };
        const change: Change & { reasons: string[] } = { actor, reasons: [] };
        if (input.type) {
          Object.assign(call, { reviewedType: input.type, status: 'reviewed' });
          if (row.type !== input.type) {
            change.type = input.type;
            change.reasons.push(`Type changed from ${COMPLAINT_TYPE_LABELS[row.type as ComplaintType]} to ${COMPLAINT_TYPE_LABELS[input.type]} in review.`);
          }
        }
        if (input.emergency !== undefined) {
          call.reviewedEmergency = input.emergency;
          if (row.emergency !== input.emergency) {
            change.emergency = input.emergency;
            change.severity = input.emergency ? 'high' : ((found.chosenSeverity as Severity | null) ?? (row.severity as Severity));
            change.reasons.push(input.emergency ? 'Marked as an emergency in review.' : 'Not an emergency, said the reviewer.');
          }
        }
        await tx.update(classification).set(call).where(eq(classification.complaintId, row.id));
        // Even a confirmation goes through: the review queues and dashboards refetch.
        await scope.change(row, change);
      });
      return one(reference);
    },
  };
}
