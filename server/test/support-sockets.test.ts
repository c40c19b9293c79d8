import type { SupportAck, SupportMessage, SupportSession } from '@railmadad/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { supportAgent, supportSession, user } from '../src/db/schema';
import { createTestApp, createUser, ORIGIN, type TestApp } from './helpers';
import { type Client, connect, EVENT_TIMEOUT_MS, emitRaw, type Recorder } from './nodes/sockets';

/**
 * Live support over socket.io against a listening app: offers, the session going active, messages
 * with acks and dedupe, typing and call signals reaching only the other person, queue places.
 * (support.test.ts covers the HTTP rules; support-nodes.test.ts the same across two processes.)
 */
let t: TestApp;
let url: string;
const open: Client[] = [];

type Person = Awaited<ReturnType<typeof createUser>> & { name: string; socket: Client; events: Recorder };
/** The people of every test, signed in once (password hashing is the slow part) with a socket each. */
let agent: Person;
let colleague: Person;
let passenger: Person;
let second: Person;
let stranger: Person;

/** A signed-in account with a socket open. */
async function person(role: 'passenger' | 'staff' = 'passenger'): Promise<Person> {
  const account = await createUser(t.app, role);
  const [row] = await t.database.db.select({ name: user.name }).from(user).where(eq(user.id, account.id));
  const { socket, events } = await connect(url, account.cookie, { reconnection: false });
  open.push(socket);
  return { ...account, name: row.name, socket, events };
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  [agent, colleague, passenger, second, stranger] = await Promise.all([person('staff'), person('staff'), person(), person(), person()]);
}, 180_000);
afterAll(async () => {
  for (const socket of open) socket.disconnect();
  await t?.close();
});
// Each test decides who answers: nobody Available, no session still open from an earlier test.
beforeEach(async () => {
  await t.database.db.update(supportAgent).set({ status: 'away' });
  await t.database.db.update(supportSession).set({ status: 'ended', endedAt: new Date(), offeredTo: null, offerExpiresAt: null });
});

