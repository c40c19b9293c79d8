import {
  type AssistantAction,
  type AssistantCommand,
  type AssistantComplaint,
  type AssistantDraft,
  type AssistantLanguage,
  type AssistantSource,
  type AssistantSuggestion,
  ASSISTANT_HELPLINE,
  DESCRIPTION_MAX,
  isIncidentDateAllowed,
  REOPEN_WINDOW_DAYS,
  TIME_ZONE,
  todayInIndia,
} from '@railmadad/contract';
import type { Signals } from './intents';
import type { Facts, KnowledgeBase, Passage } from './knowledge';
import { type PhraseBook, type Say, sayer } from './phrases';
import { detectLanguage, type Extracted, extractFacts, findReferences, words } from './text';
import type { AssistantTools, Prediction } from './tools';

/**
 * The built-in engine: no model, no network. It reads what the passenger wants from words in
 * their language (intents.json), the complaint classifier and the knowledge base, acts through
 * the tools, and answers from templates (phrases/<language>.json). docs/assistant.md tells the
 * order in which it decides.
 */

/** What a conversation carries from one message to the next. */
export type ConversationState = {
  language?: AssistantLanguage;
  /** A complaint being put together: asked for the missing fields or for a yes. */
  draft?: { draft: AssistantDraft; missing: string[] };
  /** Answers in a row that could not help: two and a person is asked to join. */
  failures?: number;
  /** The live support session the conversation led to. */
  sessionId?: string;
  /** The message the last emergency answer was about: a live agent asked for next sees it, at the head of the queue. */
  emergency?: string;
  /** The complaints the last tracking answer showed, for "what about the other one?". */
  tracked?: string[];
  /** The passenger's last own words (not a button): what a live agent called in by a button reads first. */
  lastAsked?: string;
};

export type EngineReply = {
  text: string;
  language: AssistantLanguage;
  action?: AssistantAction;
  sources: AssistantSource[];
  suggestions: AssistantSuggestion[];
  state: ConversationState;
  /** Which kind of answer this was (for the evaluation and the logs). */
  intent: 'emergency' | 'track' | 'not_found' | 'file_complaint' | 'filed' | 'live_support' | 'faq' | 'greeting' | 'thanks' | 'unknown' | 'cancelled' | 'refused';
};

export type EngineDeps = {
  knowledge: KnowledgeBase;
  phrases: Map<AssistantLanguage, PhraseBook>;
  readSignals: (text: string) => Signals;
  facts: Facts;
  tools: AssistantTools;
  channel: 'web' | 'sms';
  /** A staff member trying the assistant: it cannot look up or file for them. */
  staff: boolean;
  now?: () => Date;
};

/** A knowledge-base passage must score at least this to be an answer on its own. */
const FAQ_MIN_SCORE = 6;
/** … and this when the message reads like a question. */
const FAQ_QUESTION_MIN_SCORE = 3;
/** … and match at least this share of the question's words. */
const FAQ_MIN_COVERAGE = 0.4;
/** Failed answers in a row before a person is asked to join. */
const FAILURES_BEFORE_HANDOVER = 2;

