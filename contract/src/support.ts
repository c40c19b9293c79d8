import { z } from 'zod';
import { COMPLAINT_TYPES } from './complaints';
import { LANGUAGES } from './enums';
import { cursorParam, keysetPageOf } from './system';

/**
 * Live support: a passenger waits in a visible queue, an agent accepts the offer, they chat
 * (and may call) until one of them ends it, then the passenger rates it. docs/live-support.md
 * tells the rules in prose.
 */
export const SUPPORT_TYPES = ['chat', 'voice', 'video'] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

export const SUPPORT_STATUSES = ['waiting', 'active', 'ended'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const AGENT_STATUSES = ['available', 'busy', 'away'] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** Why a session ended: a person ended it, it went quiet, both sides left, or nobody was there to take it. */
export const SUPPORT_END_REASONS = ['passenger', 'agent', 'idle', 'abandoned'] as const;
export type SupportEndReason = (typeof SUPPORT_END_REASONS)[number];

export const AGENT_CAPACITY_DEFAULT = 3;
export const AGENT_CAPACITY_MIN = 1;
export const AGENT_CAPACITY_MAX = 10;
/** An offer an agent has not accepted in this time goes to the next agent. */
export const SUPPORT_OFFER_SECONDS = 30;
/** An agent whose last socket has been gone this long shows as Away. */
export const AGENT_AWAY_AFTER_SECONDS = 120;
/** A passenger who has not answered the agent this long is reminded, then the chat closes. */
export const SUPPORT_IDLE_REMIND_SECONDS = 180;
export const SUPPORT_IDLE_CLOSE_SECONDS = 360;
/** A session neither side has had open this long is closed. */
export const SUPPORT_ABANDON_SECONDS = 300;
export const SUPPORT_MESSAGE_MAX = 2000;
/** Enough for a fast typist on several chats, far below a flood. */
export const SUPPORT_MESSAGES_PER_MINUTE = 60;
export const SUPPORT_COMMENT_MAX = 1000;
export const SUPPORT_HELPLINE = '139';

export const personSchema = z.object({ id: z.string(), name: z.string() });

export const supportMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  /** Per session, 1, 2, 3…: a client that lost the signal asks for everything after the last one it has. */
  seq: z.number().int(),
  sender: z.enum(['passenger', 'agent', 'system']),
  senderName: z.string().nullable(),
  body: z.string(),
  photoUrl: z.string().nullable(),
  /** What a system message says, as a key and parameters, so each reader reads it in their own language (`body` is the English). */
  event: z.object({ kind: z.enum(['joined', 'transferred', 'requeued', 'left_message', 'reminder', 'ended_passenger', 'ended_agent', 'ended_idle', 'ended_abandoned']), params: z.record(z.string(), z.string()) }).nullable(),
  /** A note between staff: never sent to the passenger. */
  internal: z.boolean(),
  /** The sender's own id for the message, so a retry after a dropped signal is stored once. */
  clientId: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportSessionSchema = z.object({
  id: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  type: z.enum(SUPPORT_TYPES),
  topic: z.enum(COMPLAINT_TYPES).nullable(),
  complaintReference: z.string().nullable(),
  language: z.enum(LANGUAGES),
  emergency: z.boolean(),
  /** The passenger gave up waiting and left a message for an agent to answer later. */
  leftMessage: z.boolean(),
  /** 1 for the next one served; null once no longer waiting in the live queue. */
  queuePosition: z.number().int().nullable(),
  /** From recent real waits; null while there is nothing to estimate from. */
  estimatedWaitSeconds: z.number().int().nullable(),
  /** Agents set Available with room right now (0: say so, offer a message or the helpline); live pushes about a session that no longer waits carry 0. */
  availableAgents: z.number().int(),
  passenger: personSchema,
  agent: personSchema.nullable(),
  requestedAgentId: z.string().nullable(),
  /** Staff only: the agent an offer is waiting on, and until when. */
  offer: z.object({ agentId: z.string(), expiresAt: z.string() }).nullable(),
  lastSeq: z.number().int(),
  /** The highest seq each side's screen has received and has shown. */
  delivered: z.object({ passenger: z.number().int(), agent: z.number().int() }),
  read: z.object({ passenger: z.number().int(), agent: z.number().int() }),
  rating: z.number().int().nullable(),
  ratingComment: z.string().nullable(),
  endReason: z.enum(SUPPORT_END_REASONS).nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

/** What an agent sees beside a chat: the passenger's complaints and the numbers to find them by. */
export const supportContextSchema = z.object({
  phone: z.string().nullable(),
  complaints: z.array(
    z.object({
      reference: z.string(),
      type: z.enum(COMPLAINT_TYPES),
      status: z.string(),
      severity: z.string(),
      pnr: z.string().nullable(),
      trainNumber: z.string().nullable(),
      description: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SupportContext = z.infer<typeof supportContextSchema>;

export const supportSessionDetailSchema = supportSessionSchema.extend({
  /** Staff only. */
  context: supportContextSchema.nullable(),
});
export type SupportSessionDetail = z.infer<typeof supportSessionDetailSchema>;

const cleanText = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');

export const startSupportSchema = z.object({
  type: z.enum(SUPPORT_TYPES).default('chat'),
  topic: z.enum(COMPLAINT_TYPES).optional(),
  complaintReference: z.string().trim().max(20).optional(),
  agentId: z.string().max(64).optional(),
  message: z.string().trim().max(SUPPORT_MESSAGE_MAX, 'too_long').optional(),
});
export type StartSupport = z.input<typeof startSupportSchema>;

export const sendSupportMessageSchema = z.object({
  body: cleanText(SUPPORT_MESSAGE_MAX),
  clientId: z.string().trim().min(1).max(64).optional(),
  internal: z.boolean().optional(),
});
export type SendSupportMessage = z.input<typeof sendSupportMessageSchema>;

export const supportMessagesQuerySchema = z.object({ after: z.coerce.number().int().min(0).default(0) });
export const supportMessageListSchema = z.object({ items: z.array(supportMessageSchema), lastSeq: z.number().int() });
export type SupportMessageList = z.infer<typeof supportMessageListSchema>;

export const supportRatingSchema = z.object({
  rating: z.number().int().min(1, 'rating_range').max(5, 'rating_range'),
  comment: z.string().trim().max(SUPPORT_COMMENT_MAX, 'too_long').optional(),
});

export const supportSeenSchema = z.object({ seq: z.number().int().min(0), read: z.boolean().default(true) });

export const agentStateSchema = z.object({
  status: z.enum(AGENT_STATUSES),
  capacity: z.number().int().min(AGENT_CAPACITY_MIN, 'capacity_range').max(AGENT_CAPACITY_MAX, 'capacity_range').optional(),
});
export type AgentState = z.input<typeof agentStateSchema>;

export const supportTransferSchema = z.object({ agentId: z.string().max(64).optional() });
export const supportLinkSchema = z.object({ reference: z.string().trim().min(1).max(20) });

export const supportAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(AGENT_STATUSES),
  capacity: z.number().int(),
  activeChats: z.number().int(),
  expertise: z.array(z.enum(COMPLAINT_TYPES)),
  languages: z.array(z.enum(LANGUAGES)),
  /** Average of the passengers' 1–5 ratings of their chats; null before the first. */
  rating: z.number().nullable(),
  ratings: z.number().int(),
});
export type SupportAgent = z.infer<typeof supportAgentSchema>;

export const supportOverviewSchema = z.object({
  activeSessions: z.number().int(),
  waiting: z.number().int(),
  leftMessages: z.number().int(),
  availableAgents: z.number().int(),
  /** Mean wait of the sessions agents accepted today (India's day); null before the first. */
  averageWaitSeconds: z.number().int().nullable(),
  sessionsToday: z.number().int(),
});
export type SupportOverview = z.infer<typeof supportOverviewSchema>;

export const SUPPORT_SCOPES = ['mine', 'queue', 'messages', 'active', 'history'] as const;
/** The most sessions a live working set (`mine`, `queue`, `messages`, `active`) answers with; those lists are not paged. */
export const SUPPORT_LIVE_MAX = 100;
export const supportListQuerySchema = z.object({
  scope: z.enum(SUPPORT_SCOPES).optional(),
  /**
   * The `next` or `prev` of an earlier answer of the same list. Only the paged lists take one: staff `history` and a
   * passenger's own chats.
   */
  cursor: cursorParam,
  /** Rows per page of the paged lists; the live working sets answer up to SUPPORT_LIVE_MAX whatever this says. */
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type SupportListQuery = z.input<typeof supportListQuerySchema>;
/**
 * Keyset-paged like the other long lists (`keysetPageOf`, without a page number: these lists page by cursor only).
 * The live working sets come whole, up to SUPPORT_LIVE_MAX, with `next` and `prev` null.
 */
export const supportSessionListSchema = keysetPageOf(supportSessionSchema).omit({ page: true });
export type SupportSessionList = z.infer<typeof supportSessionListSchema>;
/** The sessions linked to one complaint (a handful): not paged. */
export const complaintSupportSessionsSchema = z.object({ items: z.array(supportSessionSchema) });
export type ComplaintSupportSessions = z.infer<typeof complaintSupportSessionsSchema>;

/** A complaint prefilled from a chat: the passenger checks it on the filing form. */
export const supportComplaintDraftSchema = z.object({
  type: z.enum(COMPLAINT_TYPES).nullable(),
  description: z.string(),
  trainNumber: z.string().nullable(),
  pnr: z.string().nullable(),
});
export type SupportComplaintDraft = z.infer<typeof supportComplaintDraftSchema>;

export const iceServersSchema = z.object({
  iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]), username: z.string().optional(), credential: z.string().optional() })),
});
export type IceServers = z.infer<typeof iceServersSchema>;

/** WebRTC signalling, relayed by the server to the other side of the session. */
export const callSignalSchema = z.object({
  sessionId: z.string().max(64),
  signal: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('ring'), media: z.enum(['voice', 'video']) }),
    z.object({ kind: z.literal('accept') }),
    z.object({ kind: z.literal('decline') }),
    z.object({ kind: z.literal('hangup') }),
    z.object({ kind: z.literal('failed'), reason: z.string().max(200) }),
    z.object({ kind: z.literal('offer'), sdp: z.string().max(20_000) }),
    z.object({ kind: z.literal('answer'), sdp: z.string().max(20_000) }),
    z.object({
      kind: z.literal('candidate'),
      candidate: z.object({ candidate: z.string().max(1000), sdpMid: z.string().max(64).nullable().optional(), sdpMLineIndex: z.number().int().nullable().optional() }),
    }),
  ]),
});
export type CallSignal = z.infer<typeof callSignalSchema>;

export const supportSendEventSchema = sendSupportMessageSchema.extend({ sessionId: z.string().max(64) });
export const supportTypingEventSchema = z.object({ sessionId: z.string().max(64) });
export const supportSeenEventSchema = supportSeenSchema.extend({ sessionId: z.string().max(64) });

export type SupportAck = { ok: true; message: SupportMessage } | { ok: false; code: string; message: string };
