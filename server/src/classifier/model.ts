import { COMPLAINT_TYPES, type ComplaintType, SEVERITIES, type Severity } from '@railmadad/contract';
import { type CompiledLexicon, compileLexicon, DEFAULT_FEATURES, type FeatureOptions, featurize, type Lexicon, type SparseVector } from './text';

/**
 * Multinomial logistic regression over hashed word and character n-gram features, three heads
 * sharing one featurisation: the complaint type (16 classes), emergency (yes/no) and a
 * suggested severity. Chosen on the evidence in docs/classifier.md.
 */

/** Which complaints the emergency head learns from (docs/classifier.md, "The emergency call"). */
export type EmergencyTraining = 'all-complaints' | 'risky-types';

/** One linear softmax layer: weights[bucket * classes + class]. */
export type Head = { labels: readonly string[]; weights: Float32Array; bias: Float32Array };

export type ModelMeta = {
  trainedAt: string;
  examples: number;
  corrections: number;
  /** Scores on the held-back split, when evaluated. */
  metrics?: { accuracy: number; top3: number; emergencyRecall: number; tested: number };
};

export type Model = {
  version: string;
  features: FeatureOptions;
  /** The concept lexicon the model was trained with (part of the model: it shapes the features). */
  lexicon: Lexicon | null;
  /** An emergency is called at this score or above (tuned for recall). */
  emergencyThreshold: number;
  /**
   * The emergency score is P(urgent) × P(type is medical, security or electrical) ^ this.
   * Models trained before the emergency head learnt from every complaint lack it: 1.
   */
  emergencyTypeExponent?: number;
  category: Head;
  emergency: Head;
  severity: Head;
  meta: ModelMeta;
};

export type Prediction = {
  category: ComplaintType;
  confidence: number;
  top3: { category: ComplaintType; confidence: number }[];
  emergency: boolean;
  emergencyScore: number;
  severity: Severity;
};

/** The types an emergency belongs to: someone's health, a threat, a fire. */
export const EMERGENCY_TYPES: readonly ComplaintType[] = ['medical', 'security', 'electrical'];

export type Example = { text: string; label: ComplaintType; emergency: boolean; severity: Severity };

/**
 * The emergency call's threshold, chosen on the held-back split, the independent set and
 * eval/emergencies.jsonl together for at least 98% of emergencies caught on each
 * (bench/classifier.ts, docs/classifier.md).
 */
export const EMERGENCY_THRESHOLD = 0.14;

export type TrainOptions = {
  features?: FeatureOptions;
  lexicon?: Lexicon | null;
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
  emergencyThreshold?: number;
  /** How much more an emergency example counts than another in the emergency head. */
  emergencyWeight?: number;
  /** Every complaint (the default) or only medical, security and electrical ones (the first method, for comparison). */
  emergencyTraining?: EmergencyTraining;
  /** How much the type head tempers the emergency score (see `Model`). */
  emergencyTypeExponent?: number;
  /** Epochs and L2 of the emergency head, which sees every complaint and is regularised harder. */
  emergencyEpochs?: number;
  emergencyL2?: number;
  /** Aborted: training stops at the next epoch with an error. */
  signal?: AbortSignal;
  /** Called after each epoch of the type head (0–1), for progress bars. */
  onProgress?: (done: number) => void;
};

function scores(head: Head, x: SparseVector, out: Float64Array): void {
  const k = head.labels.length;
  for (let c = 0; c < k; c++) out[c] = head.bias[c];
  for (let i = 0; i < x.index.length; i++) {
    const row = x.index[i] * k;
    const v = x.value[i];
    for (let c = 0; c < k; c++) out[c] += head.weights[row + c] * v;
  }
  let max = -Infinity;
  for (let c = 0; c < k; c++) if (out[c] > max) max = out[c];
  let sum = 0;
  for (let c = 0; c < k; c++) {
    out[c] = Math.exp(out[c] - max);
    sum += out[c];
  }
  for (let c = 0; c < k; c++) out[c] /= sum;
}

/** A small seeded generator (mulberry32), so the same corpus always gives the same model. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Training runs inside the server (a first start, a retrain): every so often it hands the thread
 * back for the requests waiting, so none waits more than about this long on it.
 */
const SLICE_MS = 25;
function slicer() {
  let since = performance.now();
  let n = 0;
  /** A promise to await when the slice is used up, else null (no await, so no cost, in the hot loop). */
  return (): Promise<void> | null => {
    if ((++n & 63) !== 0 || performance.now() - since < SLICE_MS) return null;
    return new Promise((resolve) => setImmediate(() => {
      since = performance.now();
      resolve();
    }));
  };
}

/** Stochastic gradient descent on the cross-entropy with L2 on the weights a document touches. */
export async function trainHead(
  vectors: SparseVector[],
  targets: number[],
  labels: readonly string[],
  bits: number,
  options: Required<Pick<TrainOptions, 'epochs' | 'learningRate' | 'l2' | 'seed'>> & { onEpoch?: (epoch: number) => void; classWeights?: number[]; signal?: AbortSignal },
): Promise<Head> {
  const k = labels.length;
  const head: Head = { labels, weights: new Float32Array((1 << bits) * k), bias: new Float32Array(k) };
  const order = vectors.map((_, i) => i);
  const next = random(options.seed);
  const p = new Float64Array(k);
  const pause = slicer();
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const rate = options.learningRate / (1 + epoch * 0.2);
    for (const d of order) {
      const turn = pause();
      if (turn) await turn;
      const x = vectors[d];
      scores(head, x, p);
      p[targets[d]] -= 1;
      // A rare class (emergencies) counts more, so the model does not learn to ignore it.
      const weight = options.classWeights?.[targets[d]] ?? 1;
      if (weight !== 1) for (let c = 0; c < k; c++) p[c] *= weight;
      for (let c = 0; c < k; c++) head.bias[c] -= rate * p[c] * 0.1;
      for (let i = 0; i < x.index.length; i++) {
        const row = x.index[i] * k;
        const v = x.value[i];
        for (let c = 0; c < k; c++) {
          const w = head.weights[row + c];
          head.weights[row + c] = w - rate * (p[c] * v + options.l2 * w);
        }
      }
    }
    options.onEpoch?.(epoch + 1);
    options.signal?.throwIfAborted();
  }
  return head;
}

