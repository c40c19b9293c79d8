import {
  ASSISTANT_HISTORY_MAX,
  ASSISTANT_LANGUAGES,
  ASSISTANT_MESSAGES_PER_MINUTE,
  type AssistantAction,
  type AssistantChatResponse,
  type AssistantCommand,
  type AssistantConversation,
  type AssistantLanguage,
  type AssistantMessage,
  type Role,
} from '@railmadad/contract';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Auth, phoneOnlyEmail } from '../../auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { assistantConversation, assistantLink, assistantMessage, complaint, user, userSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { enforce } from '../../lib/throttle';
import type { ComplaintsService } from '../complaints/complaints.service';
import type { Messenger } from '../outbox/outbox.service';
import type { SupportService } from '../support/support.service';
import { type ConversationState, createEngine, type EngineReply } from './engine';
import { loadSignals } from './intents';
import { createKnowledgeBase, type Facts, loadKnowledge } from './knowledge';
import type { LlmAssistant } from './llm';
import { loadPhrases, sayer } from './phrases';
import { findReferences } from './text';
import { type Caller, createTools, type Prediction } from './tools';

export type AssistantService = ReturnType<typeof createAssistantService>;
type Row = typeof assistantConversation.$inferSelect;
type MessageRow = typeof assistantMessage.$inferSelect;

const NOT_FOUND = 'No conversation found.';

const toMessage = (m: MessageRow): AssistantMessage => ({
  id: m.id,
  role: m.role,
  content: m.content,
  language: (ASSISTANT_LANGUAGES as readonly string[]).includes(m.language) ? (m.language as AssistantLanguage) : 'en',
  action: (m.action as AssistantAction | null) ?? null,
  sources: m.sources,
  suggestions: m.suggestions as AssistantMessage['suggestions'],
  createdAt: m.createdAt.toISOString(),
});

