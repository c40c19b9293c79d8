import type { Classification, ClassificationSummary, ComplaintType, TrainingStatus } from '@railmadad/contract';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { formatNumber } from '../../lib/format';

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/**
 * How sure the model is, in three colours: below the review threshold it is low (the call waits
 * for a person); the upper range splits in half, so with the default 0.6 high starts at 0.8.
 */
export function confidenceLevel(confidence: number, threshold: number): ConfidenceLevel {
  if (confidence < threshold) return 'low';
  return confidence >= (1 + threshold) / 2 ? 'high' : 'medium';
}

/** The bar's filled width in percent, kept inside 0–100 whatever the model says. */
export const barWidth = (confidence: number) => Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 10;

/** The type the complaint has now: the reviewer's when reviewed, else the model's call. */
export const settledType = (c: Classification): ComplaintType => c.reviewedType ?? c.predictedType;

/** Whether the passenger chose another type than the model: a third one-click answer. */
export const passengerDisagrees = (c: Classification) => c.chosenType !== c.predictedType;

/** An emergency as things stand: a reviewer's word, else the model's call. */
export const isEmergency = (c: Classification) => c.reviewedEmergency ?? c.emergency;

/** A histogram bin's label: "0–10%", …, "90–100%". */
export const binLabel = (from: number, language: string) => {
  return `${formatNumber(from, language)}–${formatNumber(Math.min(100, from + 10), language)}%`;
};

/** Weekly accuracy in percent for a line chart: a week without reviews stays a gap (null), not a zero. */
export const weeklyPoints = (weekly: ClassificationSummary['weekly']) =>
  weekly.map((w) => ({ week: w.week, accuracy: w.accuracy === null ? null : Math.round(w.accuracy * 1000) / 10, reviewed: w.reviewed }));

/** Types with calls, most first: what the distribution chart draws (its table lists them all). */
export const typesWithCalls = (distribution: ClassificationSummary['distribution']) => distribution.filter((d) => d.count > 0).sort((a, b) => b.count - a.count);

export type TrainingOutcome =
  | { kind: 'training'; percent: number }
  | { kind: 'accepted'; version: number; accuracy: number; previousAccuracy: number | null }
  /** Kept aside for its type accuracy, or (accuracy held) for the emergencies it missed. */
  | { kind: 'rejected'; version: number; reason: 'accuracy' | 'emergencies'; score: number; previous: number | null }
  | { kind: 'failed'; error: string | null }
  | null;

/** What the retrain panel says about a run: its progress, its verdict, or nothing when there was no run. */
export function trainingOutcome(status: TrainingStatus | undefined): TrainingOutcome {
  if (!status) return null;
  if (status.state === 'training') return { kind: 'training', percent: Math.round(Math.min(1, Math.max(0, status.progress)) * 100) };
  if (status.state === 'failed') return { kind: 'failed', error: status.error };
  if (status.state === 'done' && status.result) {
    const { version, accepted, accuracy, previousAccuracy, emergencyRecall, previousEmergencyRecall } = status.result;
    if (accepted) return { kind: 'accepted', version, accuracy, previousAccuracy };
    return previousAccuracy !== null && accuracy < previousAccuracy
      ? { kind: 'rejected', version, reason: 'accuracy', score: accuracy, previous: previousAccuracy }
      : { kind: 'rejected', version, reason: 'emergencies', score: emergencyRecall, previous: previousEmergencyRecall };
  }
  return null;
}

/** The translated words for a failed call on this screen. */
export function classificationErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('classification.errors.failed');
  if (error.code === 'network') return t('errors.network');
  if (error.status === 404) return t('classification.errors.notFound');
  if (error.status === 409) return t('classification.errors.conflict');
  if (error.status === 403) return t('classification.errors.forbidden');
  if (error.status === 400) return t('classification.errors.invalid');
  return t('classification.errors.failed');
}
