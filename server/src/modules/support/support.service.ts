import { EventEmitter } from 'node:events';
import {
  AGENT_AWAY_AFTER_SECONDS,
  AGENT_CAPACITY_DEFAULT,
  type AgentState,
  COMPLAINT_PHOTO_MAX_SIDE,
  COMPLAINT_PHOTO_QUALITY,
  type ComplaintType,
  DESCRIPTION_MAX,
  isLanguage,
  isStaffRole,
  type Language,
  type Role,
  SUPPORT_ABANDON_SECONDS,
  SUPPORT_IDLE_CLOSE_SECONDS,
  SUPPORT_IDLE_REMIND_SECONDS,
  SUPPORT_OFFER_SECONDS,
  type SendSupportMessage,
  type StartSupport,
  type SupportAgent,
  type SupportComplaintDraft,
  type SupportContext,
  type SupportEndReason,
  type SupportMessage,
  type SupportOverview,
  type SupportSession,
  type SupportSessionDetail,
  type SupportSessionList,
  SUPPORT_LIVE_MAX,
  type SUPPORT_SCOPES,
} from '@railmadad/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { complaint, file, staffProfile, supportAgent, supportMessage, supportSession, user, userSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { boundedCount, EXACT_COUNT_MAX, keyColumn, keysetPage, type SortKey } from '../../lib/keyset';
import { reencodeImage } from '../../lib/images';
import type { Uploads } from '../files/uploads';
import type { ComplaintNotifier } from '../complaints/complaint-notifier';
import { type AgentSlot, estimateWait, findTrainAndPnr, type PastWait, planOffers } from './queue';

export type SupportActor = { id: string; role: Role; name?: string };
type SupportScope = (typeof SUPPORT_SCOPES)[number];
type SessionRow = typeof supportSession.$inferSelect;
type MessageRow = typeof supportMessage.$inferSelect;

/** What the service tells the sockets; realtime.ts delivers it to the right rooms on every node. */
export type SupportEvents = {
  /** A session changed: each side gets its own view of it. */
  session: [{ passengerId: string; agentId: string | null; passengerView: SupportSession; agentView: SupportSession }];
  message: [{ passengerId: string; agentId: string | null; message: SupportMessage }];
  offer: [{ agentId: string; session: SupportSession }];
  /** Anything staff consoles show changed. */
  changed: [];
};

const EMERGENCY_TOPICS = new Set(['medical', 'security']);
const RECENT_WAITS = 20;
const NAME_CACHE_MS = 60_000;
const NAME_CACHE_MAX = 10_000;
const NOT_FOUND = 'Support session not found.';

/** Staff history: newest ended first, the id breaking ties; `support_session_history_idx` (all) and `support_session_agent_idx` (one agent's) serve it. */
const HISTORY_KEYS: SortKey[] = [
  { expr: sql`${supportSession.endedAt}`, dir: 'desc', kind: 'time' },
  { expr: sql`${supportSession.id}`, dir: 'desc', kind: 'text' },
];
/** A passenger's own chats: newest started first, the id breaking ties; `support_session_passenger_idx` serves it. */
const PASSENGER_KEYS: SortKey[] = [
  { expr: sql`${supportSession.createdAt}`, dir: 'desc', kind: 'time' },
  { expr: sql`${supportSession.id}`, dir: 'desc', kind: 'text' },
];

type SystemEvent = NonNullable<SupportMessage['event']>['kind'];
/** The English of each system message, kept in the transcript; screens show their own translation. */
const SYSTEM_TEXT: Record<SystemEvent, (p: Record<string, string>) => string> = {
  joined: (p) => `${p.name} has joined the chat.`,
  transferred: (p) => `The chat was handed to ${p.name}.`,
  requeued: () => 'The chat went back to the queue; the next free agent will continue it.',
  left_message: () => 'The passenger left a message. An agent will reply here, in the notifications and by SMS.',
  reminder: () => 'Are you still there? This chat will close in 3 minutes if there is no reply.',
  ended_passenger: () => 'The passenger ended the chat.',
  ended_agent: () => 'The agent ended the chat.',
  ended_idle: () => 'The chat closed because there was no reply.',
  ended_abandoned: () => 'The chat closed because both sides had left.',
};

export type SupportService = ReturnType<typeof createSupportService>;

