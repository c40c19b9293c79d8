import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth, type SessionEnd } from './auth/auth';
import { ensureAccount } from './auth/bootstrap';
import { authRoutes } from './auth/routes';
import { createGuards } from './auth/session';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { isQueryCanceled } from './db/heavy-reads';
import { limitHeavyReads } from './lib/heavy-read-routes';
import { AppError } from './lib/errors';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountRoutes } from './modules/account/account.routes';
import { createComplaintNotifier } from './modules/complaints/complaint-notifier';
import { createMessages, type Messages } from './lib/messages';
import { createComplaintChanges } from './modules/complaints/complaint-changes';
import { complaintRoutes } from './modules/complaints/complaints.routes';
import { createComplaintsService } from './modules/complaints/complaints.service';
import { legacyRoutes } from './modules/complaints/legacy.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { assignmentRoutes } from './modules/assignment/assignment.routes';
import { classificationRoutes } from './modules/classification/classification.routes';
import { createClassificationService } from './modules/classification/classification.service';
import { createClassifier } from './modules/classification/classifier';
import { createLlmClassifier } from './providers/llm';
import { createLlmTranslator } from './providers/translate';
import { createAssignmentService } from './modules/assignment/assignment.service';
import type { ModuleDeps } from './modules/deps';
import { solutionsRoutes } from './modules/solutions/solutions.routes';
import { staffRoutes } from './modules/staff/staff.routes';
import { createAccountService } from './modules/account/account.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { createMessenger } from './modules/outbox/outbox.service';
import { createMetrics } from './modules/system/metrics';
import { createReadiness, createRedisProbe } from './modules/system/readiness';
import { systemRoutes } from './modules/system/system.routes';
import { assistantRoutes } from './modules/assistant/assistant.routes';
import { createAssistantService } from './modules/assistant/assistant.service';
import { channelRoutes } from './modules/assistant/channels.routes';
import { createLlmAssistant } from './modules/assistant/llm';
import { supportRoutes } from './modules/support/support.routes';
import { speechRoutes } from './modules/speech/speech.routes';
import { translationRoutes } from './modules/translation/translation.routes';
import { createSpeechProvider } from './providers/speech';
import { createSupportService } from './modules/support/support.service';
import { createSmtpMailProvider, type MailProvider } from './providers/mail';
import { type RetryPolicy, SMS_RETRY } from './providers/retry';
import { createHttpSmsProvider, type SmsProvider } from './providers/sms';
import { createDiskStorage, createS3Storage, type StorageProvider } from './providers/storage';
import { createUploads, type Uploads } from './modules/files/uploads';
import { ensureFigures } from './modules/complaints/complaint-figures';
import { attachRealtime } from './realtime';
import { addSecurityHeaders, guardOrigin, inlineScriptHashes } from './security';
import { serveWeb } from './web';
import { guardInput } from './lib/input-guard';

/** How often each node sweeps live support; offers lapse within this much of their 30 s. */
const SUPPORT_SWEEP_MS = 5_000;
/** How often each node removes uploads a crash left unrecorded. */
const UPLOAD_SWEEP_MS = 60 * 60 * 1000;

export type AppOptions = {
  config: Config;
  /** An already open database (tests share a migrated template); opened from config otherwise. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  providers?: { mail?: MailProvider; sms?: SmsProvider };
  /** A classifier model already trained from the corpus, stored as the first version of a new database (tests train it once). */
  classifierSeed?: Buffer;
  /** The outbox's retries and back-off (the original prototype's by default; tests shorten the waits). */
  outboxRetry?: RetryPolicy;
};

export type RouteRecord = { method: string; url: string; access: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteRecord[];
  }
}