export async function train(examples: Example[], version: string, options: TrainOptions = {}): Promise<Model> {
  const features = options.features ?? DEFAULT_FEATURES;
  const lexicon = options.lexicon ?? null;
  const compiled = lexicon ? compileLexicon(lexicon) : undefined;
  const settings = {
    signal: options.signal,
    epochs: options.epochs ?? 12,
    learningRate: options.learningRate ?? 2,
    l2: options.l2 ?? 1e-4,
    seed: options.seed ?? 7,
  };
  // Featurised in slices, so a server training in the background keeps answering.
  const vectors: SparseVector[] = [];
  const pause = slicer();
  for (const e of examples) {
    vectors.push(featurize(e.text, features, compiled));
    const turn = pause();
    if (turn) await turn;
  }
  options.signal?.throwIfAborted();
  const training = options.emergencyTraining ?? 'all-complaints';
  const urgency = {
    ...settings,
    epochs: options.emergencyEpochs ?? (training === 'all-complaints' ? 20 : settings.epochs),
    l2: options.emergencyL2 ?? (training === 'all-complaints' ? 3e-4 : settings.l2),
  };
  const total = settings.epochs * 2 + urgency.epochs;
  let done = 0;
  const onEpoch = () => options.onProgress?.(++done / total);
  const category = await trainHead(
    vectors,
    examples.map((e) => COMPLAINT_TYPES.indexOf(e.label)),
    COMPLAINT_TYPES,
    features.bits,
    { ...settings, onEpoch },
  );
  // Urgency is learnt from every complaint: "it's an emergency, the AC is off", a theft last month
  // and a rat running past are the near misses it must learn to pass over, and they are not all
  // medical, security or electrical. The first method learnt it among those three types only.
  const learners = training === 'all-complaints' ? examples.map((_, i) => i) : examples.flatMap((e, i) => (EMERGENCY_TYPES.includes(e.label) ? [i] : []));
  const emergency = await trainHead(
    learners.map((i) => vectors[i]),
    learners.map((i) => (examples[i].emergency ? 1 : 0)),
    ['no', 'yes'],
    features.bits,
    { ...urgency, classWeights: [1, options.emergencyWeight ?? 2], onEpoch },
  );
  const severity = await trainHead(vectors, examples.map((e) => SEVERITIES.indexOf(e.severity)), SEVERITIES, features.bits, {
    ...settings,
    onEpoch,
  });
  const model: Model = {
    version,
    features,
    lexicon,
    emergencyThreshold: options.emergencyThreshold ?? (training === 'all-complaints' ? EMERGENCY_THRESHOLD : 0.12),
    emergencyTypeExponent: options.emergencyTypeExponent ?? (training === 'all-complaints' ? 0.75 : 1),
    category,
    emergency,
    severity,
    meta: { trainedAt: new Date().toISOString(), examples: examples.length, corrections: 0 },
  };
  if (compiled) compiledLexicons.set(model, compiled);
  return model;
}

const compiledLexicons = new WeakMap<Model, CompiledLexicon>();

/** The model's lexicon compiled for matching, once per model. */
function lexiconOf(model: Model): CompiledLexicon | undefined {
  if (!model.lexicon) return undefined;
  let compiled = compiledLexicons.get(model);
  if (!compiled) {
    compiled = compileLexicon(model.lexicon);
    compiledLexicons.set(model, compiled);
  }
  return compiled;
}

export function predict(model: Model, text: string): Prediction {
  const x = featurize(text, model.features, lexiconOf(model));
  const p = new Float64Array(model.category.labels.length);
  scores(model.category, x, p);
  const ranked = Array.from(p, (confidence, c) => ({ category: model.category.labels[c] as ComplaintType, confidence })).sort(
    (a, b) => b.confidence - a.confidence,
  );
  const e = new Float64Array(2);
  scores(model.emergency, x, e);
  // Urgent, and about health, a threat or a fire: the two heads multiplied. The type head only
  // tempers the urgency head (exponent below 1), since a theft can read as a lost bag.
  let risky = 0;
  for (const t of EMERGENCY_TYPES) risky += p[model.category.labels.indexOf(t)];
  const emergencyScore = e[1] * risky ** (model.emergencyTypeExponent ?? 1);
  const emergency = emergencyScore >= model.emergencyThreshold;
  const s = new Float64Array(SEVERITIES.length);
  scores(model.severity, x, s);
  let severity = 0;
  for (let c = 1; c < s.length; c++) if (s[c] > s[severity]) severity = c;
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  // A softmax is never certain; rounding must not make it so, or a review threshold of 1
  // ("every call is unsure") would let the surest calls through.
  const probability = (n: number) => Math.min(0.9999, round(n));
  return {
    category: ranked[0].category,
    confidence: probability(ranked[0].confidence),
    top3: ranked.slice(0, 3).map((r) => ({ category: r.category, confidence: probability(r.confidence) })),
    emergency,
    emergencyScore: round(emergencyScore),
    severity: emergency ? 'high' : (SEVERITIES[severity] as Severity),
  };
}