export function createSupportService(deps: {
  db: Db;
  uploads: Uploads;
  notifier: ComplaintNotifier;
  /** The complaint classifier: emergencies in the first message jump the queue; drafts get a type. */
  predict: (text: string) => Promise<{ category: ComplaintType; emergency: boolean } | null>;
  log: { error: (o: object, m: string) => void };
  /** Rows a paged list counts exactly before it settles for an estimate (server/src/lib/keyset.ts). */
  exactCountMax?: number;
}) {
  const { db, uploads } = deps;
  const events = new EventEmitter<SupportEvents>();

  // ---- Views ----

  // Names change rarely and every message and session view needs them: a short-lived cache
  // saves a query per message (a renamed person shows the new name within a minute).
  const nameCache = new Map<string, { name: string; at: number }>();
  async function names(ids: (string | null)[]): Promise<Map<string, string>> {
    const now = Date.now();
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(ids.filter((x): x is string => !!x))) {
      const hit = nameCache.get(id);
      if (hit && now - hit.at < NAME_CACHE_MS) out.set(id, hit.name);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, missing));
    if (nameCache.size > NAME_CACHE_MAX) nameCache.clear();
    for (const r of rows) {
      nameCache.set(r.id, { name: r.name, at: now });
      out.set(r.id, r.name);
    }
    return out;
  }

  async function complaintReferences(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return new Map();
    const rows = await db.select({ id: complaint.id, reference: complaint.reference }).from(complaint).where(inArray(complaint.id, wanted));
    return new Map(rows.map((r) => [r.id, r.reference]));
  }

  /** The live waiting sessions in queue order, with the figures a place and an estimate need. */
  async function queueState() {
    const [waiting, recent, available] = await Promise.all([
      db
        .select({ id: supportSession.id })
        .from(supportSession)
        .where(and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, false)))
        .orderBy(desc(supportSession.emergency), asc(supportSession.queuedAt), asc(supportSession.id)),
      recentWaits(),
      availableAgentCount(),
    ]);
    const positions = new Map(waiting.map((w, i) => [w.id, i + 1]));
    return { positions, recent, available };
  }
  type QueueState = Awaited<ReturnType<typeof queueState>>;
  const NO_QUEUE: QueueState = { positions: new Map(), recent: [], available: 0 };
  /** For answers about sessions that are not waiting: no places, but the true count of agents free. */
  const availableOnly = async (): Promise<QueueState> => ({ ...NO_QUEUE, available: await availableAgentCount() });

  async function recentWaits(): Promise<PastWait[]> {
    const rows = await db
      .select({
        waitSeconds: sql<number>`extract(epoch from (${supportSession.acceptedAt} - ${supportSession.queuedAt}))::float8`,
        joinPosition: supportSession.joinPosition,
      })
      .from(supportSession)
      .where(and(isNotNull(supportSession.acceptedAt), sql`${supportSession.acceptedAt} > now() - interval '1 day'`, eq(supportSession.leftMessage, false)))
      .orderBy(desc(supportSession.acceptedAt))
      .limit(RECENT_WAITS);
    return rows.map((r) => ({ waitSeconds: Number(r.waitSeconds), joinPosition: r.joinPosition }));
  }

  /** Who counts as an agent: staff and admins who are not banned and not marked inactive or on leave. */
  const isAgent = and(
    inArray(user.role, ['staff', 'admin']),
    sql`coalesce(${user.banned}, false) = false`,
    sql`coalesce(${staffProfile.status}, 'active') = 'active'`,
  ) as SQL;

  const loadOf = sql<number>`(select count(*)::int from ${supportSession} s where (s.agent_id = ${user.id} and s.status = 'active') or (s.offered_to = ${user.id} and s.status = 'waiting'))`;

  /** Agents set Available who still have room for another chat. */
  async function availableAgentCount(): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(supportAgent)
      .innerJoin(user, eq(user.id, supportAgent.userId))
      .leftJoin(staffProfile, eq(staffProfile.userId, user.id))
      .where(and(eq(supportAgent.status, 'available'), isAgent, sql`${loadOf} < ${supportAgent.capacity}`));
    return Number(row?.n ?? 0);
  }

  function toView(row: SessionRow, viewer: 'passenger' | 'staff', ctx: { names: Map<string, string>; references: Map<string, string>; queue: QueueState }): SupportSession {
    const live = row.status === 'waiting' && !row.leftMessage;
    const position = live ? (ctx.queue.positions.get(row.id) ?? null) : null;
    return {
      id: row.id,
      status: row.status,
      type: row.type,
      topic: (row.topic as ComplaintType | null) ?? null,
      complaintReference: row.complaintId ? (ctx.references.get(row.complaintId) ?? null) : null,
      language: isLanguage(row.language) ? row.language : 'en',
      emergency: row.emergency,
      leftMessage: row.leftMessage,
      queuePosition: position,
      estimatedWaitSeconds: position === null ? null : estimateWait(position, ctx.queue.recent),
      availableAgents: ctx.queue.available,
      passenger: { id: row.passengerId, name: ctx.names.get(row.passengerId) ?? '' },
      agent: row.agentId ? { id: row.agentId, name: ctx.names.get(row.agentId) ?? '' } : null,
      requestedAgentId: row.requestedAgentId,
      offer: viewer === 'staff' && row.offeredTo && row.offerExpiresAt ? { agentId: row.offeredTo, expiresAt: row.offerExpiresAt.toISOString() } : null,
      lastSeq: row.lastSeq,
      delivered: { passenger: row.passengerDeliveredSeq, agent: row.agentDeliveredSeq },
      read: { passenger: row.passengerReadSeq, agent: row.agentReadSeq },
      rating: row.rating,
      ratingComment: row.ratingComment,
      endReason: (row.endReason as SupportEndReason | null) ?? null,
      createdAt: row.createdAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  }

  /** The figures a view needs, fetched once for any number of rows and both kinds of viewer. */
  async function viewContext(rows: SessionRow[], queue?: QueueState) {
    // Places and estimates matter only while a session waits; an active chat's update costs no queue queries.
    const waiting = rows.some((r) => r.status === 'waiting');
    const [n, references, q] = await Promise.all([
      names(rows.flatMap((r) => [r.passengerId, r.agentId])),
      complaintReferences(rows.map((r) => r.complaintId)),
      queue ?? (waiting ? queueState() : Promise.resolve(NO_QUEUE)),
    ]);
    return { names: n, references, queue: q };
  }

  async function views(rows: SessionRow[], viewer: 'passenger' | 'staff', queue?: QueueState): Promise<SupportSession[]> {
    const ctx = await viewContext(rows, queue ?? (rows.some((r) => r.status === 'waiting') ? undefined : await availableOnly()));
    return rows.map((r) => toView(r, viewer, ctx));
  }

  async function toMessages(rows: MessageRow[]): Promise<SupportMessage[]> {
    const n = await names(rows.map((r) => r.senderId));
    return rows.map((r) => ({
      id: r.id,
      sessionId: r.sessionId,
      seq: r.seq,
      sender: r.sender,
      senderName: r.sender === 'system' || !r.senderId ? null : (n.get(r.senderId) ?? null),
      body: r.body,
      photoUrl: r.fileId ? `/api/files/${r.fileId}` : null,
      event: r.event ? { kind: r.event as SystemEvent, params: r.eventParams ?? {} } : null,
      internal: r.internal,
      clientId: r.clientId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  // ---- Telling the sockets ----

  async function publish(rows: SessionRow[], queue?: QueueState) {
    if (rows.length === 0) return;
    const ctx = await viewContext(rows, queue);
    for (const row of rows) {
      events.emit('session', { passengerId: row.passengerId, agentId: row.agentId, passengerView: toView(row, 'passenger', ctx), agentView: toView(row, 'staff', ctx) });
    }
  }

  /** Every waiting passenger hears their new place and estimate; staff consoles refetch. */
  async function publishQueue() {
    const waiting = await db.select().from(supportSession).where(eq(supportSession.status, 'waiting'));
    await publish(waiting);
    events.emit('changed');
  }

  async function publishChanged(ids: string[]) {
    const rows = ids.length ? await db.select().from(supportSession).where(inArray(supportSession.id, ids)) : [];
    const others = await db
      .select()
      .from(supportSession)
      .where(and(eq(supportSession.status, 'waiting'), ids.length ? notInArray(supportSession.id, ids) : undefined));
    await publish([...rows, ...others]);
    events.emit('changed');
  }

  async function publishMessages(session: SessionRow, rows: MessageRow[], converted?: SupportMessage[]) {
    for (const message of converted ?? (await toMessages(rows))) {
      events.emit('message', { passengerId: session.passengerId, agentId: session.agentId, message });
    }
  }

  // ---- Access ----

  /** A passenger reaches their own sessions; staff the ones they hold, are offered, could take, or that are linked to a complaint; admins all. */
  function mayRead(actor: SupportActor, row: SessionRow): boolean {
    if (actor.role === 'admin') return true;
    if (actor.role === 'passenger') return row.passengerId === actor.id;
    // A transcript linked to a complaint is part of that complaint's record, which all staff see.
    return row.agentId === actor.id || row.offeredTo === actor.id || row.status === 'waiting' || row.complaintId !== null;
  }

  async function load(actor: SupportActor, id: string, tx: Db | Tx = db, lock = false): Promise<SessionRow> {
    const query = tx.select().from(supportSession).where(eq(supportSession.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || !mayRead(actor, row)) throw new AppError('not_found', NOT_FOUND);
    return row;
  }

  const sideOf = (actor: SupportActor, row: SessionRow): 'passenger' | 'agent' | null =>
    row.passengerId === actor.id ? 'passenger' : row.agentId === actor.id || (actor.role === 'admin' && row.agentId) ? 'agent' : null;

  // ---- Messages ----

  async function appendMessage(
    tx: Tx,
    row: SessionRow,
    message: {
      sender: 'passenger' | 'agent' | 'system';
      senderId: string | null;
      body: string;
      event?: SystemEvent;
      eventParams?: Record<string, string>;
      fileId?: string | null;
      internal?: boolean;
      clientId?: string | null;
    },
  ): Promise<{ message: MessageRow; session: SessionRow }> {
    const seq = row.lastSeq + 1;
    const [inserted] = await tx
      .insert(supportMessage)
      .values({
        id: newId(),
        sessionId: row.id,
        seq,
        senderId: message.senderId,
        sender: message.sender,
        body: message.body,
        event: message.event ?? null,
        eventParams: message.eventParams ?? null,
        fileId: message.fileId ?? null,
        internal: message.internal ?? false,
        clientId: message.clientId ?? null,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    const spoke =
      message.sender === 'passenger'
        ? { passengerSpokeAt: inserted.createdAt, remindedAt: null }
        : message.sender === 'agent' && !message.internal
          ? { agentSpokeAt: inserted.createdAt }
          : {};
    const [session] = await tx
      .update(supportSession)
      .set({ lastSeq: seq, ...spoke })
      .where(eq(supportSession.id, row.id))
      .returning();
    return { message: inserted, session };
  }

  async function systemMessage(tx: Tx, row: SessionRow, event: SystemEvent, params: Record<string, string> = {}) {
    return appendMessage(tx, row, { sender: 'system', senderId: null, body: SYSTEM_TEXT[event](params), event, eventParams: params });
  }

  async function send(
    actor: SupportActor,
    sessionId: string,
    input: SendSupportMessage & { fileId?: string },
    /** Runs in the message's transaction just before it is added (a photo's file row goes in with it). */
    withMessage?: (tx: Tx) => Promise<void>,
  ): Promise<{ message: SupportMessage; created: boolean }> {
    let raisedEmergency = false;
    const result = await db.transaction(async (tx) => {
      const row = await load(actor, sessionId, tx, true);
      const side = sideOf(actor, row);
      if (!side) throw new AppError('not_found', NOT_FOUND);
      if (input.internal && side !== 'agent') throw new AppError('forbidden', 'Only agents write internal notes.');
      if (row.status === 'ended') throw new AppError('conflict', 'This chat has ended.');
      if (side === 'agent' && row.status !== 'active') throw new AppError('conflict', 'Accept the chat before replying.');
      if (input.clientId) {
        const [existing] = await tx
          .select()
          .from(supportMessage)
          .where(and(eq(supportMessage.sessionId, row.id), eq(supportMessage.clientId, input.clientId)));
        if (existing) return { message: existing, session: row, created: false };
      }
      // The first words of a waiting passenger decide, like a first message at start, whether it is an emergency.
      if (side === 'passenger' && row.status === 'waiting' && !row.emergency && !row.leftMessage && row.lastSeq === 0 && input.body) {
        const prediction = await deps.predict(input.body).catch(() => null);
        if (prediction?.emergency) {
          const [raised] = await tx.update(supportSession).set({ emergency: true }).where(eq(supportSession.id, row.id)).returning();
          Object.assign(row, raised);
          raisedEmergency = true;
        }
      }
      await withMessage?.(tx);
      const appended = await appendMessage(tx, row, {
        sender: side,
        senderId: actor.id,
        body: input.body,
        fileId: input.fileId,
        internal: input.internal,
        clientId: input.clientId,
      });
      return { ...appended, created: true };
    });
    const [message] = await toMessages([result.message]);
    if (result.created) {
      await publishMessages(result.session, [result.message], [message]);
      if (raisedEmergency) {
        await publishChanged([result.session.id]);
        await redispatch();
      }
      // An answer to a message the passenger left reaches them wherever they are.
      if (result.session.leftMessage && message.sender === 'agent' && !message.internal) void tellPassengerOfReply(result.session);
    }
    return { message, created: result.created };
  }

  async function tellPassengerOfReply(row: SessionRow) {
    try {
      await deps.notifier.tell(
        row.passengerId,
        'support_reply',
        { sessionId: row.id },
        { key: 'supportReply', params: {} },
        { link: `/real-time-support?session=${row.id}` },
      );
    } catch (error) {
      deps.log.error({ err: error }, 'support reply notification failed');
    }
  }

  // ---- Dispatch: one at a time across every node ----

  async function dispatch(): Promise<void> {
    const offered = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('railmadad:support-dispatch'))`);
      const lapsed = await tx
        .update(supportSession)
        .set({ declinedBy: sql`array_append(${supportSession.declinedBy}, ${supportSession.offeredTo})`, offeredTo: null, offerExpiresAt: null })
        .where(and(eq(supportSession.status, 'waiting'), isNotNull(supportSession.offeredTo), lt(supportSession.offerExpiresAt, sql`now()`)))
        .returning({ id: supportSession.id });
      const agents = await tx
        .select({
          id: user.id,
          capacity: supportAgent.capacity,
          load: loadOf,
          languages: staffProfile.languages,
          expertise: staffProfile.expertise,
          lastAssignedAt: supportAgent.lastAssignedAt,
        })
        .from(supportAgent)
        .innerJoin(user, eq(user.id, supportAgent.userId))
        .leftJoin(staffProfile, eq(staffProfile.userId, user.id))
        .where(and(eq(supportAgent.status, 'available'), isAgent));
      const slots: AgentSlot[] = agents.map((a) => ({ ...a, load: Number(a.load), languages: a.languages ?? [], expertise: a.expertise ?? [] }));
      const waiting = await tx
        .select()
        .from(supportSession)
        .where(and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, false), isNull(supportSession.offeredTo)));
      const offers = planOffers(waiting, slots);
      for (const offer of offers) {
        await tx
          .update(supportSession)
          .set({ offeredTo: offer.agentId, offerExpiresAt: sql`now() + make_interval(secs => ${SUPPORT_OFFER_SECONDS})` })
          .where(eq(supportSession.id, offer.sessionId));
        await tx.update(supportAgent).set({ lastAssignedAt: new Date() }).where(eq(supportAgent.userId, offer.agentId));
      }
      return { offers, lapsed: lapsed.map((l) => l.id) };
    });
    if (offered.offers.length === 0 && offered.lapsed.length === 0) return;
    const rows = await db
      .select()
      .from(supportSession)
      .where(inArray(supportSession.id, [...offered.offers.map((o) => o.sessionId), ...offered.lapsed]));
    const staffViews = await views(rows, 'staff');
    for (const view of staffViews) {
      if (view.offer) events.emit('offer', { agentId: view.offer.agentId, session: view });
    }
    await publishChanged([]);
  }

  /** Runs dispatch after a change; a failure is logged and the next sweep tries again. */
  const redispatch = () =>
    dispatch().catch((error) => {
      deps.log.error({ err: error }, 'support dispatch failed');
    });

  // ---- Agents ----

  async function agentRow(userId: string) {
    const [row] = await db.select().from(supportAgent).where(eq(supportAgent.userId, userId));
    return row ?? null;
  }

  async function listAgents(viewer: SupportActor): Promise<SupportAgent[]> {
    const rating = sql<number | null>`(select avg(s.rating)::float8 from ${supportSession} s where s.agent_id = ${user.id} and s.rating is not null)`;
    const ratings = sql<number>`(select count(s.rating)::int from ${supportSession} s where s.agent_id = ${user.id})`;
    const rows = await db
      .select({
        id: user.id,
        name: user.name,
        status: sql<'available' | 'busy' | 'away'>`coalesce(${supportAgent.status}, 'away')`,
        capacity: sql<number>`coalesce(${supportAgent.capacity}, ${AGENT_CAPACITY_DEFAULT})::int`,
        activeChats: loadOf,
        expertise: staffProfile.expertise,
        languages: staffProfile.languages,
        rating,
        ratings,
      })
      .from(user)
      .leftJoin(staffProfile, eq(staffProfile.userId, user.id))
      .leftJoin(supportAgent, eq(supportAgent.userId, user.id))
      .where(isAgent)
      .orderBy(sql`case coalesce(${supportAgent.status}, 'away') when 'available' then 0 when 'busy' then 1 else 2 end`, asc(user.name));
    const agents = rows.map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      capacity: Number(r.capacity),
      activeChats: Number(r.activeChats),
      expertise: (r.expertise ?? []) as ComplaintType[],
      languages: ((r.languages ?? []) as string[]).filter(isLanguage) as Language[],
      rating: r.rating === null ? null : Math.round(Number(r.rating) * 10) / 10,
      ratings: Number(r.ratings),
    }));
    // A passenger picks among agents who can take them now.
    return isStaffRole(viewer.role) ? agents : agents.filter((a) => a.status === 'available' && a.activeChats < a.capacity);
  }

  // ---- Sweeping: offers that lapsed, agents gone, idle and abandoned chats ----

  async function endSession(tx: Tx, row: SessionRow, reason: SupportEndReason) {
    const { session, message } = await systemMessage(tx, row, `ended_${reason}`);
    const [ended] = await tx
      .update(supportSession)
      .set({ status: 'ended', endedAt: new Date(), endReason: reason, offeredTo: null, offerExpiresAt: null })
      .where(eq(supportSession.id, session.id))
      .returning();
    return { session: ended, message };
  }

  async function sweep(): Promise<void> {
    const away = await db
      .update(supportAgent)
      .set({ status: 'away' })
      .where(and(ne(supportAgent.status, 'away'), lt(supportAgent.lastSeenAt, sql`now() - make_interval(secs => ${AGENT_AWAY_AFTER_SECONDS})`)))
      .returning({ id: supportAgent.userId });
    if (away.length) events.emit('changed');

    // Silent passengers: the agent spoke last, long enough ago.
    const agentSpokeLast = and(
      eq(supportSession.status, 'active'),
      eq(supportSession.leftMessage, false),
      isNotNull(supportSession.agentSpokeAt),
      or(isNull(supportSession.passengerSpokeAt), sql`${supportSession.agentSpokeAt} > ${supportSession.passengerSpokeAt}`),
    );
    const toRemind = await db
      .select({ id: supportSession.id })
      .from(supportSession)
      .where(and(agentSpokeLast, isNull(supportSession.remindedAt), lt(supportSession.agentSpokeAt, sql`now() - make_interval(secs => ${SUPPORT_IDLE_REMIND_SECONDS})`)));
    const toClose = await db
      .select({ id: supportSession.id })
      .from(supportSession)
      .where(and(agentSpokeLast, lt(supportSession.agentSpokeAt, sql`now() - make_interval(secs => ${SUPPORT_IDLE_CLOSE_SECONDS})`)));
    const goneSince = sql`now() - make_interval(secs => ${SUPPORT_ABANDON_SECONDS})`;
    const abandoned = await db
      .select({ id: supportSession.id })
      .from(supportSession)
      .where(
        and(
          inArray(supportSession.status, ['waiting', 'active']),
          eq(supportSession.leftMessage, false),
          lt(supportSession.passengerSeenAt, goneSince),
          or(isNull(supportSession.agentSeenAt), lt(supportSession.agentSeenAt, goneSince)),
        ),
      );

    const touched: string[] = [];
    const closing = new Map<string, SupportEndReason>([...toClose.map((r) => [r.id, 'idle'] as const), ...abandoned.map((r) => [r.id, 'abandoned'] as const)]);
    for (const { id } of toRemind) {
      if (closing.has(id)) continue;
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(supportSession).where(and(eq(supportSession.id, id), isNull(supportSession.remindedAt))).for('update');
        if (row?.status !== 'active') return null;
        const appended = await systemMessage(tx, row, 'reminder');
        const [session] = await tx.update(supportSession).set({ remindedAt: new Date() }).where(eq(supportSession.id, id)).returning();
        return { session, message: appended.message };
      });
      if (done) {
        await publishMessages(done.session, [done.message]);
        touched.push(id);
      }
    }
    for (const [id, reason] of closing) {
      const done = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(supportSession).where(eq(supportSession.id, id)).for('update');
        if (!row || row.status === 'ended') return null;
        return endSession(tx, row, reason);
      });
      if (done) {
        await publishMessages(done.session, [done.message]);
        touched.push(id);
      }
    }
    if (touched.length) await publishChanged(touched);
    await dispatch();
  }

  /** Every node tells, every 30 s (and on connect), who has a socket open to it. */
  async function markSeen(userIds: string[]) {
    if (userIds.length === 0) return;
    const now = new Date();
    await db.update(supportAgent).set({ lastSeenAt: now }).where(inArray(supportAgent.userId, userIds));
    await db
      .update(supportSession)
      .set({ passengerSeenAt: now })
      .where(and(inArray(supportSession.passengerId, userIds), ne(supportSession.status, 'ended')));
    await db
      .update(supportSession)
      .set({ agentSeenAt: now })
      .where(and(inArray(supportSession.agentId, userIds), eq(supportSession.status, 'active')));
  }

  // ---- The API ----

  return {
    events,
    dispatch,
    sweep,
    markSeen,

    async start(actor: SupportActor, input: StartSupport & { type: 'chat' | 'voice' | 'video' }): Promise<SupportSession> {
      if (actor.role !== 'passenger') throw new AppError('forbidden', 'Agents answer chats; only passengers start them.');
      let complaintId: string | null = null;
      let topic = input.topic ?? null;
      if (input.complaintReference) {
        const [own] = await db
          .select({ id: complaint.id, type: complaint.type })
          .from(complaint)
          .where(and(eq(complaint.reference, input.complaintReference.toUpperCase()), eq(complaint.passengerId, actor.id)));
        if (!own) throw new AppError('not_found', 'No complaints found matching your search.', { complaintReference: 'not_found' });
        complaintId = own.id;
        topic ??= own.type as ComplaintType;
      }
      if (input.agentId) {
        const agents = await listAgents({ id: actor.id, role: 'staff' });
        if (!agents.some((a) => a.id === input.agentId)) throw new AppError('validation_failed', 'agentId: no such agent', { agentId: 'not_found' });
      }
      const prediction = input.message ? await deps.predict(input.message).catch(() => null) : null;
      const emergency = (!!topic && EMERGENCY_TOPICS.has(topic)) || !!prediction?.emergency;
      const [settings] = await db.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, actor.id));
      const id = newId();
      const row = await db.transaction(async (tx) => {
        // One live session at a time: a second tab or a double tap returns the one already open.
        const [open] = await tx
          .select()
          .from(supportSession)
          .where(and(eq(supportSession.passengerId, actor.id), inArray(supportSession.status, ['waiting', 'active']), eq(supportSession.leftMessage, false)))
          .for('update');
        if (open) return { row: open, created: false };
        const [ahead] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(supportSession)
          .where(and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, false), emergency ? eq(supportSession.emergency, true) : undefined));
        const [created] = await tx
          .insert(supportSession)
          .values({
            id,
            passengerId: actor.id,
            requestedAgentId: input.agentId ?? null,
            type: input.type,
            topic,
            complaintId,
            language: settings && isLanguage(settings.language) ? settings.language : 'en',
            emergency,
            joinPosition: Number(ahead?.n ?? 0) + 1,
            queuedAt: sql`clock_timestamp()`,
          })
          .returning();
        if (!input.message) return { row: created, created: true };
        const { session } = await appendMessage(tx, created, { sender: 'passenger', senderId: actor.id, body: input.message });
        return { row: session, created: true };
      });
      if (row.created) {
        await publishChanged([row.row.id]);
        await redispatch();
      }
      const [fresh] = await db.select().from(supportSession).where(eq(supportSession.id, row.row.id));
      return (await views([fresh], 'passenger'))[0];
    },

    async get(actor: SupportActor, id: string): Promise<SupportSessionDetail> {
      const row = await load(actor, id);
      const staff = isStaffRole(actor.role);
      const [view] = await views([row], staff ? 'staff' : 'passenger');
      return { ...view, context: staff ? await contextOf(row.passengerId) : null };
    },

    /**
     * A list of sessions. Staff `history` and a passenger's own chats grow without end and page by keyset
     * (server/src/lib/keyset.ts); `mine`, `queue`, `messages` and `active` are live working sets, answered whole up
     * to SUPPORT_LIVE_MAX.
     */
    async list(actor: SupportActor, query: { scope?: SupportScope; cursor?: string; pageSize: number }): Promise<SupportSessionList> {
      const staff = isStaffRole(actor.role);
      const viewer = staff ? 'staff' : 'passenger';
      const scope = query.scope;
      if (!staff || scope === 'history') {
        const paged = staff
          ? {
              list: 'support-history',
              keys: HISTORY_KEYS,
              // `endSession` sets `ended_at` with the status; a row ended by hand without it stays out, as its
              // cursor could not be read back.
              where: and(eq(supportSession.status, 'ended'), isNotNull(supportSession.endedAt), actor.role === 'admin' ? undefined : eq(supportSession.agentId, actor.id)),
            }
          : { list: 'support-passenger', keys: PASSENGER_KEYS, where: eq(supportSession.passengerId, actor.id) };
        const [found, counted] = await Promise.all([
          keysetPage({
            list: paged.list,
            keys: paged.keys,
            cursor: query.cursor,
            pageSize: query.pageSize,
            fetch: (seek, order, limit) =>
              db
                .select({ row: supportSession, key: keyColumn(paged.keys) })
                .from(supportSession)
                .where(and(paged.where, seek))
                .orderBy(...order)
                .limit(limit),
          }),
          boundedCount(db, sql`from ${supportSession} where ${paged.where}`, deps.exactCountMax ?? EXACT_COUNT_MAX),
        ]);
        const items = await views(
          found.rows.map((r) => r.row),
          viewer,
        );
        return { items, ...counted, pageSize: query.pageSize, next: found.next, prev: found.prev };
      }
      if (query.cursor) throw new AppError('validation_failed', 'This list is not paged: ask for it without a cursor.', { cursor: 'cursor_invalid' });
      let where: SQL | undefined;
      let order = [desc(supportSession.createdAt)];
      if (scope === 'queue') {
        where = and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, false));
        order = [desc(supportSession.emergency), asc(supportSession.queuedAt)];
      } else if (scope === 'messages') {
        where = and(eq(supportSession.status, 'waiting'), eq(supportSession.leftMessage, true));
        order = [asc(supportSession.queuedAt)];
      } else if (scope === 'active') {
        where = and(eq(supportSession.status, 'active'), actor.role === 'admin' ? undefined : eq(supportSession.agentId, actor.id));
      } else {
        // 'mine': the chats they hold and the offers waiting on them.
        where = or(and(eq(supportSession.agentId, actor.id), eq(supportSession.status, 'active')), and(eq(supportSession.offeredTo, actor.id), eq(supportSession.status, 'waiting')));
        order = [asc(supportSession.acceptedAt)];
      }
      // One more than shown tells whether the set was cut; only then is it counted.
      const rows = await db
        .select()
        .from(supportSession)
        .where(where)
        .orderBy(...order)
        .limit(SUPPORT_LIVE_MAX + 1);
      const shown = rows.slice(0, SUPPORT_LIVE_MAX);
      const counted = rows.length > SUPPORT_LIVE_MAX ? await boundedCount(db, sql`from ${supportSession} where ${where}`, deps.exactCountMax ?? EXACT_COUNT_MAX) : { total: shown.length, exact: true };
      return { items: await views(shown, viewer), ...counted, pageSize: SUPPORT_LIVE_MAX, next: null, prev: null };
    },

    async messages(actor: SupportActor, id: string, after: number) {
      const row = await load(actor, id);
      const rows = await db
        .select()
        .from(supportMessage)
        .where(and(eq(supportMessage.sessionId, id), sql`${supportMessage.seq} > ${after}`, isStaffRole(actor.role) ? undefined : eq(supportMessage.internal, false)))
        .orderBy(asc(supportMessage.seq))
        .limit(500);
      return { items: await toMessages(rows), lastSeq: row.lastSeq };
    },

    send,

    async sendPhoto(actor: SupportActor, id: string, bytes: Buffer, clientId?: string): Promise<SupportMessage> {
      const row = await load(actor, id);
      if (!sideOf(actor, row)) throw new AppError('not_found', NOT_FOUND);
      if (row.status === 'ended') throw new AppError('conflict', 'This chat has ended.');
      const image = await reencodeImage(bytes, COMPLAINT_PHOTO_MAX_SIDE, COMPLAINT_PHOTO_QUALITY);
      const fileId = newId();
      const key = `support/${fileId}.jpg`;
      await uploads.put([{ key, fileId, bytes: image.bytes, contentType: image.contentType }]);
      let recorded = false;
      try {
        let inserted = false;
        // The file row commits with its message or not at all.
        const sent = await send(actor, id, { body: '', fileId, clientId }, async (tx) => {
          await tx.insert(file).values({ id: fileId, ownerId: actor.id, purpose: 'support', contentType: image.contentType, size: image.bytes.length, width: image.width, height: image.height });
          await uploads.settle(tx, [key]);
          inserted = true;
        });
        recorded = inserted;
        return sent.message;
      } finally {
        // A failure, or a retry of a photo already sent (its first copy is the message): these bytes are not needed.
        if (!recorded) await uploads.discard([key]);
      }
    },

    /** The highest message a side has received (delivered) and shown (read). */
    async seen(actor: SupportActor, id: string, seq: number, read: boolean) {
      const row = await load(actor, id);
      const side = sideOf(actor, row);
      if (!side) throw new AppError('not_found', NOT_FOUND);
      const upTo = Math.min(seq, row.lastSeq);
      const delivered = side === 'passenger' ? supportSession.passengerDeliveredSeq : supportSession.agentDeliveredSeq;
      const readCol = side === 'passenger' ? supportSession.passengerReadSeq : supportSession.agentReadSeq;
      const set = { [side === 'passenger' ? 'passengerDeliveredSeq' : 'agentDeliveredSeq']: sql`greatest(${delivered}, ${upTo})` } as Record<string, SQL>;
      if (read) set[side === 'passenger' ? 'passengerReadSeq' : 'agentReadSeq'] = sql`greatest(${readCol}, ${upTo})`;
      const [updated] = await db
        .update(supportSession)
        .set(set)
        .where(and(eq(supportSession.id, id), or(lt(delivered, upTo), read ? lt(readCol, upTo) : undefined)))
        .returning();
      if (updated) await publish([updated]);
      return { ok: true };
    },

    /** The other person of an active session, to relay typing and call signals to; null if there is none. */
    async peerOf(actor: SupportActor, id: string): Promise<{ peerId: string; side: 'passenger' | 'agent' } | null> {
      const [row] = await db.select().from(supportSession).where(eq(supportSession.id, id));
      if (row?.status !== 'active' || !row.agentId) return null;
      if (row.passengerId === actor.id) return { peerId: row.agentId, side: 'passenger' };
      if (row.agentId === actor.id) return { peerId: row.passengerId, side: 'agent' };
      return null;
    },

    async end(actor: SupportActor, id: string): Promise<SupportSession> {
      const done = await db.transaction(async (tx) => {
        const row = await load(actor, id, tx, true);
        const side = sideOf(actor, row) ?? (actor.role === 'admin' ? 'agent' : null);
        if (!side) throw new AppError('not_found', NOT_FOUND);
        if (row.status === 'ended') return { session: row, message: null };
        return endSession(tx, row, side);
      });
      if (done.message) {
        await publishMessages(done.session, [done.message]);
        await publishChanged([done.session.id]);
        await redispatch();
      }
      return (await views([done.session], isStaffRole(actor.role) ? 'staff' : 'passenger'))[0];
    },

    async rate(actor: SupportActor, id: string, rating: number, comment?: string): Promise<SupportSession> {
      const row = await load(actor, id);
      if (row.passengerId !== actor.id) throw new AppError('not_found', NOT_FOUND);
      if (row.status !== 'ended') throw new AppError('conflict', 'You can rate the chat once it has ended.');
      if (!row.agentId) throw new AppError('conflict', 'No agent took part in this chat.');
      const [rated] = await db
        .update(supportSession)
        .set({ rating, ratingComment: comment || null })
        .where(and(eq(supportSession.id, id), isNull(supportSession.rating)))
        .returning();
      if (!rated) throw new AppError('conflict', 'You have already rated this chat.');
      events.emit('changed');
      await publish([rated]);
      return (await views([rated], 'passenger'))[0];
    },

    async leaveMessage(actor: SupportActor, id: string): Promise<SupportSession> {
      const done = await db.transaction(async (tx) => {
        const row = await load(actor, id, tx, true);
        if (row.passengerId !== actor.id) throw new AppError('not_found', NOT_FOUND);
        if (row.status !== 'waiting') throw new AppError('conflict', 'An agent has already taken this chat.');
        if (row.leftMessage) return { session: row, message: null };
        const { session, message } = await systemMessage(tx, row, 'left_message');
        const [left] = await tx
          .update(supportSession)
          .set({ leftMessage: true, offeredTo: null, offerExpiresAt: null })
          .where(eq(supportSession.id, session.id))
          .returning();
        return { session: left, message };
      });
      if (done.message) {
        await publishMessages(done.session, [done.message]);
        await publishChanged([done.session.id]);
      }
      return (await views([done.session], 'passenger'))[0];
    },

    async agent(actor: SupportActor) {
      const row = await agentRow(actor.id);
      const [load] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportSession)
        .where(and(eq(supportSession.agentId, actor.id), eq(supportSession.status, 'active')));
      return { status: row?.status ?? 'away', capacity: row?.capacity ?? AGENT_CAPACITY_DEFAULT, activeChats: Number(load?.n ?? 0) };
    },

    async setAgent(actor: SupportActor, input: AgentState) {
      const values = { status: input.status, ...(input.capacity ? { capacity: input.capacity } : {}), lastSeenAt: new Date() };
      await db
        .insert(supportAgent)
        .values({ userId: actor.id, capacity: input.capacity ?? AGENT_CAPACITY_DEFAULT, ...values })
        .onConflictDoUpdate({ target: supportAgent.userId, set: values });
      // An agent stepping away hands back the offers waiting on them.
      if (input.status !== 'available') {
        await db
          .update(supportSession)
          .set({ offeredTo: null, offerExpiresAt: null })
          .where(and(eq(supportSession.offeredTo, actor.id), eq(supportSession.status, 'waiting')));
      }
      events.emit('changed');
      await redispatch();
      await publishQueue();
      return this.agent(actor);
    },

    async accept(actor: SupportActor, id: string): Promise<SupportSession> {
      const done = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('railmadad:support-dispatch'))`);
        const row = await load(actor, id, tx, true);
        if (row.status === 'active' && row.agentId === actor.id) return { session: row, message: null };
        if (row.status !== 'waiting') throw new AppError('conflict', 'Another agent has already taken this chat, or it has ended.');
        const [agent] = await tx.select().from(supportAgent).where(eq(supportAgent.userId, actor.id));
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(supportSession)
          .where(and(eq(supportSession.agentId, actor.id), eq(supportSession.status, 'active')));
        if (Number(held?.n ?? 0) >= (agent?.capacity ?? AGENT_CAPACITY_DEFAULT)) throw new AppError('conflict', 'You already have as many chats as your capacity allows.');
        const [taken] = await tx
          .update(supportSession)
          .set({ status: 'active', agentId: actor.id, acceptedAt: sql`coalesce(${supportSession.acceptedAt}, clock_timestamp())`, offeredTo: null, offerExpiresAt: null, agentSeenAt: new Date() })
          .where(eq(supportSession.id, id))
          .returning();
        const [me] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actor.id));
        return systemMessage(tx, taken, 'joined', { name: me?.name ?? 'An agent' });
      });
      if (done.message) {
        await publishMessages(done.session, [done.message]);
        await publishChanged([done.session.id]);
        await redispatch();
      }
      return (await views([done.session], 'staff'))[0];
    },

    async decline(actor: SupportActor, id: string): Promise<{ ok: true }> {
      const [row] = await db
        .update(supportSession)
        .set({ declinedBy: sql`array_append(${supportSession.declinedBy}, ${actor.id})`, offeredTo: null, offerExpiresAt: null })
        .where(and(eq(supportSession.id, id), eq(supportSession.offeredTo, actor.id), eq(supportSession.status, 'waiting')))
        .returning();
      if (!row) throw new AppError('not_found', NOT_FOUND);
      await redispatch();
      await publishChanged([id]);
      return { ok: true };
    },

    /** To a named agent (offered to them first), or back to the queue at the place it had. */
    async transfer(actor: SupportActor, id: string, agentId?: string): Promise<SupportSession> {
      if (agentId === actor.id) throw new AppError('validation_failed', 'agentId: choose another agent', { agentId: 'same_agent' });
      let target: { id: string; name: string } | undefined;
      if (agentId) {
        target = (await listAgents(actor)).find((a) => a.id === agentId);
        if (!target) throw new AppError('validation_failed', 'agentId: no such agent', { agentId: 'not_found' });
      }
      const done = await db.transaction(async (tx) => {
        const row = await load(actor, id, tx, true);
        if (row.status !== 'active' || (row.agentId !== actor.id && actor.role !== 'admin')) throw new AppError('conflict', 'Only the agent holding an active chat can hand it over.');
        const { session, message } = await (target ? systemMessage(tx, row, 'transferred', { name: target.name }) : systemMessage(tx, row, 'requeued'));
        const [moved] = await tx
          .update(supportSession)
          .set({
            status: 'waiting',
            agentId: null,
            requestedAgentId: target?.id ?? null,
            declinedBy: sql`array_append(${supportSession.declinedBy}, ${row.agentId})`,
            offeredTo: target?.id ?? null,
            offerExpiresAt: target ? sql`now() + make_interval(secs => ${SUPPORT_OFFER_SECONDS})` : null,
          })
          .where(eq(supportSession.id, session.id))
          .returning();
        return { session: moved, message, previousAgent: row.agentId };
      });
      // The agent who let go still sees the last message in their console before it leaves.
      events.emit('message', { passengerId: done.session.passengerId, agentId: done.previousAgent, message: (await toMessages([done.message]))[0] });
      if (target) {
        const [view] = await views([done.session], 'staff');
        events.emit('offer', { agentId: target.id, session: view });
      }
      await publishChanged([done.session.id]);
      await redispatch();
      return (await views([done.session], 'staff'))[0];
    },

    listAgents,

    async overview(): Promise<SupportOverview> {
      const today = sql`(now() at time zone 'Asia/Kolkata')::date`;
      const [row] = await db
        .select({
          activeSessions: sql<number>`count(*) filter (where ${supportSession.status} = 'active')::int`,
          waiting: sql<number>`count(*) filter (where ${supportSession.status} = 'waiting' and not ${supportSession.leftMessage})::int`,
          leftMessages: sql<number>`count(*) filter (where ${supportSession.status} = 'waiting' and ${supportSession.leftMessage})::int`,
          averageWaitSeconds: sql<number | null>`(avg(extract(epoch from (${supportSession.acceptedAt} - ${supportSession.queuedAt}))) filter (where (${supportSession.acceptedAt} at time zone 'Asia/Kolkata')::date = ${today} and not ${supportSession.leftMessage}))::float8`,
          sessionsToday: sql<number>`count(*) filter (where (${supportSession.createdAt} at time zone 'Asia/Kolkata')::date = ${today})::int`,
        })
        .from(supportSession)
        .where(or(ne(supportSession.status, 'ended'), sql`${supportSession.createdAt} > now() - interval '2 days'`, sql`${supportSession.acceptedAt} > now() - interval '2 days'`));
      const [agents] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportAgent)
        .innerJoin(user, eq(user.id, supportAgent.userId))
        .leftJoin(staffProfile, eq(staffProfile.userId, user.id))
        .where(and(eq(supportAgent.status, 'available'), isAgent));
      return {
        activeSessions: Number(row?.activeSessions ?? 0),
        waiting: Number(row?.waiting ?? 0),
        leftMessages: Number(row?.leftMessages ?? 0),
        availableAgents: Number(agents?.n ?? 0),
        averageWaitSeconds: row?.averageWaitSeconds === null || row?.averageWaitSeconds === undefined ? null : Math.round(Number(row.averageWaitSeconds)),
        sessionsToday: Number(row?.sessionsToday ?? 0),
      };
    },

    async complaintDraft(actor: SupportActor, id: string): Promise<SupportComplaintDraft> {
      const row = await load(actor, id);
      if (row.passengerId !== actor.id) throw new AppError('not_found', NOT_FOUND);
      const said = await db
        .select({ body: supportMessage.body })
        .from(supportMessage)
        .where(and(eq(supportMessage.sessionId, id), eq(supportMessage.sender, 'passenger')))
        .orderBy(asc(supportMessage.seq));
      const description = said
        .map((m) => m.body.trim())
        .filter(Boolean)
        .join('\n')
        .slice(0, DESCRIPTION_MAX);
      const predicted = !row.topic && description ? await deps.predict(description).catch(() => null) : null;
      return { type: (row.topic as ComplaintType | null) ?? predicted?.category ?? null, description, ...findTrainAndPnr(description) };
    },

    async linkComplaint(actor: SupportActor, id: string, reference: string): Promise<SupportSession> {
      const row = await load(actor, id);
      if (row.passengerId !== actor.id) throw new AppError('not_found', NOT_FOUND);
      const [own] = await db
        .select({ id: complaint.id })
        .from(complaint)
        .where(and(eq(complaint.reference, reference.toUpperCase()), eq(complaint.passengerId, actor.id)));
      if (!own) throw new AppError('not_found', 'No complaints found matching your search.');
      const [linked] = await db.update(supportSession).set({ complaintId: own.id }).where(eq(supportSession.id, id)).returning();
      await publish([linked]);
      return (await views([linked], 'passenger'))[0];
    },

    /** Staff: the live-support sessions linked to a complaint. */
    async forComplaint(reference: string): Promise<SupportSession[]> {
      const [c] = await db.select({ id: complaint.id }).from(complaint).where(eq(complaint.reference, reference.toUpperCase()));
      if (!c) throw new AppError('not_found', 'Complaint not found.');
      const rows = await db.select().from(supportSession).where(eq(supportSession.complaintId, c.id)).orderBy(desc(supportSession.createdAt));
      return views(rows, 'staff');
    },

    /** May this person see a photo sent in a chat? The passenger of that chat may. */
    async maySeePhoto(fileId: string, viewerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: supportMessage.id })
        .from(supportMessage)
        .innerJoin(supportSession, eq(supportSession.id, supportMessage.sessionId))
        .where(and(eq(supportMessage.fileId, fileId), eq(supportSession.passengerId, viewerId), eq(supportMessage.internal, false)))
        .limit(1);
      return !!row;
    },
  };

  async function contextOf(passengerId: string): Promise<SupportContext> {
    const [person] = await db.select({ phone: user.phone, phoneNumber: user.phoneNumber }).from(user).where(eq(user.id, passengerId));
    const complaints = await db
      .select({
        reference: complaint.reference,
        type: complaint.type,
        status: complaint.status,
        severity: complaint.severity,
        pnr: complaint.pnr,
        trainNumber: complaint.trainNumber,
        description: complaint.description,
        createdAt: complaint.createdAt,
      })
      .from(complaint)
      .where(eq(complaint.passengerId, passengerId))
      .orderBy(desc(complaint.createdAt))
      .limit(10);
    return {
      phone: person?.phoneNumber ?? person?.phone ?? null,
      complaints: complaints.map((c) => ({ ...c, type: c.type as ComplaintType, description: c.description.slice(0, 300), createdAt: c.createdAt.toISOString() })),
    };
  }
}
