import { z } from 'zod';
import { COMPLAINT_STATUSES, COMPLAINT_TYPES, SEVERITIES, WHERE } from './complaints';

/**
 * The assistant: a conversation per passenger, answered on the server from our own data
 * (their complaints, the knowledge base, the configured deadlines) by the built-in engine or a
 * configured language model. docs/assistant.md tells the rules in prose.
 */
export const ASSISTANT_MESSAGE_MAX = 1000;
/** Enough for a person typing, far below a script. */
export const ASSISTANT_MESSAGES_PER_MINUTE = 20;
/** The answers kept in a conversation the screen shows again after a reload. */
export const ASSISTANT_HISTORY_MAX = 100;
export const ASSISTANT_HELPLINE = '139';

/**
 * The language an answer is written in: every UI language, plus Hindi written in Latin letters
 * ("Hinglish"), answered the same way.
 */
export const ASSISTANT_LANGUAGES = ['en', 'hi', 'hi-Latn', 'bn', 'ta', 'te', 'mr', 'gu', 'kn', 'ml', 'pa', 'ur', 'as', 'or', 'sa', 'ne', 'sd'] as const;
export type AssistantLanguage = (typeof ASSISTANT_LANGUAGES)[number];

/** Buttons under an answer send one of these instead of free text, so they work in every language. */
export const ASSISTANT_COMMANDS = ['live_support', 'confirm_filing', 'cancel_filing', 'track'] as const;
export type AssistantCommand = (typeof ASSISTANT_COMMANDS)[number];

export const assistantChatRequestSchema = z.object({
  message: z.string().trim().min(1, 'required').max(ASSISTANT_MESSAGE_MAX, 'too_long'),
  conversationId: z.string().max(64).optional(),
  command: z.enum(ASSISTANT_COMMANDS).optional(),
});
export type AssistantChatRequest = z.input<typeof assistantChatRequestSchema>;

/** A complaint as the assistant found it: only ever one of the caller's own. */
export const assistantComplaintSchema = z.object({
  reference: z.string(),
  type: z.enum(COMPLAINT_TYPES),
  status: z.enum(COMPLAINT_STATUSES),
  assignee: z.string().nullable(),
  dueAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AssistantComplaint = z.infer<typeof assistantComplaintSchema>;

/** What the assistant gathered for a complaint: the field names of `POST /api/complaints`. */
export const assistantDraftSchema = z.object({
  type: z.enum(COMPLAINT_TYPES).nullable(),
  severity: z.enum(SEVERITIES).optional(),
  where: z.enum(WHERE).optional(),
  trainNumber: z.string().optional(),
  pnr: z.string().optional(),
  utsNumber: z.string().optional(),
  station: z.string().optional(),
  location: z.string().optional(),
  incidentDate: z.string().optional(),
  description: z.string(),
});
export type AssistantDraft = z.infer<typeof assistantDraftSchema>;

export const assistantActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('track'), references: z.array(z.string()), complaints: z.array(assistantComplaintSchema) }),
  /** `missing`: fields the form still needs; empty means it can be filed from the chat. */
  z.object({ kind: z.literal('file_complaint'), draft: assistantDraftSchema, missing: z.array(z.string()) }),
  z.object({ kind: z.literal('filed'), reference: z.string() }),
  z.object({ kind: z.literal('live_support'), sessionId: z.string() }),
  /** Call the helpline now; `emergency` also offers a live agent at the head of the queue. */
  z.object({ kind: z.literal('call'), number: z.string(), emergency: z.boolean() }),
]);
export type AssistantAction = z.infer<typeof assistantActionSchema>;

/** A knowledge-base passage an answer used. */
export const assistantSourceSchema = z.object({ id: z.string(), title: z.string() });
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

/** A button under an answer: its label is sent as the message, with the command when it has one. */
export const assistantSuggestionSchema = z.object({ label: z.string(), command: z.enum(ASSISTANT_COMMANDS).optional() });
export type AssistantSuggestion = z.infer<typeof assistantSuggestionSchema>;

export const assistantMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  language: z.enum(ASSISTANT_LANGUAGES),
  action: assistantActionSchema.nullable(),
  sources: z.array(assistantSourceSchema),
  suggestions: z.array(assistantSuggestionSchema),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantChatResponseSchema = z.object({
  conversationId: z.string(),
  reply: z.string(),
  language: z.enum(ASSISTANT_LANGUAGES),
  action: assistantActionSchema.optional(),
  sources: z.array(assistantSourceSchema).optional(),
  suggestions: z.array(assistantSuggestionSchema),
  /** Which engine wrote the answer: the built-in one, or the configured model. */
  engine: z.enum(['builtin', 'llm']),
  message: assistantMessageSchema,
});
export type AssistantChatResponse = z.infer<typeof assistantChatResponseSchema>;

/** The passenger's open conversation (null before the first message or after "New conversation"). */
export const assistantConversationSchema = z.object({
  id: z.string().nullable(),
  messages: z.array(assistantMessageSchema),
  /** Questions to start with, in the caller's language. */
  starters: z.array(z.string()),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

/**
 * Streaming (`Accept: text/event-stream`): `delta` events carry `{text}` pieces of the reply as
 * they are written, then one `done` event carries the whole `AssistantChatResponse`, or an
 * `error` event `{code, message}`.
 */
export const ASSISTANT_STREAM_EVENTS = ['delta', 'done', 'error'] as const;

/** What the browser needs to know about voice input on this server. */
export const speechCapabilitySchema = z.object({
  /** A transcription provider is configured: record and send the audio to `POST /api/speech/transcribe`. */
  server: z.boolean(),
});
export type SpeechCapability = z.infer<typeof speechCapabilitySchema>;

export const transcriptionSchema = z.object({ transcript: z.string(), language: z.string() });
export type Transcription = z.infer<typeof transcriptionSchema>;
