import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClassifierModelInfo, ComplaintType, Prediction, Severity, TrainingStatus } from '@railmadad/contract';
import { desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import { decodeModel, encodeModel } from '../../classifier/codec';
import { type CorpusExample, loadCorpus, loadLexicon, splitCorpus, trainFromCorpus } from '../../classifier/corpus';
import { type Evaluation, evaluate, metricsOf } from '../../classifier/evaluate';
import { type Example, type Model, predict, train } from '../../classifier/model';
import type { Db } from '../../db/client';
import { appSetting, classification, classifierModel, complaint } from '../../db/schema';
import { AppError } from '../../lib/errors';

const TRAINING_KEY = 'classifier_training';
/** A run that has said nothing for this long died with its node: another may start. */
const STALE_TRAINING_MS = 10 * 60 * 1000;
/** How often a node looks for a model another node activated. */
const REFRESH_MS = 30 * 1000;

const IDLE: TrainingStatus = { state: 'idle', progress: 0, startedAt: null, finishedAt: null, result: null, error: null };

export type ClassifierService = ReturnType<typeof createClassifier>;

/** The examples people settled in review: text and the type it really is. */
async function reviewedExamples(db: Db): Promise<CorpusExample[]> {
  const rows = await db
    .select({
      text: complaint.description,
      label: classification.reviewedType,
      emergency: sql<boolean>`coalesce(${classification.reviewedEmergency}, ${classification.emergency})`,
      severity: complaint.severity,
    })
    .from(classification)
    .innerJoin(complaint, eq(complaint.id, classification.complaintId))
    .where(isNotNull(classification.reviewedType));
  return rows.map((r) => ({ text: r.text, label: r.label as ComplaintType, emergency: r.emergency, severity: r.severity as Severity, lang: 'review' }));
}

/** Training and held-back examples: the corpus's fixed split, plus reviews split the same way. */
export async function trainingSet(db: Db | null) {
  const corpus = splitCorpus(loadCorpus());
  const reviews = splitCorpus(db ? await reviewedExamples(db) : []);
  return { train: [...corpus.train, ...reviews.train], test: [...corpus.test, ...reviews.test], reviews: reviews.train.length + reviews.test.length };
}

/** Not worse: at least the same type accuracy and the same share of emergencies caught. */
export const notWorse = (candidate: Evaluation, active: Evaluation) =>
  candidate.accuracy >= active.accuracy - 1e-9 && candidate.emergency.recall >= active.emergency.recall - 1e-9;

/** Where the classifier reports: the server's logger, or the command line's. */
export type ClassifierLog = { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void; error: (o: object, msg: string) => void };

/**
 * The active model of this node: loaded from the database (or trained from the corpus on the
 * very first start), used for every prediction, and replaced when an admin's retraining produces
 * a model that is not worse on the held-back examples.
 */
export function createClassifier(deps: { db: Db; log: ClassifierLog; cacheDir?: string }) {
  const { db, log } = deps;
  let active: Model | null = null;
  let activeVersion = 0;
  let checkedAt = 0;
  let status: TrainingStatus = IDLE;
  const events = new EventEmitter<{ training: [TrainingStatus] }>();

  /** Stores a trained version with its held-back scores (kept in the model's meta too). */
  async function store(model: Model, version: number, state: 'active' | 'rejected', corrections: number, actorId: string | null) {
    const scores = model.meta.metrics;
    if (!scores) throw new Error('a model is stored with its scores');
    const bytes = encodeModel(model);
    await db.transaction(async (tx) => {
      if (state === 'active') await tx.update(classifierModel).set({ status: 'retired' }).where(eq(classifierModel.status, 'active'));
      await tx.insert(classifierModel).values({
        version,
        status: state,
        bytes,
        examples: model.meta.examples,
        corrections,
        accuracy: scores.accuracy,
        top3: scores.top3,
        emergencyRecall: scores.emergencyRecall,
        trainedBy: actorId,
      });
    });
    if (state === 'active') cache(version, createHash('md5').update(bytes).digest('hex'), bytes);
  }

  /**
   * A copy of the active model's bytes beside the data, named by version and checksum (so a data
   * directory pointed at another database never serves the wrong one): PGlite takes ~0.3–0.7 s
   * to hand over a few MB of bytea, a file a few milliseconds.
   */
  const cacheFile = (version: number, md5: string) => (deps.cacheDir ? join(deps.cacheDir, `model-v${version}-${md5}.rmc`) : null);

  function cache(version: number, md5: string, bytes: Buffer) {
    const file = cacheFile(version, md5);
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, bytes);
      renameSync(`${file}.tmp`, file);
    } catch (error) {
      log.warn({ err: error }, 'could not cache the classifier model');
    }
  }

  async function activeBytes(version: number, md5: string): Promise<Buffer> {
    const file = cacheFile(version, md5);
    if (file) {
      try {
        return readFileSync(file);
      } catch {
        // not cached yet
      }
    }
    const [row] = await db.select({ bytes: classifierModel.bytes }).from(classifierModel).where(eq(classifierModel.version, version));
    cache(version, md5, row.bytes);
    return row.bytes;
  }

  async function loadActive(): Promise<boolean> {
    const [row] = await db
      .select({ version: classifierModel.version, md5: sql<string>`md5(${classifierModel.bytes})` })
      .from(classifierModel)
      .where(eq(classifierModel.status, 'active'))
      .limit(1);
    if (!row) return false;
    if (row.version !== activeVersion) {
      const started = performance.now();
      active = decodeModel(await activeBytes(row.version, row.md5));
      activeVersion = row.version;
      log.info({ version: row.version, ms: Math.round(performance.now() - started) }, 'classifier model loaded');
    }
    return true;
  }

  async function nextVersion(): Promise<number> {
    const [row] = await db.select({ version: max(classifierModel.version) }).from(classifierModel);
    return (row?.version ?? 0) + 1;
  }

  function setStatus(next: TrainingStatus) {
    status = next;
    events.emit('training', next);
  }

  async function saveStatus(next: TrainingStatus) {
    setStatus(next);
    await db
      .insert(appSetting)
      .values({ key: TRAINING_KEY, value: next })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: next, updatedAt: new Date() } });
  }

  /** Stops a training run at its next epoch (the server is shutting down). */
  const stopping = new AbortController();
  let starting: Promise<void> | null = null;

  /**
   * Loads the active model, or trains the first one from the corpus. `seed` is a model already
   * trained from the same corpus (the tests train it once for all their databases).
   */
  async function ready(seed?: Buffer) {
      if (await loadActive()) return;
      const started = performance.now();
      const model = seed ? decodeModel(seed) : await trainFromCorpus({ signal: stopping.signal });
      model.version = 'v1';
      // A seed made elsewhere may come without its scores.
      model.meta.metrics ??= metricsOf(evaluate(model, splitCorpus(loadCorpus()).test));
      try {
        await store(model, 1, 'active', 0, null);
      } catch (error) {
        // Another node stored the first model at the same moment: use that one.
        if (!(await loadActive())) throw error;
        return;
      }
      active = model;
      activeVersion = 1;
      log.info({ ms: Math.round(performance.now() - started), examples: model.meta.examples, accuracy: model.meta.metrics.accuracy }, seed ? 'first classifier model stored from the seed' : 'first classifier model trained from the corpus');
  }

  return {
    events,

    /**
     * Gets the model ready in the background: the server answers at once, and the first
     * predictions wait for it (on a brand-new database that means training, ~10 s, once).
     */
    start(seed?: Buffer): Promise<void> {
      starting ??= ready(seed).catch((error) => {
        if (!stopping.signal.aborted) log.error({ err: error }, 'the classifier could not be loaded or trained; complaints are filed unclassified');
      });
      return starting;
    },

    /** A stored version's bytes (for `train --out`). */
    async bytes(version: number): Promise<Buffer> {
      const [row] = await db.select({ bytes: classifierModel.bytes }).from(classifierModel).where(eq(classifierModel.version, version));
      if (!row) throw new AppError('not_found', `No model version ${version}.`);
      return row.bytes;
    },

    /** Ends a training run in progress (shutdown). */
    async stop() {
      stopping.abort();
      await starting;
    },

    get version() {
      return activeVersion;
    },

    /** The model's call, or null when no model could be loaded (filing goes on without one). */
    async predict(text: string): Promise<Prediction | null> {
      if (!active) await this.start();
      if (!active) return null;
      if (Date.now() - checkedAt > REFRESH_MS) {
        checkedAt = Date.now();
        void loadActive().catch((error) => log.warn({ err: error }, 'classifier refresh failed'));
      }
      return { ...predict(active, text), modelVersion: activeVersion };
    },

    async training(): Promise<TrainingStatus> {
      if (status.state === 'training') return status;
      const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, TRAINING_KEY));
      return (row?.value as TrainingStatus | undefined) ?? status;
    },

    /** Every version, newest first, as the API gives them; `activeOnly` for the one in use. */
    async models(options: { activeOnly?: boolean } = {}): Promise<ClassifierModelInfo[]> {
      const rows = await db
        .select({
          version: classifierModel.version,
          status: classifierModel.status,
          examples: classifierModel.examples,
          corrections: classifierModel.corrections,
          accuracy: classifierModel.accuracy,
          top3: classifierModel.top3,
          emergencyRecall: classifierModel.emergencyRecall,
          sizeBytes: sql<number>`octet_length(${classifierModel.bytes})`.mapWith(Number),
          createdAt: classifierModel.createdAt,
        })
        .from(classifierModel)
        .where(options.activeOnly ? eq(classifierModel.status, 'active') : undefined)
        .orderBy(desc(classifierModel.version));
      return rows.map((m) => ({ ...m, status: m.status as ClassifierModelInfo['status'], createdAt: m.createdAt.toISOString() }));
    },

    /**
     * Trains a new version from the corpus and every review, scores it and the active model on the
     * same held-back examples, and activates it only if it is not worse. Runs in the background;
     * progress goes to `events` (sockets) and the database (other nodes).
     */
    async retrain(actorId: string | null, options: { wait?: boolean } = {}): Promise<TrainingStatus> {
      const begun: TrainingStatus = { ...IDLE, state: 'training', startedAt: new Date().toISOString() };
      const claimed = await db.transaction(async (tx) => {
        // One run at a time across every node: the row is the lock.
        await tx.insert(appSetting).values({ key: TRAINING_KEY, value: IDLE }).onConflictDoNothing();
        const [row] = await tx.select({ value: appSetting.value, updatedAt: appSetting.updatedAt }).from(appSetting).where(eq(appSetting.key, TRAINING_KEY)).for('update');
        const current = row.value as TrainingStatus;
        if (current.state === 'training' && Date.now() - row.updatedAt.getTime() < STALE_TRAINING_MS) return false;
        await tx.update(appSetting).set({ value: begun, updatedAt: new Date() }).where(eq(appSetting.key, TRAINING_KEY));
        return true;
      });
      if (!claimed) throw new AppError('conflict', 'The classifier is already being retrained.');
      setStatus(begun);
      const run = runTraining(actorId, begun).catch(async (error) => {
        log.error({ err: error }, 'classifier training failed');
        await saveStatus({ ...begun, state: 'failed', finishedAt: new Date().toISOString(), error: 'Training failed. See the server log.' }).catch(() => undefined);
      });
      if (options.wait) await run;
      return options.wait ? status : begun;
    },

    /** The model predictions come from now (the command line scores it). */
    async model(): Promise<Model | null> {
      await this.start();
      return active;
    },
  };

  async function runTraining(actorId: string | null, begun: TrainingStatus) {
      const { train: examples, test, reviews } = await trainingSet(db);
      const version = await nextVersion();
      let lastSaved = 0;
      const model = await train(examples as Example[], `v${version}`, {
        lexicon: loadLexicon(),
        onProgress: (done) => {
          const progress = Math.round(done * 90) / 100;
          setStatus({ ...begun, progress });
          // Other nodes read progress from the database; a few writes per run are enough.
          if (progress - lastSaved >= 0.2) {
            lastSaved = progress;
            void db.update(appSetting).set({ value: { ...begun, progress }, updatedAt: new Date() }).where(eq(appSetting.key, TRAINING_KEY)).catch(() => undefined);
          }
        },
      });
      model.meta.corrections = reviews;
      const scores = evaluate(model, test);
      model.meta.metrics = metricsOf(scores);
      await loadActive();
      const previous = active ? evaluate(active, test) : null;
      const accepted = !previous || notWorse(scores, previous);
      await store(model, version, accepted ? 'active' : 'rejected', reviews, actorId);
      if (accepted) {
        active = model;
        activeVersion = version;
      }
      log.info({ version, accepted, accuracy: scores.accuracy, previous: previous?.accuracy, examples: examples.length, reviews }, 'classifier retrained');
      await saveStatus({
        ...begun,
        state: 'done',
        progress: 1,
        finishedAt: new Date().toISOString(),
        result: {
          version,
          accepted,
          accuracy: scores.accuracy,
          previousAccuracy: previous?.accuracy ?? null,
          emergencyRecall: scores.emergency.recall,
          previousEmergencyRecall: previous?.emergency.recall ?? null,
          examples: examples.length,
          corrections: reviews,
        },
      });
  }
}