const call = async (method: 'GET' | 'POST' | 'PUT', path: string, who: Person, payload?: object) => {
  const res = await t.app.inject({ method, url: path, headers: { origin: ORIGIN, cookie: who.cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json();
};

const send = (who: Person, message: { sessionId: string; body: string; clientId?: string }): Promise<SupportAck> =>
  who.socket.timeout(EVENT_TIMEOUT_MS).emitWithAck('support:send', message);

const sent = async (who: Person, message: { sessionId: string; body: string; clientId?: string }): Promise<SupportMessage> => {
  const ack = await send(who, message);
  if (!ack.ok) throw new Error(`support:send refused: ${JSON.stringify(ack)}`);
  return ack.message;
};

/**
 * Proves a socket has heard everything the server sent it so far: a notification raised now
 * reaches the same connection after anything emitted to it before, so once it is in, whatever
 * did not come will not come.
 */
async function heardEverything(who: Person) {
  const mark = who.events.mark();
  const { id } = await t.app.services.notifications.notify(who.id, 'email_verified');
  await who.events.waitFor('notification:new', (n) => n.id === id, mark);
}

/** The passenger waiting, the agent Available, offered the session and accepting it. */
async function activeChat() {
  await call('PUT', '/api/support/agent', agent, { status: 'available', capacity: 3 });
  const agentMark = agent.events.mark();
  const session = (await call('POST', '/api/support/sessions', passenger, { type: 'chat', topic: 'water' })) as SupportSession;
  const offer = await agent.events.waitFor('support:offer', (s) => s.id === session.id, agentMark);
  expect(offer).toMatchObject({ status: 'waiting', passenger: { id: passenger.id }, offer: { agentId: agent.id } });

  const passengerMark = passenger.events.mark();
  const acceptMark = agent.events.mark();
  await call('POST', `/api/support/sessions/${session.id}/accept`, agent);
  const active = await passenger.events.waitFor('support:session', (s) => s.id === session.id && s.status === 'active', passengerMark);
  expect(active.agent).toEqual({ id: agent.id, name: agent.name });
  expect(active.offer).toBeNull(); // the passenger's view never shows staff-only fields
  const joined = await passenger.events.waitFor('support:message', (m) => m.sessionId === session.id && m.sender === 'system', passengerMark);
  expect(joined.body).toBe(`${agent.name} has joined the chat.`);
  // The agent's copies travel on their own connection: wait for them too, so later marks start clean.
  expect(await agent.events.waitFor('support:message', (m) => m.id === joined.id, acceptMark)).toEqual(joined);
  await agent.events.waitFor('support:session', (s) => s.id === session.id && s.status === 'active', acceptMark);
  return { sessionId: session.id, lastSeq: joined.seq };
}

// Generous per test for a loaded 2-core machine; each awaited event still fails after ~10 s.
describe('live support over socket.io', { timeout: 60_000 }, () => {
  it('offers the waiting passenger to the Available agent, and tells the passenger who accepted', async () => {
    const { lastSeq } = await activeChat();
    expect(lastSeq).toBe(1);
    // Nobody else heard of it.
    await heardEverything(colleague);
    expect(colleague.events.all('support:offer')).toEqual([]);
    expect(colleague.events.all('support:message')).toEqual([]);
  });

  it('acks a sent message with the stored one and delivers it to the other side with the same seq; a repeated clientId is stored and delivered once', async () => {
    const { sessionId, lastSeq } = await activeChat();
    const agentMark = agent.events.mark();
    const passengerMark = passenger.events.mark();

    const first = await sent(passenger, { sessionId, body: 'No water in coach B2', clientId: 'tab-1-msg-1' });
    expect(first).toMatchObject({ sessionId, seq: lastSeq + 1, sender: 'passenger', senderName: passenger.name, body: 'No water in coach B2', clientId: 'tab-1-msg-1', internal: false });
    expect(await agent.events.waitFor('support:message', (m) => m.id === first.id, agentMark)).toEqual(first);

    // A retry after a lost ack: the same message back, nothing new stored or sent.
    const again = await send(passenger, { sessionId, body: 'No water in coach B2', clientId: 'tab-1-msg-1' });
    expect(again).toEqual({ ok: true, message: first });

    const reply = await sent(agent, { sessionId, body: 'Sending someone at Surat.' });
    expect(reply).toMatchObject({ seq: lastSeq + 2, sender: 'agent', senderName: agent.name });
    expect(await passenger.events.waitFor('support:message', (m) => m.id === reply.id, passengerMark)).toEqual(reply);
    // The reply came after the retry on both connections, so a second copy would be in by now.
    await agent.events.waitFor('support:message', (m) => m.id === reply.id, agentMark);
    expect(agent.events.all('support:message', agentMark).map((m) => m.seq)).toEqual([lastSeq + 1, lastSeq + 2]);
    expect(passenger.events.all('support:message', passengerMark).map((m) => m.seq)).toEqual([lastSeq + 1, lastSeq + 2]);

    const transcript = await call('GET', `/api/support/sessions/${sessionId}/messages?after=${lastSeq}`, passenger);
    expect(transcript.items).toEqual([first, reply]);
  });

  it('acks an invalid payload with validation_failed, and a session the sender is not part of with not_found', async () => {
    const { sessionId } = await activeChat();
    const strangerMark = stranger.events.mark();

    expect(await emitRaw(passenger.socket, 'support:send', { sessionId, body: '   ' })).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(await emitRaw(passenger.socket, 'support:send', { sessionId, body: 'x'.repeat(2001) })).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(await emitRaw(passenger.socket, 'support:send', { body: 'no session' })).toMatchObject({ ok: false, code: 'validation_failed' });
    expect(await emitRaw(passenger.socket, 'support:send', 'just a string')).toMatchObject({ ok: false, code: 'validation_failed' });

    expect(await send(stranger, { sessionId, body: 'let me in' })).toMatchObject({ ok: false, code: 'not_found' });
    expect(await send(colleague, { sessionId, body: 'I am staff too' })).toMatchObject({ ok: false, code: 'not_found' });
    expect(await send(passenger, { sessionId: 'no-such-session', body: 'hello' })).toMatchObject({ ok: false, code: 'not_found' });

    // Nothing of it was stored, and the stranger heard nothing of the chat.
    const transcript = await call('GET', `/api/support/sessions/${sessionId}/messages?after=0`, agent);
    expect(transcript.items.map((m: SupportMessage) => m.sender)).toEqual(['system']);
    await heardEverything(stranger);
    expect(stranger.events.all('support:message', strangerMark)).toEqual([]);
  });

  it('relays typing only to the other person of the session', async () => {
    const { sessionId } = await activeChat();
    const marks = { agent: agent.events.mark(), passenger: passenger.events.mark(), stranger: stranger.events.mark() };

    passenger.socket.emit('support:typing', { sessionId });
    expect(await agent.events.waitFor('support:typing', () => true, marks.agent)).toEqual({ sessionId, sender: 'passenger' });
    agent.socket.emit('support:typing', { sessionId });
    expect(await passenger.events.waitFor('support:typing', () => true, marks.passenger)).toEqual({ sessionId, sender: 'agent' });
    // A stranger typing "into" the session reaches nobody.
    stranger.socket.emit('support:typing', { sessionId });

    await Promise.all([heardEverything(agent), heardEverything(passenger), heardEverything(stranger)]);
    expect(agent.events.all('support:typing', marks.agent)).toEqual([{ sessionId, sender: 'passenger' }]);
    expect(passenger.events.all('support:typing', marks.passenger)).toEqual([{ sessionId, sender: 'agent' }]);
    expect(stranger.events.all('support:typing', marks.stranger)).toEqual([]);
  });

  it('relays a call signal only to the other person; a malformed one, or one from outside the session, is dropped', async () => {
    const { sessionId } = await activeChat();
    const marks = { agent: agent.events.mark(), passenger: passenger.events.mark(), stranger: stranger.events.mark() };
    const offer = { sessionId, signal: { kind: 'offer' as const, sdp: 'v=0\r\no=- 46117317 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n' } };

    // Dropped: no sdp, an sdp over 20 000 characters, an unknown kind, no session; and a valid one from a stranger.
    passenger.socket.emit('call:signal', { sessionId, signal: { kind: 'offer' } } as never);
    passenger.socket.emit('call:signal', { sessionId, signal: { kind: 'offer', sdp: 'x'.repeat(20_001) } });
    passenger.socket.emit('call:signal', { sessionId, signal: { kind: 'teleport' } } as never);
    passenger.socket.emit('call:signal', { signal: offer.signal } as never);
    stranger.socket.emit('call:signal', offer);

    passenger.socket.emit('call:signal', offer);
    expect(await agent.events.waitFor('call:signal', () => true, marks.agent)).toEqual(offer);
    const answer = { sessionId, signal: { kind: 'answer' as const, sdp: 'v=0\r\n' } };
    agent.socket.emit('call:signal', answer);
    expect(await passenger.events.waitFor('call:signal', () => true, marks.passenger)).toEqual(answer);

    await Promise.all([heardEverything(agent), heardEverything(passenger), heardEverything(stranger)]);
    expect(agent.events.all('call:signal', marks.agent)).toEqual([offer]);
    expect(passenger.events.all('call:signal', marks.passenger)).toEqual([answer]);
    expect(stranger.events.all('call:signal', marks.stranger)).toEqual([]);
  });

  it('pushes a lower queue place to a waiting passenger when the one ahead of them is accepted', async () => {
    const first = passenger;
    const s1 = (await call('POST', '/api/support/sessions', first, { type: 'chat' })) as SupportSession;
    const s2 = (await call('POST', '/api/support/sessions', second, { type: 'chat' })) as SupportSession;
    expect([s1.queuePosition, s2.queuePosition]).toEqual([1, 2]);
    expect(s2.availableAgents).toBe(0);

    // One agent with room for one: offered the longest-waiting passenger only.
    const agentMark = agent.events.mark();
    const secondMark = second.events.mark();
    await call('PUT', '/api/support/agent', agent, { status: 'available', capacity: 1 });
    await agent.events.waitFor('support:offer', (s) => s.id === s1.id, agentMark);
    // The second passenger hears of the change, still second: an offer is no place in the queue.
    await second.events.waitFor('support:session', (s) => s.id === s2.id, secondMark);

    const placesBefore = second.events.all('support:session', secondMark).filter((s) => s.id === s2.id).map((s) => s.queuePosition);
    const firstMark = first.events.mark();
    const acceptMark = second.events.mark();
    await call('POST', `/api/support/sessions/${s1.id}/accept`, agent);
    await first.events.waitFor('support:session', (s) => s.id === s1.id && s.status === 'active', firstMark);
    const moved = await second.events.waitFor('support:session', (s) => s.id === s2.id && s.queuePosition === 1, acceptMark);
    expect(moved).toMatchObject({ status: 'waiting', agent: null, queuePosition: 1 });
    expect(new Set(placesBefore)).toEqual(new Set([2]));
  });
});