const formatWhen = (iso: string, language: AssistantLanguage) =>
  new Intl.DateTimeFormat(`${language === 'hi-Latn' ? 'en' : language}-IN`, { timeZone: TIME_ZONE, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

function list(items: string[], say: Say): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${say('and')} ${items[items.length - 1]}`;
}

export function describeComplaint(c: AssistantComplaint, say: Say, now: Date): string {
  const parts = [say('trackLine', { reference: c.reference, type: say.book.types[c.type], status: say.book.statuses[c.status] })];
  if (c.status !== 'closed') parts.push(c.assignee ? say('trackAssignee', { name: c.assignee }) : say('trackUnassigned'));
  if (c.dueAt) parts.push(say(Date.parse(c.dueAt) < now.getTime() ? 'trackOverdue' : 'trackDue', { due: formatWhen(c.dueAt, say.language) }));
  parts.push(say('trackUpdated', { updated: formatWhen(c.updatedAt, say.language) }));
  if (c.status === 'resolved') parts.push(say('trackReopen', { days: REOPEN_WINDOW_DAYS }));
  return parts.join(' ');
}

/** The facts of a draft the passenger can check, in their language. */
function draftFacts(d: AssistantDraft, say: Say): string[] {
  const out: string[] = [];
  if (d.trainNumber) out.push(say('factTrain', { value: d.trainNumber }));
  if (d.pnr) out.push(say('factPnr', { value: d.pnr }));
  if (d.utsNumber) out.push(say('factUts', { value: d.utsNumber }));
  if (d.location) out.push(say('factCoach', { value: d.location.replace(/^Coach\s+/i, '') }));
  if (d.incidentDate) out.push(say('factDate', { value: d.incidentDate }));
  return out;
}

const STATION_WORDS = /\b(station|platform|waiting room|booking office|counter)\b|स्टेशन|प्लेटफार्म|प्लेटफॉर्म|ஸ்டேஷன்|స్టేషన్|স্টেশন/i;

/** What a draft still lacks for `POST /api/complaints` (its rules: contract/src/complaints.ts). */
export function missingFields(d: AssistantDraft): string[] {
  const missing: string[] = [];
  if (d.where === 'station') {
    if (!d.station) missing.push('station');
  } else {
    if (!d.trainNumber) missing.push('trainNumber');
    if (!d.pnr && !d.utsNumber) missing.push('pnr');
    if (!d.location) missing.push('location');
  }
  if (!d.incidentDate) missing.push('incidentDate');
  if (d.description.trim().length < 10) missing.push('description');
  return missing;
}

function applyFacts(d: AssistantDraft, f: Extracted): AssistantDraft {
  const next = { ...d };
  if (f.trainNumber) next.trainNumber = f.trainNumber;
  if (f.pnr) next.pnr = f.pnr;
  if (f.utsNumber) next.utsNumber = f.utsNumber;
  if (f.coach) next.location = `Coach ${f.coach}${f.berth ? `, berth ${f.berth}` : ''}`;
  if (f.incidentDate && isIncidentDateAllowed(f.incidentDate) === 'ok') next.incidentDate = f.incidentDate;
  return next;
}

const has = (s: Signals, key: keyof Signals) => s[key] > 0;

/**
 * The classifier's emergency call, for a message that tells of something happening: one that
 * only asks after a complaint, asks how the service works, or gives a number is not an
 * emergency, whatever single words it holds.
 */
export function isEmergency(text: string, signals: Signals, prediction: Prediction | null): boolean {
  if (!prediction?.emergency) return false;
  // "yes, file it" to a draft is not news of an emergency.
  if ((has(signals, 'yes') || has(signals, 'no')) && words(text).length <= 4) return false;
  const letters = words(text).filter((w) => !/^\p{N}+$/u.test(w)).length;
  const howMany = /\bhow many\b|\bkitni\b|कितनी/i.test(text) && has(signals, 'complaint');
  const asksAfter = howMany || ((has(signals, 'track') || has(signals, 'mine') || findReferences(text).length > 0 || has(signals, 'howto')) && !has(signals, 'problem'));
  return letters >= 3 && !asksAfter;
}

export function createEngine(deps: EngineDeps) {
  const now = deps.now ?? (() => new Date());

  function reply(say: Say, state: ConversationState, r: Omit<EngineReply, 'language' | 'state' | 'sources' | 'suggestions'> & Partial<EngineReply>): EngineReply {
    return { sources: [], suggestions: [], ...r, language: say.language, state: { ...state, emergency: undefined, tracked: undefined, ...r.state, language: say.language } };
  }

  async function track(say: Say, state: ConversationState, refs: string[], pnr?: string, trainNumber?: string): Promise<EngineReply> {
    if (deps.staff) return reply(say, state, { intent: 'refused', text: say('staffTrack'), state: { failures: 0 } });
    const first = await deps.tools.findComplaints({ references: refs.length ? refs : undefined, pnr, limit: 3 });
    let { complaints, total } = first;
    // Without a reference or PNR the first lookup is of all the caller's complaints: remembered for "the other one".
    const all = refs.length || pnr ? [] : first.references;
    // "The one on train 12301": narrow to it when that train is among them.
    if (!refs.length && !pnr && trainNumber) {
      const onTrain = await deps.tools.findComplaints({ trainNumber, limit: 3 });
      if (onTrain.complaints.length) ({ complaints, total } = onTrain);
    }
    const at = now();
    if (refs.length > 0) {
      const found = new Set(complaints.map((c) => c.reference));
      const lines = complaints.map((c) => describeComplaint(c, say, at));
      // A reference that is not the caller's reads exactly like one that does not exist.
      for (const r of refs) if (!found.has(r)) lines.push(say('trackNotFound', { reference: r }));
      return reply(say, state, {
        intent: complaints.length ? 'track' : 'not_found',
        text: lines.join('\n'),
        action: { kind: 'track', references: complaints.map((c) => c.reference), complaints },
        suggestions: complaints.length ? [] : [{ label: say('suggestTrack'), command: 'track' }],
        state: { failures: 0, tracked: complaints.map((c) => c.reference) },
      });
    }
    if (complaints.length === 0) {
      const none = all.length === 0 && !(pnr && (await deps.tools.findComplaints({ limit: 1 })).complaints.length > 0);
      return reply(say, state, {
        intent: 'not_found',
        text: [pnr ? say('trackNotFoundPnr', { pnr }) : '', none ? say('trackNone') : ''].filter(Boolean).join(' '),
        action: { kind: 'track', references: [], complaints: [] },
        suggestions: none ? [] : [{ label: say('suggestTrack'), command: 'track' }],
        state: { failures: 0 },
      });
    }
    const lines = [say(complaints.length === 1 ? 'trackOne' : 'trackMany'), ...complaints.map((c) => describeComplaint(c, say, at))];
    if (total > complaints.length) lines.push(say('trackMore', { count: total - complaints.length }));
    return reply(say, state, {
      intent: 'track',
      text: lines.join('\n'),
      action: { kind: 'track', references: complaints.map((c) => c.reference), complaints },
      state: { failures: 0, tracked: all.length ? all : complaints.map((c) => c.reference) },
    });
  }

  async function liveSupport(say: Say, state: ConversationState, message: string, emergency: boolean, prediction: Prediction | null, handover = false): Promise<EngineReply> {
    if (deps.staff || deps.channel === 'sms') return reply(say, state, { intent: 'refused', text: deps.channel === 'sms' ? say('smsHelp') : say('liveOnlyPassengers') });
    const started = await deps.tools.startLiveSupport({ message, emergency, topic: prediction?.category });
    let text: string;
    if (started.active) text = say('liveActive');
    else if (emergency || started.emergency) text = say('liveStartedEmergency');
    else text = say(handover ? 'unknownHandover' : 'liveStarted', { position: started.position ?? 1 });
    if (!started.active && started.availableAgents === 0) text += `\n${say('liveNoAgent')}`;
    return reply(say, state, { intent: 'live_support', text, action: { kind: 'live_support', sessionId: started.sessionId }, state: { failures: 0, sessionId: started.sessionId } });
  }

  function emergencyReply(say: Say, state: ConversationState): EngineReply {
    // The state keeps the message, so "Connect me to a live agent" next is an emergency too.
    const entry = deps.knowledge.entry('emergency', say.language);
    return reply(say, state, {
      intent: 'emergency',
      text: say('emergency'),
      action: { kind: 'call', number: ASSISTANT_HELPLINE, emergency: true },
      sources: entry ? [{ id: entry.id, title: entry.title }] : [],
      suggestions: deps.channel === 'web' && !deps.staff ? [{ label: say('suggestConnectAgent'), command: 'live_support' }] : [],
      state: { failures: 0, emergency: state.emergency },
    });
  }

  function draftReply(say: Say, state: ConversationState, draft: AssistantDraft, emergency = false): EngineReply {
    const missing = missingFields(draft);
    const lines = [say('fileProposal', { type: draft.type ? say.book.types[draft.type] : say.book.types.miscellaneous })];
    const found = draftFacts(draft, say);
    if (found.length) lines.push(say('fileFound', { facts: list(found, say) }));
    if (missing.length) lines.push(say('fileMissing', { missing: list(missing.map((f) => say(`field${f[0].toUpperCase()}${f.slice(1)}`)), say) }));
    else lines.push(say('fileReady'));
    if (emergency) lines.unshift(say('emergency').split('\n')[0]);
    return reply(say, state, {
      intent: 'file_complaint',
      text: lines.join('\n'),
      action: { kind: 'file_complaint', draft, missing },
      suggestions: missing.length ? [{ label: say('suggestCancel'), command: 'cancel_filing' }] : [
        { label: say('suggestFileNow'), command: 'confirm_filing' },
        { label: say('suggestCancel'), command: 'cancel_filing' },
      ],
      state: { draft: { draft, missing }, failures: 0 },
    });
  }

  async function fileNow(say: Say, state: ConversationState, draft: AssistantDraft): Promise<EngineReply> {
    try {
      const filed = await deps.tools.fileComplaint(draft, say.language === 'hi-Latn' ? 'hi' : say.language);
      return reply(say, state, {
        intent: 'filed',
        text: say(filed.emergency ? 'fileFiledEmergency' : 'fileFiled', { reference: filed.reference }),
        action: { kind: 'filed', reference: filed.reference },
        state: { draft: undefined, failures: 0 },
      });
    } catch (error) {
      const fields = (error as { fields?: Record<string, string> }).fields;
      const reason = fields ? Object.keys(fields).join(', ') : (error as Error).message;
      const missing = missingFields(draft);
      return reply(say, state, {
        intent: 'file_complaint',
        text: say('fileFailed', { reason }),
        action: { kind: 'file_complaint', draft, missing: missing.length ? missing : Object.keys(fields ?? {}) },
        state: { draft: { draft, missing } },
      });
    }
  }

  function newDraft(text: string, prediction: Prediction | null, facts: Extracted): AssistantDraft {
    const description = text.trim().slice(0, DESCRIPTION_MAX);
    const atStation = STATION_WORDS.test(text) && !facts.trainNumber && !facts.coach;
    const draft: AssistantDraft = applyFacts({ type: prediction?.category ?? null, description, where: atStation ? 'station' : 'train' }, facts);
    draft.incidentDate ??= todayInIndia(now());
    if (prediction?.emergency) draft.severity = 'high';
    return draft;
  }

  /** The answer for one message. */
  async function answer(input: { text: string; command?: AssistantCommand; state: ConversationState; fallbackLanguage: AssistantLanguage }): Promise<EngineReply> {
    const { text, command } = input;
    let state = { ...input.state };
    const language = command ? (state.language ?? input.fallbackLanguage) : detectLanguage(text, state.language ?? input.fallbackLanguage);
    const say = sayer(deps.phrases, language, deps.facts);
    const signals = deps.readSignals(text);
    const refs = findReferences(text);
    const facts = extractFacts(text, now());

    // Buttons first: they mean exactly one thing in every language.
    if (command === 'live_support') return liveSupport(say, { ...state, emergency: undefined }, state.emergency ?? state.lastAsked ?? text, Boolean(state.emergency), null);
    if (command === 'track') return track(say, state, []);
    if (command === 'cancel_filing') return reply(say, state, { intent: 'cancelled', text: say('fileCancelled'), state: { draft: undefined } });
    if (command === 'confirm_filing') {
      if (!state.draft) return reply(say, state, { intent: 'unknown', text: say('fileNeedMore') });
      if (state.draft.missing.length) return draftReply(say, state, state.draft.draft);
      return fileNow(say, state, state.draft.draft);
    }

    const prediction = await deps.tools.classify(text);
    state = { ...state, lastAsked: text.slice(0, 1000) };

    // 1. Someone in danger: the first line is what to do.
    if (isEmergency(text, signals, prediction)) {
      state = { ...state, draft: undefined, emergency: text };
      if (has(signals, 'human')) return liveSupport(say, { ...state, emergency: undefined }, text, true, prediction);
      return emergencyReply(say, state);
    }

    // 2. A person, when asked for.
    if (has(signals, 'human') && !has(signals, 'question')) return liveSupport(say, state, text, false, prediction);

    // 3. A complaint being put together: a yes, a no, or the details it lacked.
    if (state.draft) {
      const pending = state.draft;
      const shortReply = words(text).length <= 4;
      // "cancel kar do" holds a yes and a no: the no wins, nothing is filed by mistake.
      if (shortReply && has(signals, 'no')) return reply(say, state, { intent: 'cancelled', text: say('fileCancelled'), state: { draft: undefined } });
      if (shortReply && has(signals, 'yes') && pending.missing.length === 0) return fileNow(say, state, pending.draft);
      let draft = applyFacts(pending.draft, facts);
      const answered = JSON.stringify(draft) !== JSON.stringify(pending.draft);
      // More words about the problem: they join the description, and the type is read again from all of it.
      const said = words(text.replace(/\b(?:train|pnr|uts|coach|no|number|is|it)\b/gi, ' ')).filter((w) => !/^\p{N}+$/u.test(w) && !/^[a-z]\d{1,2}$/i.test(w));
      if (said.length >= 4 && !has(signals, 'question') && refs.length === 0) {
        const description = `${draft.description}\n${text.trim()}`.slice(0, DESCRIPTION_MAX);
        const again = await deps.tools.classify(description);
        draft = { ...draft, description, type: again?.category ?? draft.type };
      }
      // A short answer to "where did it happen" is the place.
      const aside = has(signals, 'question') || has(signals, 'greeting') || has(signals, 'thanks') || has(signals, 'track') || has(signals, 'mine') || has(signals, 'yes');
      if (!answered && refs.length === 0 && !aside && words(text).length <= 8) {
        if (pending.missing.includes('station')) draft = { ...draft, station: text.trim().slice(0, 100) };
        else if (pending.missing.includes('location')) draft = { ...draft, location: text.trim().slice(0, 200) };
      }
      if (JSON.stringify(draft) !== JSON.stringify(pending.draft)) {
        if (pending.missing.length > 0 && missingFields(draft).length === 0 && has(signals, 'yes')) return fileNow(say, state, draft);
        return draftReply(say, state, draft);
      }
    }

    // 4. Where is my complaint: a reference, or asking after one ("status", "kya hua") about "my complaint".
    const n = words(text).length;
    const howMany = /\bhow many\b|\bkitni\b|कितनी/i.test(text);
    const howTo = has(signals, 'howto') && !howMany;
    const mine = has(signals, 'mine') || (has(signals, 'possessive') && has(signals, 'complaint'));
    const aboutComplaint = mine || has(signals, 'complaint') || Boolean(facts.pnr);
    const details = Boolean(facts.trainNumber || facts.pnr || facts.coach || facts.utsNumber);

    // A follow-up to a tracking answer: "what about the other one?", "the one about the toilet".
    if (state.tracked?.length && n <= 7 && !details && !howTo && refs.length === 0 && (has(signals, 'other') || has(signals, 'theone') || !has(signals, 'problem'))) {
      if (has(signals, 'other') && !has(signals, 'theone')) {
        const { complaints } = await deps.tools.findComplaints({ limit: 50 });
        const rest = complaints.filter((c) => !state.tracked?.slice(0, 1).includes(c.reference)).map((c) => c.reference);
        if (rest.length) return track(say, state, rest.slice(0, 3));
      }
      if (prediction && prediction.confidence >= 0.3) {
        const same = await deps.tools.findComplaints({ type: prediction.category, limit: 3 });
        if (same.complaints.length) return track(say, state, same.complaints.map((c) => c.reference));
      }
    }
    // A reference names the complaint the message is about.
    if (refs.length > 0 && !has(signals, 'file')) return track(say, state, refs, undefined);
    // A PNR alone, outside a draft: the complaints filed with it.
    if (facts.pnr && !state.draft && words(text).filter((w) => !/^\p{N}+$/u.test(w)).length <= 2) return track(say, state, [], facts.pnr);
    if (has(signals, 'track') && !howTo && (aboutComplaint || n <= 5) && (!has(signals, 'problem') || mine || has(signals, 'complaint'))) return track(say, state, [], facts.pnr, facts.trainNumber);
    if ((mine || (howMany && aboutComplaint)) && !has(signals, 'problem') && !howTo) return track(say, state, [], facts.pnr, facts.trainNumber);

    // 5. Hello and thanks.
    const few = n <= 4;
    if (n <= 8 && has(signals, 'thanks') && !has(signals, 'problem') && !details) return reply(say, state, { intent: 'thanks', text: say('thanks'), state: { failures: 0 } });
    if (few && has(signals, 'greeting') && !has(signals, 'problem')) {
      return reply(say, state, { intent: 'greeting', text: say('greeting'), suggestions: say.book.starters.slice(0, 3).map((label) => ({ label })), state: { failures: 0 } });
    }

    // 6. A question about the service (from the knowledge base), or 7. a problem described (a draft complaint).
    const found = deps.knowledge.search(text, language);
    const best: Passage | undefined = found.passages[0];
    const question = has(signals, 'question') || has(signals, 'howto');
    // Without a problem word or a journey's details, only a sure classifier call makes it a complaint ("book me a flight" is not).
    const confident = (prediction?.confidence ?? 0) >= 0.6;
    const descriptive = n >= 4 && (has(signals, 'problem') || confident || details);
    // Details of a journey make it a report even when phrased as a question ("can I get medicine? B2, train 12310").
    const onlyAsksToFile = has(signals, 'file') && !has(signals, 'problem') && !details && n <= 8;
    // A long telling of a problem that ends in a question ("… not working, how will she go?") is a report too.
    const wantsFiling = !deps.staff && !onlyAsksToFile && ((details && n >= 4) || (!question && descriptive) || (has(signals, 'problem') && n >= 8 && descriptive && !howTo && (best?.coverage ?? 0) < 0.5));
    const faqScore = question ? FAQ_QUESTION_MIN_SCORE : FAQ_MIN_SCORE;
    // A question that names a ticket ("is my waitlisted ticket confirmed? pnr …") is still a question when the knowledge base answers it well.
    const clearQuestion = question && best !== undefined && best.coverage >= 0.6 && !has(signals, 'problem');
    if (best && best.score >= faqScore && best.coverage >= FAQ_MIN_COVERAGE && (!wantsFiling || clearQuestion)) {
      const answerSay = found.language === language ? say : sayer(deps.phrases, found.language, deps.facts);
      return reply(answerSay, state, { intent: 'faq', text: best.answer, sources: [{ id: best.id, title: best.title }], state: { failures: 0 } });
    }
    if (!deps.staff && (wantsFiling || (descriptive && !question) || has(signals, 'file'))) {
      if (!descriptive || onlyAsksToFile) return reply(say, state, { intent: 'file_complaint', text: say('fileNeedMore'), state: { failures: 0 } });
      return draftReply(say, state, newDraft(text, prediction, facts), false);
    }

    // 8. Nothing fits: say so; the second time, a person.
    const failures = (state.failures ?? 0) + 1;
    if (failures >= FAILURES_BEFORE_HANDOVER && deps.channel === 'web' && !deps.staff) {
      return liveSupport(say, { ...state, failures: 0 }, text, false, prediction, true);
    }
    return reply(say, state, {
      intent: 'unknown',
      text: say('unknown'),
      suggestions: deps.channel === 'web' && !deps.staff ? [{ label: say('suggestLiveSupport'), command: 'live_support' }] : [],
      state: { failures },
    });
  }

  return { answer, newDraft, missingFields, isEmergency: (text: string, prediction: Prediction | null) => isEmergency(text, deps.readSignals(text), prediction) };
}

export type Engine = ReturnType<typeof createEngine>;
