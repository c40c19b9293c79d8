import type { Classification, TrainingStatus } from '@railmadad/contract';
import { describe, expect, it } from 'vitest';
import {barWidth, binLabel, confidenceLevel, isEmergency, passengerDisagrees, settledType, trainingOutcome, typesWithCalls, weeklyPoints} from './classification-text';
import { formatPercent } from '../../lib/format';

describe('confidenceLevel', () => {
  it('is low below the review threshold and splits the rest in half', () => {
    expect(confidenceLevel(0.59, 0.6)).toBe('low');
    expect(confidenceLevel(0.6, 0.6)).toBe('medium');
    expect(confidenceLevel(0.79, 0.6)).toBe('medium');
    expect(confidenceLevel(0.8, 0.6)).toBe('high');
    expect(confidenceLevel(1, 0.6)).toBe('high');
    expect(confidenceLevel(0, 0.6)).toBe('low');
  });

  it('follows another threshold', () => {
    expect(confidenceLevel(0.45, 0.5)).toBe('low');
    expect(confidenceLevel(0.7, 0.5)).toBe('medium');
    expect(confidenceLevel(0.75, 0.5)).toBe('high');
    expect(confidenceLevel(0.1, 0)).toBe('medium');
  });
});

describe('numbers', () => {
  it('writes shares as percents in the reader’s language', () => {
    expect(formatPercent(0.873, 'en')).toBe('87%');
    expect(formatPercent(0.873, 'en', 1)).toBe('87.3%');
    expect(formatPercent(0.5, 'hi')).toBe('50%');
  });

  it('keeps the bar inside its track', () => {
    expect(barWidth(0.4567)).toBe(45.7);
    expect(barWidth(1.2)).toBe(100);
    expect(barWidth(-0.1)).toBe(0);
  });

  it('labels a histogram bin with its span', () => {
    expect(binLabel(0, 'en')).toBe('0–10%');
    expect(binLabel(90, 'en')).toBe('90–100%');
  });
});

describe('chart shaping', () => {
  it('keeps a week without reviews as a gap, not a zero', () => {
    expect(
      weeklyPoints([
        { week: '2025-03-03', accuracy: 0.8765, reviewed: 8 },
        { week: '2025-03-10', accuracy: null, reviewed: 0 },
        { week: '2025-03-17', accuracy: 0, reviewed: 2 },
      ]),
    ).toEqual([
      { week: '2025-03-03', accuracy: 87.7, reviewed: 8 },
      { week: '2025-03-10', accuracy: null, reviewed: 0 },
      { week: '2025-03-17', accuracy: 0, reviewed: 2 },
    ]);
  });

  it('draws the types with calls, most first', () => {
    expect(
      typesWithCalls([
        { type: 'water', count: 2 },
        { type: 'medical', count: 0 },
        { type: 'catering', count: 5 },
      ]),
    ).toEqual([
      { type: 'catering', count: 5 },
      { type: 'water', count: 2 },
    ]);
  });
});

describe('a call', () => {
  const call = { chosenType: 'water', predictedType: 'coach-cleanliness', reviewedType: null } as Classification;

  it('has the reviewer’s type once reviewed, the model’s before', () => {
    expect(settledType(call)).toBe('coach-cleanliness');
    expect(settledType({ ...call, reviewedType: 'water' })).toBe('water');
  });

  it('knows when the passenger saw it otherwise', () => {
    expect(passengerDisagrees(call)).toBe(true);
    expect(passengerDisagrees({ ...call, chosenType: 'coach-cleanliness' })).toBe(false);
  });

  it('is an emergency by the reviewer’s word when there is one, else by the model’s', () => {
    expect(isEmergency({ ...call, emergency: true, reviewedEmergency: null })).toBe(true);
    expect(isEmergency({ ...call, emergency: true, reviewedEmergency: false })).toBe(false);
    expect(isEmergency({ ...call, emergency: false, reviewedEmergency: true })).toBe(true);
  });
});

describe('trainingOutcome', () => {
  const base: TrainingStatus = { state: 'idle', progress: 0, startedAt: null, finishedAt: null, result: null, error: null };
  const result = { version: 4, accepted: true, accuracy: 0.91, previousAccuracy: 0.88, examples: 1200, corrections: 14, emergencyRecall: 0.96, previousEmergencyRecall: 0.95 };

  it('says nothing before any run', () => {
    expect(trainingOutcome(undefined)).toBeNull();
    expect(trainingOutcome(base)).toBeNull();
  });

  it('reports progress in whole percent', () => {
    expect(trainingOutcome({ ...base, state: 'training', progress: 0.456 })).toEqual({ kind: 'training', percent: 46 });
    expect(trainingOutcome({ ...base, state: 'training', progress: 1.3 })).toEqual({ kind: 'training', percent: 100 });
  });

  it('tells an accepted version from one kept aside', () => {
    expect(trainingOutcome({ ...base, state: 'done', result })).toEqual({ kind: 'accepted', version: 4, accuracy: 0.91, previousAccuracy: 0.88 });
    expect(trainingOutcome({ ...base, state: 'done', result: { ...result, accepted: false, accuracy: 0.8 } })).toEqual({ kind: 'rejected', version: 4, reason: 'accuracy', score: 0.8, previous: 0.88 });
    // Accuracy held, so the emergencies it missed kept it out.
    expect(trainingOutcome({ ...base, state: 'done', result: { ...result, accepted: false, emergencyRecall: 0.9 } })).toEqual({ kind: 'rejected', version: 4, reason: 'emergencies', score: 0.9, previous: 0.95 });
  });

  it('reports a failed run', () => {
    expect(trainingOutcome({ ...base, state: 'failed', error: 'out of memory' })).toEqual({ kind: 'failed', error: 'out of memory' });
  });
});