/** Builds the whole server (API, auth, sockets, web) without listening; main.ts and tests call it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, access: (route.config as { access?: unknown } | undefined)?.access });
    }
  });

  const database = options.database ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, heavyReads: config.heavyReads }));
  if (!options.database) app.addHook('onClose', () => database.close());

  const mail = options.providers?.mail ?? (config.smtpUrl ? createSmtpMailProvider(config.smtpUrl, config.mailFrom) : undefined);
  // One try per call: the outbox spaces the retries out (and keeps them across restarts) instead of the gateway client.
  const sms = options.providers?.sms ?? (config.sms ? createHttpSmsProvider({ ...config.sms, retry: { ...SMS_RETRY, retries: 0 } }) : undefined);
  const messenger = createMessenger({ db: database.db, log: app.log, mail, sms, retry: options.outboxRetry, exactCountMax: config.exactCountMax });
  app.addHook('onReady', async () => messenger.start());
  app.addHook('preClose', () => messenger.stop());
  const notifications = createNotificationsService(database.db);
  // A bucket when several nodes serve the app (each has its own DATA_DIR); the local disk otherwise.
  const storage = config.s3 ? createS3Storage(config.s3) : createDiskStorage(`${config.dataDir}/files`);
  const uploads = createUploads({ db: database.db, storage, log: app.log });
  let uploadSweeper: NodeJS.Timeout | undefined;
  const sweepUploads = () =>
    void uploads
      .sweep()
      .then((removed) => removed && app.log.info({ removed }, 'removed unrecorded uploads'))
      .catch((err) => app.log.error({ err }, 'upload sweep failed'));
  app.addHook('onReady', async () => {
    sweepUploads();
    uploadSweeper = setInterval(sweepUploads, UPLOAD_SWEEP_MS);
    uploadSweeper.unref();
  });
  app.addHook('preClose', async () => clearInterval(uploadSweeper));
  const accounts = createAccountService({ db: database.db, storage, uploads, maySeeSupportPhoto: (fileId, viewerId) => support.maySeePhoto(fileId, viewerId) });
  const messages = createMessages();
  // Sockets of a session that ended (signed out, revoked, its person deactivated) are closed at once.
  const sessionsEnded = new EventEmitter<{ ended: [SessionEnd] }>();
  const auth = createAuth({ config, db: database.db, messenger, messages, notifications, accounts, onSessionEnded: (end) => sessionsEnded.emit('ended', end) });
  const guards = createGuards(auth);
  const notifier = createComplaintNotifier({ db: database.db, notifications, messenger, messages, publicUrl: config.publicUrl });
  // Every complaint change, its timeline and its notices go through this one owner.
  const changes = createComplaintChanges({ db: database.db, notifier, dueHours: config.dueHours, log: app.log });
  // Complaints never counted into the dashboards' figures (an upgrade, a bulk load) are counted before the node serves.
  app.addHook('onReady', async () => {
    if (await ensureFigures(database.db)) app.log.info('counted the complaints into the dashboard figures');
  });
  const assignment = createAssignmentService({ db: database.db, changes });
  const classifier = createClassifier({ db: database.db, log: app.log, cacheDir: join(config.dataDir, 'classifier') });
  const classifierSeed = options.classifierSeed ?? (config.classifierSeedFile ? readFileSync(config.classifierSeedFile) : undefined);
  // Once everything else has started: a first training must not slow the start down.
  app.addHook('onReady', async () => {
    void classifier.start(classifierSeed);
  });
  // A first training still running stops before the database closes.
  app.addHook('preClose', () => classifier.stop());
  // Live support: lapsed offers, agents gone Away, idle and abandoned chats, and the queue's
  // next offers, on every node (each step is safe to run on several nodes at once).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweeper = setInterval(() => void support.sweep().catch((err) => app.log.error({ err }, 'support sweep failed')), SUPPORT_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('preClose', async () => clearInterval(sweeper));
  const classifications = createClassificationService({
    db: database.db,
    classifier,
    threshold: config.reviewThreshold,
    llm: config.llm ? createLlmClassifier(config.llm) : undefined,
    log: app.log,
    changes,
    exactCountMax: config.exactCountMax,
  });
  const support = createSupportService({
    db: database.db,
    uploads,
    notifier,
    predict: (text) => classifier.predict(text),
    log: app.log,
    exactCountMax: config.exactCountMax,
  });
  const complaints = createComplaintsService({
    db: database.db,
    uploads,
    changes,
    classifier: { predict: (text) => classifier.predict(text), record: classifications.record, afterFiling: classifications.afterFiling },
    autoAssign: assignment.assignWithin,
    exactCountMax: config.exactCountMax,
  });

  app.decorateRequest('sessionUser', null);
  app.decorateRequest('user', null as never);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A staff read stopped by its timeout (or waiting too long for its turn) is the server being slow, not broken.
    if (isQueryCanceled(error)) {
      return reply.code(503).header('retry-after', '30').send({ code: 'report_too_slow', message: 'This report is taking too long; try a shorter period or fewer filters.' });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ code: error.code, message: error.message, fields: error.fields });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[path] ??= issue.message ?? 'invalid';
      }
      const first = Object.entries(fields)[0];
      return reply.code(400).send({ code: 'validation_failed', message: first ? `${first[0]}: ${first[1]}` : 'Invalid input.', fields });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ code: 'payload_too_large', message: 'The upload is too large.' });
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.code(415).send({ code: 'unsupported_media_type', message: 'Unsupported content type.' });
    }
    if (status >= 400 && status < 500) {
      const code = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 429: 'rate_limited' }[status] ?? 'validation_failed';
      return reply.code(status).send({ code, message: error.message });
    }
    // The client went away before its answer (a staff member left a screen; a heavy read is then stopped on purpose,
    // lib/heavy-read-routes.ts): nobody is waiting, and nothing is broken. 499, as proxies log it.
    if (request.raw.destroyed) {
      request.log.info({ reason: error.message }, 'the client went away before its answer');
      return reply.code(499).send();
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'internal', message: 'Something went wrong. Please try again.' });
  });

  // Before any route, so every one is counted and timed.
  const metrics = createMetrics({ db: database.db, log: app.log, pool: database.pool });
  app.addHook('onResponse', metrics.observe);
  app.addHook('onRequestAbort', metrics.abandoned);
  const readiness = createReadiness({ db: database.db, storage, redis: config.redisUrl ? createRedisProbe(config.redisUrl) : undefined, log: app.log });
  app.addHook('onClose', readiness.close);

  guardOrigin(app, config.trustedOrigins, config.publicUrl);
  limitHeavyReads(app, database.heavyReads);
  guardInput(app);
  const indexHtml = join(config.webDist, 'index.html');
  addSecurityHeaders(app, config.publicUrl.startsWith('https://'), existsSync(indexHtml) ? inlineScriptHashes(readFileSync(indexHtml, 'utf8')) : []);
  // API answers compressed on the fly (light brotli: cheap on the CPU, small on 2G); the web
  // app's files are compressed once at build time and served as they are.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Rail Madad API', version: '0.1.0', description: 'Complaints, accounts and support for Indian Railways passengers and staff.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'railmadad.session_token' } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(authRoutes(auth));
  await app.register(systemRoutes({ config, database, guards, complaints, readiness, metrics }));
  await app.register(accountRoutes({ accounts, guards, auth }));
  await app.register(notificationRoutes({ notifications, guards }));
  await app.register(outboxRoutes({ messenger, guards }));
  await app.register(complaintRoutes({ complaints, guards, db: database.db, rateLimit: config.rateLimit }));
  await app.register(legacyRoutes({ complaints, messenger, guards, db: database.db }));
  await app.register(feedbackRoutes({ feedback: createFeedbackService({ db: database.db, exactCountMax: config.exactCountMax }), guards }));
  const moduleDeps: ModuleDeps = { config, db: database.db, auth, guards, messenger, messages, notifications, notifier, complaints, changes, storage, assignment };
  await app.register(assignmentRoutes({ assignment, guards }));
  await app.register(
    staffRoutes(moduleDeps, {
      // A deactivated or absent person's open complaints go straight to someone else.
      reassign: assignment.assignWithin,
      onDeactivated: (userId) => sessionsEnded.emit('ended', { userId }),
    }),
  );
  await app.register(solutionsRoutes(moduleDeps));
  await app.register(analyticsRoutes(moduleDeps));
  await app.register(classificationRoutes({ classifier, classifications, guards }));
  await app.register(supportRoutes({ support, guards, db: database.db, ice: config.ice, rateLimit: config.rateLimit }));
  const assistant = createAssistantService({
    db: database.db,
    config,
    complaints,
    support,
    predict: (text) => classifier.predict(text),
    llm: config.llm ? createLlmAssistant(config.llm, config.llmTimeoutMs) : undefined,
    messenger,
    auth,
    log: app.log,
  });
  await app.register(assistantRoutes({ assistant, guards }));
  await app.register(channelRoutes({ assistant, secret: config.smsInboundSecret }));
  await app.register(speechRoutes({ speech: config.speech ? createSpeechProvider(config.speech) : undefined, guards, db: database.db, rateLimit: config.rateLimit }));
  const translator = config.llm ? createLlmTranslator(config.llm, config.llmTimeoutMs) : undefined;
  await app.register(translationRoutes({ translator, guards, db: database.db, rateLimit: config.rateLimit, log: app.log }));

  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await serveWeb(app, config.webDist);
  const io = await attachRealtime(app, { auth, notifications, complaintChanges: changes.events, classifierEvents: classifier.events, support, redisUrl: config.redisUrl, rateLimit: config.rateLimit, trustedOrigins: config.trustedOrigins, sessionsEnded });
  metrics.countSockets(() => io.of('/').sockets.size);

  if (config.admin) {
    const admin = await ensureAccount(auth, database.db, { ...config.admin, role: 'admin', name: 'Administrator' });
    app.log.info({ email: config.admin.email, created: admin.created }, 'admin account ready');
  }

  app.decorate('services', { auth, database, messenger, messages, notifications, accounts, complaints, changes, assignment, classifier, support, assistant, readiness, storage, uploads });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      auth: ReturnType<typeof createAuth>;
      database: Database;
      messenger: ReturnType<typeof createMessenger>;
      messages: Messages;
      notifications: ReturnType<typeof createNotificationsService>;
      accounts: ReturnType<typeof createAccountService>;
      complaints: ReturnType<typeof createComplaintsService>;
      changes: ReturnType<typeof createComplaintChanges>;
      assignment: ReturnType<typeof createAssignmentService>;
      classifier: ReturnType<typeof createClassifier>;
      support: ReturnType<typeof createSupportService>;
      assistant: ReturnType<typeof createAssistantService>;
      readiness: ReturnType<typeof createReadiness>;
      storage: StorageProvider;
      uploads: Uploads;
    };
  }
}