export function createAssistantService(deps: {
  db: Db;
  config: Config;
  complaints: ComplaintsService;
  support: SupportService;
  predict: (text: string) => Promise<Prediction | null>;
  llm?: LlmAssistant;
  messenger: Messenger;
  auth: Auth;
  log: FastifyBaseLogger;
}) {
  const { db, config } = deps;

  /** The account an SMS sender's complaints are filed under: the one their number signs in to by phone. */
  async function phoneAccount(phone: string): Promise<string> {
    const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.phoneNumber, phone)).limit(1);
    if (existing?.role === 'passenger') return existing.id;
    if (existing) throw new AppError('forbidden', 'This number belongs to a staff account.');
    const ctx = await deps.auth.$context;
    const created = await ctx.internalAdapter.createUser({
      email: phoneOnlyEmail(phone),
      name: phone,
      emailVerified: false,
      phoneNumber: phone,
      // The gateway vouches for the sender's number, as an OTP would.
      phoneNumberVerified: true,
      role: 'passenger',
    }, { method: 'phone-number' });
    await db.update(user).set({ role: 'passenger' }).where(eq(user.id, created.id));
    await db.insert(userSettings).values({ userId: created.id }).onConflictDoNothing();
    return created.id;
  }
  const facts: Facts = {
    helpline: '139',
    supportEmail: config.supportEmail,
    'dueHours.high': config.dueHours.high,
    'dueHours.medium': config.dueHours.medium,
    'dueHours.low': config.dueHours.low,
    emergencyMinutes: 8,
    publicUrl: config.publicUrl,
  };
  const knowledge = createKnowledgeBase(loadKnowledge(), facts);
  const phrases = loadPhrases();
  const readSignals = loadSignals();

  const uiLanguage = async (userId: string | null): Promise<AssistantLanguage> => {
    if (!userId) return 'en';
    const [s] = await db.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, userId));
    return s && (ASSISTANT_LANGUAGES as readonly string[]).includes(s.language) ? (s.language as AssistantLanguage) : 'en';
  };

  function engineFor(caller: Caller, channel: 'web' | 'sms') {
    const tools = createTools({ db, caller, complaints: deps.complaints, support: deps.support, predict: deps.predict });
    const engine = createEngine({ knowledge, phrases, readSignals, facts, tools, channel, staff: caller.id !== null && caller.role !== 'passenger' });
    return { engine, tools };
  }

  async function openConversation(userId: string): Promise<Row | undefined> {
    const [row] = await db
      .select()
      .from(assistantConversation)
      .where(and(eq(assistantConversation.userId, userId), eq(assistantConversation.channel, 'web'), isNull(assistantConversation.closedAt)))
      .orderBy(desc(assistantConversation.createdAt))
      .limit(1);
    return row;
  }

  async function history(conversationId: string, max = ASSISTANT_HISTORY_MAX): Promise<MessageRow[]> {
    const rows = await db.select().from(assistantMessage).where(eq(assistantMessage.conversationId, conversationId)).orderBy(desc(assistantMessage.seq)).limit(max);
    return rows.reverse();
  }

  /** Appends the passenger's message and the answer, and the state the engine left, in one transaction. */
  async function store(conversation: Row, said: { text: string; language: AssistantLanguage }, answer: EngineReply, engine: 'builtin' | 'llm') {
    return db.transaction(async (tx) => {
      const [{ lastSeq }] = await tx
        .update(assistantConversation)
        .set({ lastSeq: sql`${assistantConversation.lastSeq} + 2`, state: answer.state as Record<string, unknown>, updatedAt: new Date() })
        .where(eq(assistantConversation.id, conversation.id))
        .returning({ lastSeq: assistantConversation.lastSeq });
      const [asked, answered] = await tx
        .insert(assistantMessage)
        .values([
          { id: newId(), conversationId: conversation.id, seq: lastSeq - 1, role: 'user', content: said.text, language: said.language },
          {
            id: newId(),
            conversationId: conversation.id,
            seq: lastSeq,
            role: 'assistant',
            content: answer.text,
            language: answer.language,
            action: (answer.action as Record<string, unknown> | undefined) ?? null,
            sources: answer.sources,
            suggestions: answer.suggestions,
            engine,
          },
        ])
        .returning();
      // What the conversation led to, for staff reading the complaint or the chat later.
      const a = answer.action;
      if (a?.kind === 'filed') {
        const [c] = await tx.select({ id: complaint.id }).from(complaint).where(eq(complaint.reference, a.reference));
        if (c) await tx.insert(assistantLink).values({ conversationId: conversation.id, complaintId: c.id });
      }
      if (a?.kind === 'live_support') {
        const [linked] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(assistantLink)
          .where(and(eq(assistantLink.conversationId, conversation.id), eq(assistantLink.supportSessionId, a.sessionId)));
        if (!linked?.n) await tx.insert(assistantLink).values({ conversationId: conversation.id, supportSessionId: a.sessionId });
      }
      return { asked: asked as MessageRow, answered: answered as MessageRow };
    });
  }

  /**
   * One turn: the engine's answer (the model's when one is configured and answers; the built-in
   * engine's otherwise), stored with the question. `onText` receives the reply as it is written.
   */
  async function turn(
    caller: Caller,
    conversation: Row,
    input: { message: string; command?: AssistantCommand },
    channel: 'web' | 'sms',
    onText?: (piece: string) => void,
  ): Promise<{ answer: EngineReply; engine: 'builtin' | 'llm'; message: MessageRow }> {
    const { engine, tools } = engineFor(caller, channel);
    const state = conversation.state as ConversationState;
    const fallbackLanguage = state.language ?? (await uiLanguage(caller.id));
    let answer: EngineReply | null = null;
    let used: 'builtin' | 'llm' = 'builtin';
    if (deps.llm && channel === 'web' && !input.command) {
      try {
        const past = (await history(conversation.id, 12)).map((m) => ({ role: m.role, content: m.content }));
        answer = await deps.llm.answer({ text: input.message, state, fallbackLanguage, history: past, tools, knowledge, engine, phrases, facts, onText });
        if (answer) used = 'llm';
      } catch (error) {
        deps.log.warn({ err: error }, 'assistant model failed; the built-in engine answers');
        answer = null;
      }
    }
    answer ??= await engine.answer({ text: input.message, command: input.command, state, fallbackLanguage });
    if (used === 'builtin') onText?.(answer.text);
    // The question is stored in the language the answer was given in: the one it was read as.
    const { answered } = await store(conversation, { text: input.message, language: answer.language }, answer, used);
    return { answer, engine: used, message: answered };
  }

  const rateLimit = async (key: string) => {
    if (config.rateLimit) await enforce(db, key, ASSISTANT_MESSAGES_PER_MINUTE, 60_000, 'Too many messages. Please wait a minute and try again.');
  };

  return {
    knowledge,
    phrases,

    async chat(
      actor: { id: string; role: Role; name: string },
      input: { message: string; conversationId?: string; command?: AssistantCommand },
      onText?: (piece: string) => void,
    ): Promise<AssistantChatResponse> {
      await rateLimit(`assistant:${actor.id}`);
      let conversation = await openConversation(actor.id);
      if (input.conversationId && conversation?.id !== input.conversationId) {
        // Someone else's, or one already closed: the same answer as one that does not exist.
        throw new AppError('not_found', NOT_FOUND, { conversationId: 'not_found' });
      }
      if (!conversation) {
        [conversation] = await db.insert(assistantConversation).values({ id: newId(), userId: actor.id, channel: 'web' }).returning();
      }
      const { answer, engine, message } = await turn(actor, conversation, input, 'web', onText);
      return {
        conversationId: conversation.id,
        reply: answer.text,
        language: answer.language,
        action: answer.action,
        sources: answer.sources.length ? answer.sources : undefined,
        suggestions: answer.suggestions,
        engine,
        message: toMessage(message),
      };
    },

    async current(actor: { id: string }): Promise<AssistantConversation> {
      const conversation = await openConversation(actor.id);
      const language = (conversation?.state as ConversationState | undefined)?.language ?? (await uiLanguage(actor.id));
      const starters = (phrases.get(language) ?? phrases.get('en'))?.starters ?? [];
      if (!conversation) return { id: null, messages: [], starters };
      return { id: conversation.id, messages: (await history(conversation.id)).map(toMessage), starters };
    },

    /** "New conversation": the old one is gone, unless staff need it for a complaint or a chat it led to. */
    async clear(actor: { id: string }) {
      const conversation = await openConversation(actor.id);
      if (!conversation) return;
      const [linked] = await db.select({ n: sql<number>`count(*)::int` }).from(assistantLink).where(eq(assistantLink.conversationId, conversation.id));
      if (linked?.n) await db.update(assistantConversation).set({ closedAt: new Date() }).where(eq(assistantConversation.id, conversation.id));
      else await db.delete(assistantConversation).where(eq(assistantConversation.id, conversation.id));
    },

    /** A complaint filed from the assistant's prefilled form: staff then see the conversation behind it. */
    async link(actor: { id: string }, reference: string) {
      const conversation = await openConversation(actor.id);
      if (!conversation) throw new AppError('not_found', NOT_FOUND);
      const [own] = await db
        .select({ id: complaint.id })
        .from(complaint)
        .where(and(eq(complaint.reference, reference.trim().toUpperCase()), eq(complaint.passengerId, actor.id)));
      if (!own) throw new AppError('not_found', 'No complaints found matching your search.', { reference: 'not_found' });
      const [exists] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(assistantLink)
        .where(and(eq(assistantLink.conversationId, conversation.id), eq(assistantLink.complaintId, own.id)));
      if (!exists?.n) await db.insert(assistantLink).values({ conversationId: conversation.id, complaintId: own.id });
    },

    /** For staff: the conversations that led to a complaint or a live chat. */
    async linkedTo(query: { complaint?: string; supportSession?: string }) {
      let where: SQL;
      if (query.complaint) {
        const [c] = await db.select({ id: complaint.id }).from(complaint).where(eq(complaint.reference, query.complaint.trim().toUpperCase()));
        if (!c) return [];
        where = eq(assistantLink.complaintId, c.id);
      } else if (query.supportSession) where = eq(assistantLink.supportSessionId, query.supportSession);
      else throw new AppError('validation_failed', 'complaint or supportSession is required', { complaint: 'required' });
      const links = await db.selectDistinct({ id: assistantLink.conversationId }).from(assistantLink).where(where);
      if (links.length === 0) return [];
      const conversations = await db
        .select({ id: assistantConversation.id, createdAt: assistantConversation.createdAt, passengerId: user.id, passengerName: user.name, phone: assistantConversation.phone })
        .from(assistantConversation)
        .leftJoin(user, eq(user.id, assistantConversation.userId))
        .where(inArray(assistantConversation.id, links.map((l) => l.id)))
        .orderBy(asc(assistantConversation.createdAt));
      const out = [];
      for (const c of conversations) {
        out.push({
          id: c.id,
          passenger: { id: c.passengerId ?? '', name: c.passengerName ?? c.phone ?? '' },
          createdAt: c.createdAt.toISOString(),
          messages: (await history(c.id)).map(toMessage),
        });
      }
      return out;
    },

    /**
     * A text from a phone (the SMS gateway's webhook): the same engine, with the number as the
     * caller. STATUS and HELP are commands; a described problem is filed once it has what a
     * complaint needs, with the number as its contact. The answer goes back by SMS.
     */
    async sms(phone: string, text: string): Promise<{ reply: string; reference?: string }> {
      await rateLimit(`assistant-sms:${phone}`);
      const [found] = await db.select({ id: user.id, name: user.name, role: user.role }).from(user).where(eq(user.phoneNumber, phone)).limit(1);
      // A staff member's phone is answered like anyone's: by the complaints filed with that number.
      const account = found?.role === 'passenger' ? found : undefined;
      const caller: Caller = { id: account?.id ?? null, role: 'passenger', name: account?.name ?? phone, phone };
      let [conversation] = await db
        .select()
        .from(assistantConversation)
        .where(and(eq(assistantConversation.phone, phone), eq(assistantConversation.channel, 'sms'), isNull(assistantConversation.closedAt)))
        .orderBy(desc(assistantConversation.createdAt))
        .limit(1);
      conversation ??= (await db.insert(assistantConversation).values({ id: newId(), userId: caller.id, phone, channel: 'sms' }).returning())[0];
      const state = conversation.state as ConversationState;
      const fallbackLanguage = state.language ?? (await uiLanguage(caller.id));
      const { engine } = engineFor(caller, 'sms');
      const command = text.trim().match(/^(help|status)\b\s*(.*)$/i);
      let answer: EngineReply;
      if (command && command[1].toLowerCase() === 'help') {
        answer = { text: sayer(phrases, fallbackLanguage, facts)('smsHelp'), language: fallbackLanguage, sources: [], suggestions: [], state: { ...state, language: fallbackLanguage }, intent: 'greeting' };
      } else if (command) {
        const refs = findReferences(command[2]);
        answer = await engine.answer({ text: refs.length ? `status ${refs.join(' ')}` : 'status of my complaints', command: refs.length ? undefined : 'track', state: { ...state, draft: undefined }, fallbackLanguage });
        const say = sayer(phrases, answer.language, facts);
        if (answer.action?.kind === 'track' && answer.action.complaints.length === 0) answer.text = refs.length ? say('smsNotFound', { reference: refs[0] }) : say('smsNone');
      } else {
        answer = await engine.answer({ text, state, fallbackLanguage });
      }
      const say = sayer(phrases, answer.language, facts);
      let reference: string | undefined;
      if (answer.intent === 'emergency') {
        answer.text = say('emergency').split('\n')[0];
      } else if (answer.action?.kind === 'file_complaint') {
        const { draft, missing } = answer.action;
        if (missing.length === 0) {
          const passenger = caller.id ? caller : { ...caller, id: await phoneAccount(phone) };
          const { tools } = engineFor(passenger, 'sms');
          try {
            const filed = await tools.fileComplaint(draft, answer.language === 'hi-Latn' ? 'hi' : answer.language);
            reference = filed.reference;
            answer = { ...answer, text: say('smsFiled', { reference, type: draft.type ? say.book.types[draft.type] : say.book.types.miscellaneous }), action: { kind: 'filed', reference }, state: { ...answer.state, draft: undefined } };
          } catch (error) {
            deps.log.warn({ err: error }, 'filing by SMS failed');
            answer = { ...answer, text: say('smsHelp') };
          }
        } else {
          answer.text = say('smsNeed', { missing: missing.map((f) => say(`field${f[0].toUpperCase()}${f.slice(1)}`)).join(', ') });
        }
      } else if (answer.intent === 'unknown') {
        answer.text = say('smsHelp');
      }
      answer.suggestions = [];
      await store(conversation, { text: text.slice(0, 1000), language: answer.language }, answer, 'builtin');
      await deps.messenger.sendSms({ to: phone, text: answer.text });
      return { reply: answer.text, reference };
    },
  };
}
